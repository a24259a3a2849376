import { CUSTOMER_PUSHES } from '@karm/domain/contract';
import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import {
  type AccountingAddress,
  type AccountingCustomer,
  type AccountingCustomerFields,
  AccountingError,
  type AccountingPort,
} from '../../integrations/accounting/port';
import type { AppContext } from '../../platform/context';
import { effectivePaymentTerm } from './customer-billing';
import { type CustomerRow, customerDtoOf } from './customer-dto';
import { changedFields, mergeCustomer, SYNCED_CUSTOMER_FIELDS, type SyncedCustomer } from './customer-merge';
import { customers } from './customers.tables';

/**
 * The customer side of the accounting sync: applying what the accounting system has, and pushing
 * what Karm changed. Every step is idempotent (records are matched by the accounting id and
 * compared by version), so a sync interrupted anywhere can simply run again.
 */

export type ApplyOutcome = 'created' | 'updated' | 'unchanged' | 'conflict';
export type PushOutcome = 'created' | 'updated' | 'unchanged' | 'linked' | 'deferred' | 'failed';

/** A failed push is tried again after 1, 2, 4 … minutes, at most an hour apart. */
export const retryDelayMs = (attempts: number) => Math.min(60, 2 ** Math.max(0, attempts - 1)) * 60_000;
/** While one instance pushes a record (customer, contact, invoice), others leave it alone for this long. */
export const PUSH_LEASE_MS = 5 * 60_000;

const pickSynced = (fields: AccountingCustomerFields): SyncedCustomer =>
  Object.fromEntries(SYNCED_CUSTOMER_FIELDS.map((field) => [field, fields[field]])) as SyncedCustomer;

const addressOf = (address: AccountingAddress | null, fallback?: AccountingAddress | null) =>
  address
    ? {
        addressLine1: address.addressLine1,
        addressLine2: address.addressLine2,
        postalCode: address.postalCode,
        city: address.city,
        countryCode: address.countryCode || fallback?.countryCode || 'NO',
      }
    : null;

/**
 * Karm's row as the accounting system's fields, with the address ids it needs for an update and the
 * days of its effective payment term.
 */
const syncedOfRow = (row: CustomerRow, invoicesDueIn: number): SyncedCustomer => {
  const snapshot = row.accountingSnapshot as SyncedCustomer | null;
  return {
    name: row.name,
    organizationNumber: row.organizationNumber,
    isPrivateIndividual: row.isPrivateIndividual,
    email: row.email,
    invoiceEmail: row.invoiceEmail,
    phoneNumber: row.phoneNumber,
    phoneNumberMobile: row.phoneNumberMobile,
    invoiceSendMethod: row.invoiceSendMethod as SyncedCustomer['invoiceSendMethod'],
    invoicesDueIn,
    isSupplier: row.isSupplier,
    supplierNumber: row.supplierNumber,
    customerNumber: row.customerNumber,
    isInactive: row.isInactive,
    postalAddress: { ...row.postalAddress, externalId: snapshot?.postalAddress?.externalId },
    physicalAddress: row.physicalAddress
      ? { ...row.physicalAddress, externalId: snapshot?.physicalAddress?.externalId }
      : null,
  };
};

/** The row as pushed: its fields and the due days of its effective payment term. */
const syncedOf = async (ctx: AppContext, row: CustomerRow) =>
  syncedOfRow(row, (await effectivePaymentTerm(ctx.db, row.companyId, row.id)).daysUntilDue);

/** The due days are not stored on the row (it keeps the term), so they are not written back. */
const rowValuesOf = (fields: SyncedCustomer) => ({
  name: fields.name,
  organizationNumber: fields.organizationNumber,
  isPrivateIndividual: fields.isPrivateIndividual,
  email: fields.email,
  invoiceEmail: fields.invoiceEmail,
  phoneNumber: fields.phoneNumber,
  phoneNumberMobile: fields.phoneNumberMobile,
  invoiceSendMethod: fields.invoiceSendMethod,
  isSupplier: fields.isSupplier,
  supplierNumber: fields.supplierNumber,
  customerNumber: fields.customerNumber,
  isInactive: fields.isInactive,
  postalAddress: addressOf(fields.postalAddress) ?? {
    addressLine1: '',
    addressLine2: '',
    postalCode: '',
    city: '',
    countryCode: 'NO',
  },
  physicalAddress: addressOf(fields.physicalAddress),
});

