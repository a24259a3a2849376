import { type ContactDto, CUSTOMER_PUSHES, type contactCreateSchema } from '@karm/domain/contract';
import { VALIDATION_MESSAGE_KEYS } from '@karm/domain/rules';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { Actor, AppContext } from '../../platform/context';
import { assertReferencesInCompany, type Referable, type Reference } from '../../platform/db/references';
import { notFound } from '../../platform/errors';
import { toContactDto } from './customer-dto';
import { CUSTOMERS_REFERABLE, findOwnCustomer } from './customers.service';
import { contacts, customers } from './customers.tables';

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
  if (willPush) ctx.accounting.requestPush(actor.companyId);
  return contact;
};

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
