import { CUSTOMER_PUSHES } from '@karm/domain/contract';
import { and, eq, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import {
  type AccountingContact,
  AccountingError,
  type AccountingPort,
} from '../../integrations/accounting/port';
import type { AppContext } from '../../platform/context';
import { type ContactRow, toContactDto } from './customer-dto';
import { type ApplyOutcome, PUSH_LEASE_MS, type PushOutcome, retryDelayMs } from './customers.accounting';
import { contacts, customers } from './customers.tables';

/**
 * The contact side of the accounting sync. Karm creates contacts and pushes its edits of them; when
 * a contact changed on both sides, the accounting system's version wins.
 */

const publish = async (ctx: AppContext, row: ContactRow | undefined) => {
  if (!row) return;
  const [customer] = await ctx.db.select().from(customers).where(eq(customers.id, row.customerId));
  if (customer)
    ctx.realtime.toCompany(row.companyId, CUSTOMER_PUSHES.contactChanged, toContactDto(row, customer));
};

const synced = (remote: AccountingContact) => ({
  accountingId: remote.externalId,
  accountingVersion: remote.version,
  syncStatus: 'synced' as const,
  syncError: null,
  syncAttempts: 0,
  nextSyncAt: null,
});

const fieldsOf = (remote: AccountingContact) => ({
  firstName: remote.firstName,
  lastName: remote.lastName,
  email: remote.email,
  phoneNumberMobile: remote.phoneNumberMobile,
  phoneNumber: remote.phoneNumberWork,
  isInactive: remote.isInactive,
});

/** Applies one contact as the accounting system has it; contacts of unknown customers wait. */
export const applyRemoteContact = async (
  ctx: AppContext,
  companyId: string,
  remote: AccountingContact,
): Promise<ApplyOutcome | 'skipped'> => {
  if (!remote.customerExternalId) return 'skipped';
  const [customer] = await ctx.db
    .select({ id: customers.id })
    .from(customers)
    .where(and(eq(customers.companyId, companyId), eq(customers.accountingId, remote.customerExternalId)));
  if (!customer) return 'skipped';
  const now = ctx.clock.now();
  const [local] = await ctx.db
    .select()
    .from(contacts)
    .where(and(eq(contacts.companyId, companyId), eq(contacts.accountingId, remote.externalId)));
  if (local?.accountingVersion === remote.version) return 'unchanged';
  const [row] = local
    ? await ctx.db
        .update(contacts)
        .set({
          ...fieldsOf(remote),
          ...synced(remote),
          customerId: customer.id,
          updatedAt: now,
          version: sql`${contacts.version} + 1`,
        })
        .where(eq(contacts.id, local.id))
        .returning()
    : await ctx.db
        .insert(contacts)
        .values({
          companyId,
          customerId: customer.id,
          ...fieldsOf(remote),
          ...synced(remote),
          createdAt: now,
          updatedAt: now,
        })
        .returning();
  await publish(ctx, row);
  return local ? 'updated' : 'created';
};

/** Pending contacts of customers the accounting system already knows, leased to this instance. */
const claimPendingContacts = async (ctx: AppContext, companyId: string, limit: number) => {
  const now = ctx.clock.now();
  const due = ctx.db
    .select({ id: contacts.id })
    .from(contacts)
    .innerJoin(customers, eq(customers.id, contacts.customerId))
    .where(
      and(
        eq(contacts.companyId, companyId),
        eq(contacts.syncStatus, 'pending'),
        lte(contacts.nextSyncAt, now),
        isNotNull(customers.accountingId),
      ),
    )
    .limit(limit)
    .for('update', { skipLocked: true });
  const claimed = await ctx.db
    .update(contacts)
    .set({ nextSyncAt: new Date(now.getTime() + PUSH_LEASE_MS) })
    .where(inArray(contacts.id, due))
    .returning();
  const owners = claimed.length
    ? await ctx.db
        .select({ id: customers.id, accountingId: customers.accountingId })
        .from(customers)
        .where(inArray(customers.id, [...new Set(claimed.map((row) => row.customerId))]))
    : [];
  const accountingIdOf = new Map(owners.map((owner) => [owner.id, owner.accountingId ?? '']));
  return claimed.map((row) => ({ row, customerExternalId: accountingIdOf.get(row.customerId) ?? '' }));
};

const fieldsOfRow = (row: ContactRow, customerExternalId: string) => ({
  customerExternalId,
  firstName: row.firstName,
  lastName: row.lastName,
  email: row.email,
  phoneNumberMobile: row.phoneNumberMobile,
  phoneNumberWork: row.phoneNumber,
  isInactive: row.isInactive,
});

/** Records the accounting system's answer; a contact edited again while it was pushed stays pending. */
const saveSynced = async (ctx: AppContext, row: ContactRow, remote: AccountingContact) => {
  const [updated] = await ctx.db
    .update(contacts)
    .set(synced(remote))
    .where(and(eq(contacts.id, row.id), eq(contacts.version, row.version)))
    .returning();
  if (updated) return publish(ctx, updated);
  const [edited] = await ctx.db
    .update(contacts)
    .set({ ...synced(remote), syncStatus: 'pending', nextSyncAt: ctx.clock.now() })
    .where(eq(contacts.id, row.id))
    .returning();
  await publish(ctx, edited);
};

/**
 * Pushes a contact edited in Karm. Changed in the accounting system meanwhile, its version wins:
 * the contact is marked synced at no known version, so the next sync's comparison applies theirs.
 */
const pushContactChanges = async (
  ctx: AppContext,
  port: AccountingPort,
  row: ContactRow & { accountingId: string },
  customerExternalId: string,
): Promise<PushOutcome> => {
  try {
    const remote = await port.updateContact(
      row.accountingId,
      row.accountingVersion ?? 0,
      fieldsOfRow(row, customerExternalId),
    );
    await saveSynced(ctx, row, remote);
    return 'updated';
  } catch (error) {
    if (!(error instanceof AccountingError) || error.kind !== 'conflict') throw error;
    const [yielded] = await ctx.db
      .update(contacts)
      .set({
        syncStatus: 'synced',
        syncError: null,
        syncAttempts: 0,
        nextSyncAt: null,
        accountingVersion: null,
      })
      .where(eq(contacts.id, row.id))
      .returning();
    await publish(ctx, yielded);
    return 'unchanged';
  }
};

const pushContact = async (
  ctx: AppContext,
  port: AccountingPort,
  row: ContactRow,
  customerExternalId: string,
): Promise<PushOutcome> => {
  if (row.accountingId) {
    return pushContactChanges(ctx, port, { ...row, accountingId: row.accountingId }, customerExternalId);
  }
  const existing =
    row.syncAttempts > 0
      ? await port.findContact(customerExternalId, {
          email: row.email,
          firstName: row.firstName,
          lastName: row.lastName,
        })
      : null;
  const remote = existing ?? (await port.createContact(fieldsOfRow(row, customerExternalId)));
  await saveSynced(ctx, row, remote);
  return existing ? 'linked' : 'created';
};

export const pushPendingContacts = async (ctx: AppContext, companyId: string, port: AccountingPort) => {
  const counts: Record<PushOutcome, number> = {
    created: 0,
    updated: 0,
    unchanged: 0,
    linked: 0,
    deferred: 0,
    failed: 0,
  };
  const errors: string[] = [];
  const claimed = await claimPendingContacts(ctx, companyId, 200);
  for (const [index, { row, customerExternalId }] of claimed.entries()) {
    try {
      counts[await pushContact(ctx, port, row, customerExternalId)]++;
    } catch (error) {
      if (!(error instanceof AccountingError)) throw error;
      const attempts = row.syncAttempts + 1;
      const isPermanent = error.kind === 'validation';
      const [updated] = await ctx.db
        .update(contacts)
        .set({
          syncStatus: isPermanent ? 'failed' : 'pending',
          syncError: error.message,
          syncAttempts: attempts,
          nextSyncAt: isPermanent ? null : new Date(ctx.clock.now().getTime() + retryDelayMs(attempts)),
        })
        .where(eq(contacts.id, row.id))
        .returning();
      await publish(ctx, updated);
      counts[isPermanent ? 'failed' : 'deferred']++;
      errors.push(`${row.firstName} ${row.lastName}: ${error.message}`);
      if (isPermanent) continue;
      const rest = claimed.slice(index + 1).map((remaining) => remaining.row.id);
      if (rest.length > 0) {
        await ctx.db.update(contacts).set({ nextSyncAt: ctx.clock.now() }).where(inArray(contacts.id, rest));
      }
      break;
    }
  }
  return { counts, errors };
};