const publish = async (ctx: AppContext, row: CustomerRow | undefined) => {
  if (row) {
    ctx.realtime.toCompany(row.companyId, CUSTOMER_PUSHES.customerChanged, await customerDtoOf(ctx.db, row));
  }
};

const markSynced = (remote: AccountingCustomer) => ({
  accountingId: remote.externalId,
  accountingVersion: remote.version,
  accountingSnapshot: pickSynced(remote) as Record<string, unknown>,
  syncStatus: 'synced' as const,
  syncError: null,
  syncAttempts: 0,
  nextSyncAt: null,
});

/** Applies one customer as the accounting system has it. */
export const applyRemoteCustomer = async (
  ctx: AppContext,
  companyId: string,
  remote: AccountingCustomer,
): Promise<{ outcome: ApplyOutcome; conflicts: string[] }> => {
  const now = ctx.clock.now();
  const [local] = await ctx.db
    .select()
    .from(customers)
    .where(and(eq(customers.companyId, companyId), eq(customers.accountingId, remote.externalId)));

  if (!local) {
    const [created] = await ctx.db
      .insert(customers)
      .values({
        companyId,
        source: 'accounting',
        category: remote.isPrivateIndividual ? 'private' : 'company',
        ...rowValuesOf(pickSynced(remote)),
        ...markSynced(remote),
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoUpdate({
        // A customer number Karm already uses stays with Karm's customer; this one gets none.
        target: [customers.companyId, customers.customerNumber],
        set: { updatedAt: now },
        setWhere: sql`false`,
      })
      .returning();
    if (!created) {
      const [numberless] = await ctx.db
        .insert(customers)
        .values({
          companyId,
          source: 'accounting',
          category: remote.isPrivateIndividual ? 'private' : 'company',
          ...rowValuesOf(pickSynced(remote)),
          customerNumber: null,
          ...markSynced(remote),
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      await publish(ctx, numberless);
      return { outcome: 'created', conflicts: ['customerNumber'] };
    }
    await publish(ctx, created);
    return { outcome: 'created', conflicts: [] };
  }

  if (local.accountingVersion === remote.version) return { outcome: 'unchanged', conflicts: [] };

  const base = (local.accountingSnapshot as SyncedCustomer | null) ?? pickSynced(remote);
  const isLocallyChanged = local.syncStatus === 'pending' || local.syncStatus === 'failed';
  const { merged, localOnly, conflicts } = isLocallyChanged
    ? mergeCustomer(base, await syncedOf(ctx, local), pickSynced(remote))
    : { merged: pickSynced(remote), localOnly: [], conflicts: [] };
  const [updated] = await ctx.db
    .update(customers)
    .set({
      ...rowValuesOf(merged),
      ...markSynced(remote),
      // Karm's own changes that survive the merge still have to reach the accounting system.
      ...(localOnly.length > 0 ? { syncStatus: 'pending' as const, nextSyncAt: now } : {}),
      updatedAt: now,
      version: sql`${customers.version} + 1`,
    })
    .where(eq(customers.id, local.id))
    .returning();
  await publish(ctx, updated);
  return { outcome: conflicts.length > 0 ? 'conflict' : 'updated', conflicts };
};

/** Takes the company's customers that are due to be pushed, leasing them to this instance. */
const claimPendingCustomers = async (ctx: AppContext, companyId: string, limit: number) => {
  const now = ctx.clock.now();
  const due = ctx.db
    .select({ id: customers.id })
    .from(customers)
    .where(
      and(
        eq(customers.companyId, companyId),
        eq(customers.syncStatus, 'pending'),
        lte(customers.nextSyncAt, now),
      ),
    )
    .limit(limit)
    .for('update', { skipLocked: true });
  return ctx.db
    .update(customers)
    .set({ nextSyncAt: new Date(now.getTime() + PUSH_LEASE_MS) })
    .where(inArray(customers.id, due))
    .returning();
};

const recordFailure = async (ctx: AppContext, row: CustomerRow, error: AccountingError) => {
  const attempts = row.syncAttempts + 1;
  // Refused data needs a person; anything else is tried again later.
  const isPermanent = error.kind === 'validation';
  const fields = error.details?.fields ? ` (${Object.values(error.details.fields).join('; ')})` : '';
  const [updated] = await ctx.db
    .update(customers)
    .set({
      syncStatus: isPermanent ? 'failed' : 'pending',
      syncError: `${error.message}${fields}`,
      syncAttempts: attempts,
      nextSyncAt: isPermanent ? null : new Date(ctx.clock.now().getTime() + retryDelayMs(attempts)),
    })
    .where(eq(customers.id, row.id))
    .returning();
  await publish(ctx, updated);
};

const saveSynced = async (ctx: AppContext, row: CustomerRow, remote: AccountingCustomer) => {
  const [updated] = await ctx.db
    .update(customers)
    .set({ ...rowValuesOf(pickSynced(remote)), ...markSynced(remote), updatedAt: ctx.clock.now() })
    .where(and(eq(customers.id, row.id), eq(customers.version, row.version)))
    .returning();
  // Edited again while the push was under way: keep it pending for the next round.
  if (!updated) {
    await ctx.db
      .update(customers)
      .set({ ...markSynced(remote), syncStatus: 'pending', nextSyncAt: ctx.clock.now() })
      .where(eq(customers.id, row.id));
  }
  await publish(ctx, updated);
};

const pushChanges = async (
  ctx: AppContext,
  port: AccountingPort,
  row: CustomerRow,
  externalId: string,
  version: number,
  base: SyncedCustomer,
): Promise<PushOutcome> => {
  const local = await syncedOf(ctx, row);
  const changed = changedFields(base, local);
  if (changed.length === 0) return 'unchanged';
  const changes = Object.fromEntries(changed.map((field) => [field, local[field]]));
  return port.updateCustomer(externalId, version, changes).then(async (remote) => {
    await saveSynced(ctx, row, remote);
    return 'updated' as const;
  });
};

/** Pushes one pending customer: create (recognising one a lost answer already created) or update. */
/**
 * The customer another push of the same row made a moment ago (the background push and a push on
 * converting an offer can cross): the accounting system refuses the second create because the
 * customer number is taken, and the customer under that number is ours when its organisation
 * number (or, without one, its name) is. A different customer under the number stays an error.
 */
const madeByConcurrentPush = async (
  port: AccountingPort,
  fields: AccountingCustomerFields,
  error: unknown,
) => {
  const isNumberTaken =
    error instanceof AccountingError &&
    error.kind === 'validation' &&
    Boolean(error.details?.fields?.customerNumber);
  if (!isNumberTaken || fields.customerNumber === null) return null;
  const existing = await port.findCustomerByNumber(fields.customerNumber);
  if (!existing) return null;
  const isSame = fields.organizationNumber
    ? existing.organizationNumber === fields.organizationNumber
    : existing.name === fields.name;
  return isSame ? existing : null;
};

/** Links the row to the customer already in the accounting system, then pushes what differs. */
const linkCustomer = async (
  ctx: AppContext,
  port: AccountingPort,
  row: CustomerRow,
  existing: AccountingCustomer,
): Promise<PushOutcome> => {
  await ctx.db.update(customers).set(markSynced(existing)).where(eq(customers.id, row.id));
  const [linked] = await ctx.db.select().from(customers).where(eq(customers.id, row.id));
  if (!linked) return 'linked';
  const outcome = await pushChanges(
    ctx,
    port,
    linked,
    existing.externalId,
    existing.version,
    pickSynced(existing),
  );
  if (outcome === 'unchanged') await publish(ctx, linked);
  return 'linked';
};

const pushCustomer = async (
  ctx: AppContext,
  port: AccountingPort,
  row: CustomerRow,
): Promise<PushOutcome> => {
  if (!row.accountingId) {
    const existing =
      row.syncAttempts > 0 && row.customerNumber !== null
        ? await port.findCustomerByNumber(row.customerNumber)
        : null;
    if (existing) return linkCustomer(ctx, port, row, existing);
    const fields = (await syncedOf(ctx, row)) as AccountingCustomerFields;
    try {
      const remote = await port.createCustomer(fields);
      await saveSynced(ctx, row, remote);
      return 'created';
    } catch (error) {
      const made = await madeByConcurrentPush(port, fields, error);
      if (!made) throw error;
      return linkCustomer(ctx, port, row, made);
    }
  }
  const base = (row.accountingSnapshot as SyncedCustomer | null) ?? (await syncedOf(ctx, row));
  try {
    const outcome = await pushChanges(ctx, port, row, row.accountingId, row.accountingVersion ?? 0, base);
    if (outcome === 'unchanged') {
      await ctx.db
        .update(customers)
        .set({ syncStatus: 'synced', nextSyncAt: null, syncError: null })
        .where(eq(customers.id, row.id));
    }
    return outcome;
  } catch (error) {
    if (!(error instanceof AccountingError) || error.kind !== 'conflict') throw error;
    // Changed in the accounting system meanwhile: merge its version in, then push what is left.
    await applyRemoteCustomer(ctx, row.companyId, await port.getCustomer(row.accountingId));
    const [merged] = await ctx.db.select().from(customers).where(eq(customers.id, row.id));
    if (!merged?.accountingId || merged.syncStatus !== 'pending') return 'updated';
    return pushChanges(
      ctx,
      port,
      merged,
      merged.accountingId,
      merged.accountingVersion ?? 0,
      merged.accountingSnapshot as SyncedCustomer,
    );
  }
};

/**
 * Pushes one customer to the accounting system now (the offer → project conversion asks for it,
 * SPEC §4). A refusal or an outage is thrown, recorded on the customer like any failed push.
 */
export const pushCustomerNow = async (ctx: AppContext, companyId: string, customerId: string) => {
  const [row] = await ctx.db
    .select()
    .from(customers)
    .where(and(eq(customers.companyId, companyId), eq(customers.id, customerId)));
  if (!row) throw new AccountingError('not-found', 'Customer not found');
  if (row.accountingId) return 'unchanged' as const;
  // Leased like a background push claims it, so the next background round leaves it alone.
  await ctx.db
    .update(customers)
    .set({ nextSyncAt: new Date(ctx.clock.now().getTime() + PUSH_LEASE_MS) })
    .where(and(eq(customers.id, row.id), eq(customers.syncStatus, 'pending')));
  const port = await ctx.accounting.forCompany(companyId);
  try {
    return await pushCustomer(ctx, port, row);
  } catch (error) {
    if (error instanceof AccountingError) await recordFailure(ctx, row, error);
    throw error;
  }
};

/**
 * Pushes every customer of the company that is due. Stops early when the accounting system is
 * unreachable or refuses the credentials: the rest stay pending and nothing is lost.
 */
export const pushPendingCustomers = async (ctx: AppContext, companyId: string, port: AccountingPort) => {
  const counts: Record<PushOutcome, number> = {
    created: 0,
    updated: 0,
    unchanged: 0,
    linked: 0,
    deferred: 0,
    failed: 0,
  };
  const errors: string[] = [];
  const claimed = await claimPendingCustomers(ctx, companyId, 200);
  for (const [index, row] of claimed.entries()) {
    try {
      counts[await pushCustomer(ctx, port, row)]++;
    } catch (error) {
      if (!(error instanceof AccountingError)) throw error;
      await recordFailure(ctx, row, error);
      counts[error.kind === 'validation' ? 'failed' : 'deferred']++;
      errors.push(`${row.name}: ${error.message}`);
      if (error.kind === 'validation' || error.kind === 'not-found' || error.kind === 'conflict') continue;
      // Unreachable, throttled or refused: the rest wait for the next round, due at once.
      const rest = claimed.slice(index + 1).map((remaining) => remaining.id);
      if (rest.length > 0) {
        await ctx.db
          .update(customers)
          .set({ nextSyncAt: ctx.clock.now() })
          .where(inArray(customers.id, rest));
      }
      break;
    }
  }
  return { counts, errors };
};
