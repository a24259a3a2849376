import {
  type ContactDto,
  CUSTOMER_PUSHES,
  type contactArchiveSchema,
  type contactCreateSchema,
  type contactUpdateSchema,
} from '@karm/domain/contract';
import { VALIDATION_MESSAGE_KEYS } from '@karm/domain/rules';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Actor, AppContext } from '../../platform/context';
import { assertReferencesInCompany, type Referable, type Reference } from '../../platform/db/references';
import { conflict, notFound } from '../../platform/errors';
import { requestAccountingPush } from '../accounting/accounting.jobs';
import { type ContactRow, toContactDto } from './customer-dto';
import { CUSTOMERS_REFERABLE, findOwnCustomer } from './customers.service';
import { contacts, customers, pendingSync } from './customers.tables';

/** Contacts as other modules' records point at them; a contact sits under its customer. */
export const CONTACTS_REFERABLE: Referable = {
  table: contacts,
  id: contacts.id,
  companyId: contacts.companyId,
  parentId: contacts.customerId,
  parentMessage: VALIDATION_MESSAGE_KEYS.contactNotOfCustomer,
};

type CustomerAndContact = { customerId: string | null; contactId: string | null };

/**
 * The references of a record's customer and contact, for `assertReferencesInCompany`: a customer
 * the write sets must be the company's, and whenever customer or contact change, the contact the
 * record ends up with must be one of the customer it ends up with (`after`).
 */
export const customerAndContactReferences = (
  changes: Partial<CustomerAndContact>,
  after: CustomerAndContact,
): Record<keyof CustomerAndContact, Reference> => ({
  customerId: [CUSTOMERS_REFERABLE, changes.customerId],
  contactId: [
    CONTACTS_REFERABLE,
    changes.customerId !== undefined || changes.contactId !== undefined ? after.contactId : undefined,
    { parentId: after.customerId },
  ],
});

/** SPEC §7 contacts:get — the contacts of one customer of the actor's company. */
export const listContacts = async (
  ctx: AppContext,
  actor: Actor,
  customerId: string,
): Promise<ContactDto[]> => {
  const customer = await findOwnCustomer(ctx.db, actor.companyId, customerId);
  const rows = await ctx.db
    .select()
    .from(contacts)
    .where(
      and(
        eq(contacts.companyId, actor.companyId),
        eq(contacts.customerId, customer.id),
        eq(contacts.isInactive, false),
      ),
    )
    .orderBy(asc(contacts.firstName), asc(contacts.lastName), asc(contacts.id));
  return rows.map((row) => toContactDto(row, customer));
};

export const getContact = async (ctx: AppContext, actor: Actor, contactId: string): Promise<ContactDto> => {
  const [found] = await ctx.db
    .select({ contact: contacts, customer: customers })
    .from(contacts)
    .innerJoin(customers, eq(customers.id, contacts.customerId))
    .where(and(eq(contacts.companyId, actor.companyId), eq(contacts.id, contactId)));
  if (!found) throw notFound('Contact');
  return toContactDto(found.contact, found.customer);
};

/**
 * SPEC §7 contact:create (the add-contact dialog validates nothing, SPEC §5). A contact of a
 * customer that lives in the accounting system is queued for it too.
 */
export const createContact = async (
  ctx: AppContext,
  actor: Actor,
  input: z.output<typeof contactCreateSchema>,
): Promise<ContactDto> => {
  const isConnected = await ctx.accounting.isConnected(actor.companyId);
  const { row, customer, willPush } = await ctx.db.transaction(async (tx) => {
    await assertReferencesInCompany(tx, actor.companyId, {
      customerId: [CUSTOMERS_REFERABLE, input.customerId],
    });
    const customer = await findOwnCustomer(tx, actor.companyId, input.customerId);
    const willPush = customer.source === 'accounting' && isConnected;
    const now = ctx.clock.now();
    const [row] = await tx
      .insert(contacts)
      .values({
        companyId: actor.companyId,
        customerId: customer.id,
        firstName: input.firstName,
        lastName: input.lastName,
        email: input.email,
        phoneNumberMobile: input.phoneNumberMobile,
        syncStatus: willPush ? 'pending' : 'local',
        nextSyncAt: willPush ? now : null,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (!row) throw new Error('Contact insert returned nothing');
    return { row, customer, willPush };
  });
  const contact = toContactDto(row, customer);
  ctx.realtime.toCompany(actor.companyId, CUSTOMER_PUSHES.contactChanged, contact);
  if (willPush) await requestAccountingPush(ctx, actor.companyId);
  return contact;
};

/**
 * Writes a change to a contact of the actor's company at the version the person saw (DESIGN rule 5).
 * The contact stays with its customer. A contact of a customer that lives in the connected
 * accounting system goes to "pending sync"; should it change there meanwhile, that version wins.
 */
const changeContact = async (
  ctx: AppContext,
  actor: Actor,
  target: { id: string; version: number },
  change: (existing: ContactRow) => Partial<typeof contacts.$inferInsert>,
): Promise<ContactDto> => {
  const [found] = await ctx.db
    .select({ contact: contacts, customer: customers })
    .from(contacts)
    .innerJoin(customers, eq(customers.id, contacts.customerId))
    .where(and(eq(contacts.companyId, actor.companyId), eq(contacts.id, target.id)));
  if (!found) throw notFound('Contact');
  if (found.contact.version !== target.version) {
    throw conflict('The contact was changed by someone else', { currentVersion: found.contact.version });
  }
  const values = change(found.contact);
  const willPush =
    found.customer.source === 'accounting' && (await ctx.accounting.isConnected(actor.companyId));
  const now = ctx.clock.now();
  const [row] = await ctx.db
    .update(contacts)
    .set({
      ...values,
      ...(willPush ? pendingSync(now) : {}),
      updatedAt: now,
      version: sql`${contacts.version} + 1`,
    })
    .where(and(eq(contacts.id, found.contact.id), eq(contacts.version, target.version)))
    .returning();
  if (!row) throw conflict('The contact was changed by someone else');
  const contact = toContactDto(row, found.customer);
  ctx.realtime.toCompany(actor.companyId, CUSTOMER_PUSHES.contactChanged, contact);
  if (willPush) await requestAccountingPush(ctx, actor.companyId);
  return contact;
};

/** contact:update — the changed fields only. */
export const updateContact = (
  ctx: AppContext,
  actor: Actor,
  input: z.output<typeof contactUpdateSchema>,
): Promise<ContactDto> => changeContact(ctx, actor, input, () => input.changes);

/**
 * contact:archive — the contact leaves its customer's list (and is inactive in the accounting
 * system); inquiries, offers and projects that name it keep the name.
 */
export const archiveContact = (
  ctx: AppContext,
  actor: Actor,
  input: z.output<typeof contactArchiveSchema>,
): Promise<ContactDto> =>
  changeContact(ctx, actor, input, (existing) => {
    if (existing.isInactive) throw conflict('The contact is already removed');
    return { isInactive: true };
  });

/** Display names of the given contacts, for other modules' lists. */
export const contactSummaries = async (ctx: AppContext, companyId: string, ids: string[]) => {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map<string, { id: string; displayName: string }>();
  const rows = await ctx.db
    .select({ id: contacts.id, firstName: contacts.firstName, lastName: contacts.lastName })
    .from(contacts)
    .where(and(eq(contacts.companyId, companyId), inArray(contacts.id, unique)));
  return new Map(
    rows.map((row) => [
      row.id,
      { id: row.id, displayName: [row.firstName, row.lastName].filter(Boolean).join(' ') },
    ]),
  );
};
