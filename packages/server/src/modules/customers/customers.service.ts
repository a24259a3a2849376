import {
  CUSTOMER_PUSHES,
  type CustomerDto,
  type customerArchiveSchema,
  type customerCreateSchema,
  type customerQuerySchema,
  type customerUnarchiveSchema,
  type customerUpdateSchema,
  type Page,
} from '@karm/domain/contract';
import { VALIDATION_MESSAGE_KEYS } from '@karm/domain/rules';
import { type AnyColumn, and, asc, count, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Actor, AppContext } from '../../platform/context';
import type { Executor } from '../../platform/db/client';
import { nameRank } from '../../platform/db/name-rank';
import { takeNextNumber } from '../../platform/db/number-sequences';
import { loadPage } from '../../platform/db/paging';
import { assertReferencesInCompany, type Referable } from '../../platform/db/references';
import { containsPattern, numberMatch } from '../../platform/db/search-terms';
import { conflict, notFound, validationError } from '../../platform/errors';
import { requestAccountingPush } from '../accounting/accounting.jobs';
import { userNamesByIds } from '../auth/users.repository';
import { loadPaymentTermBook, PAYMENT_TERMS_REFERABLE } from '../billing-settings/payment-terms.service';
import { assertCollectionKeys } from '../collections/collection-values';
import { type CustomerRow, customerDtoOf, customerDtosOf, toCustomerDto } from './customer-dto';
import { customers, pendingSync } from './customers.tables';

/** Customers as other modules' records point at them (`assertReferencesInCompany`). */
export const CUSTOMERS_REFERABLE: Referable = {
  table: customers,
  id: customers.id,
  companyId: customers.companyId,
};

/** The customer of the actor's company; another company's customer is "not found". */
export const findOwnCustomer = async (db: Executor, companyId: string, customerId: string) => {
  const [row] = await db
    .select()
    .from(customers)
    .where(and(eq(customers.companyId, companyId), eq(customers.id, customerId)));
  if (!row) throw notFound('Customer');
  return row;
};

const searchCondition = (search: string): SQL | undefined => {
  if (!search) return undefined;
  const pattern = containsPattern(search);
  const digits = search.replace(/\s/g, '');
  return or(
    ilike(customers.name, pattern),
    ilike(customers.email, pattern),
    /^\d+$/.test(digits) ? eq(customers.organizationNumber, digits) : undefined,
    numberMatch(customers.customerNumber, digits),
    /^\d{3,}$/.test(digits) ? ilike(customers.organizationNumber, `${digits}%`) : undefined,
    ilike(customers.phoneNumberMobile, pattern),
  );
};

/** SPEC §7 customer:get — search text, source and paging; Tripletex-synced and local alike. */
export const listCustomers = async (
  ctx: AppContext,
  actor: Actor,
  query: z.output<typeof customerQuerySchema>,
): Promise<Page<CustomerDto>> => {
  const where = and(
    eq(customers.companyId, actor.companyId),
    query.source ? eq(customers.source, query.source) : undefined,
    query.includeInactive ? undefined : eq(customers.isInactive, false),
    searchCondition(query.search),
  );
  const book = await loadPaymentTermBook(ctx.db, actor.companyId);
  return loadPage(
    query,
    {
      rows: (limit, offset) =>
        ctx.db
          .select()
          .from(customers)
          .where(where)
          .orderBy(asc(sql`lower(${customers.name})`), asc(customers.id))
          .limit(limit)
          .offset(offset),
      total: () => ctx.db.select({ total: count() }).from(customers).where(where),
    },
    (row) => toCustomerDto(row, book),
  );
};

export const getCustomer = async (ctx: AppContext, actor: Actor, customerId: string) =>
  customerDtoOf(ctx.db, await findOwnCustomer(ctx.db, actor.companyId, customerId));

/** Customer numbers Karm hands out start here (Tripletex's own default range starts at 10000). */
const FIRST_CUSTOMER_NUMBER = 10_001;
/** A number typed by hand may sit where the sequence comes later; then the next one is taken. */
const MAX_NUMBER_ATTEMPTS = 20;

/** Tells the company, and answers the caller with the same DTO. */
const publish = async (ctx: AppContext, row: CustomerRow) => {
  const dto = await customerDtoOf(ctx.db, row);
  ctx.realtime.toCompany(row.companyId, CUSTOMER_PUSHES.customerChanged, dto);
  return dto;
};

/**
 * SPEC §7 customer:create. With an accounting system connected, the customer is marked pending and
 * pushed by the sync engine (so an outage loses nothing); one-time customers stay in Karm.
 */
export const createCustomer = async (
  ctx: AppContext,
  actor: Actor,
  input: z.output<typeof customerCreateSchema>,
): Promise<CustomerDto> => {
  const isConnected = !input.isOneTime && (await ctx.accounting.isConnected(actor.companyId));
  // The number is taken in the insert's transaction, so a create that fails hands no number out.
  const row = await ctx.db.transaction(async (tx) => {
    if (!input.isPrivateIndividual) {
      await assertCollectionKeys(tx, actor.companyId, { category: ['customerCategory', input.category] });
    }
    await assertReferencesInCompany(tx, actor.companyId, {
      paymentTermId: [PAYMENT_TERMS_REFERABLE, input.paymentTermId],
    });
    const now = ctx.clock.now();
    const insertNumbered = async (customerNumber: number) => {
      const [inserted] = await tx
        .insert(customers)
        .values({
          companyId: actor.companyId,
          source: input.isOneTime ? 'one-time' : isConnected ? 'accounting' : 'local',
          customerNumber,
          name: input.name,
          organizationNumber: input.organizationNumber,
          isPrivateIndividual: input.isPrivateIndividual,
          email: input.email,
          invoiceEmail: input.invoiceEmail,
          phoneNumber: input.phoneNumber,
          phoneNumberMobile: input.phoneNumberMobile,
          invoiceSendMethod: input.invoiceSendMethod,
          isSupplier: input.isSupplier,
          supplierNumber: input.supplierNumber,
          postalAddress: input.postalAddress,
          physicalAddress: input.physicalAddress,
          category: input.isPrivateIndividual ? 'private' : input.category,
          paymentTermId: input.paymentTermId,
          syncStatus: isConnected ? 'pending' : 'local',
          nextSyncAt: isConnected ? now : null,
          createdAt: now,
          updatedAt: now,
        })
        // A taken number answers no row rather than aborting the transaction.
        .onConflictDoNothing({ target: [customers.companyId, customers.customerNumber] })
        .returning();
      return inserted;
    };
    if (input.customerNumber !== null) {
      const typed = await insertNumbered(input.customerNumber);
      if (!typed) {
        throw validationError(
          { customerNumber: 'validation.customerNumberTaken' },
          'Customer number is taken',
        );
      }
      return typed;
    }
    for (let attempt = 0; attempt < MAX_NUMBER_ATTEMPTS; attempt++) {
      const next = await insertNumbered(
        await takeNextNumber(tx, actor.companyId, 'customer', FIRST_CUSTOMER_NUMBER),
      );
      if (next) return next;
    }
    throw new Error(`No free customer number after ${MAX_NUMBER_ATTEMPTS} attempts`);
  });
  const dto = await publish(ctx, row);
  if (isConnected) await requestAccountingPush(ctx, actor.companyId);
  return dto;
};

type CustomerValues = Partial<typeof customers.$inferInsert>;

/**
 * Writes a change to a customer the actor's company owns, at the version the person saw (DESIGN
 * rule 5). A customer that lives in the connected accounting system goes to "pending sync" and is
 * pushed by the sync engine, which merges it field by field with changes made there meanwhile.
 */
const changeCustomer = async (
  ctx: AppContext,
  actor: Actor,
  target: { id: string; version: number },
  change: (existing: CustomerRow, now: Date) => CustomerValues,
): Promise<CustomerDto> => {
  const existing = await findOwnCustomer(ctx.db, actor.companyId, target.id);
  if (existing.version !== target.version) {
    throw conflict('The customer was changed by someone else', { currentVersion: existing.version });
  }
  const now = ctx.clock.now();
  const values = change(existing, now);
  const willPush = existing.source === 'accounting' && (await ctx.accounting.isConnected(actor.companyId));
  const [row] = await ctx.db
    .update(customers)
    .set({
      ...values,
      ...(willPush ? pendingSync(now) : {}),
      updatedAt: now,
      version: sql`${customers.version} + 1`,
    })
    .where(and(eq(customers.id, existing.id), eq(customers.version, target.version)))
    .returning();
  if (!row) throw conflict('The customer was changed by someone else');
  const dto = await publish(ctx, row);
  if (willPush) await requestAccountingPush(ctx, actor.companyId);
  return dto;
};

/** SPEC §7 customer:update: the changed fields only; the rest stay as they are. */
export const updateCustomer = async (
  ctx: AppContext,
  actor: Actor,
  input: z.output<typeof customerUpdateSchema>,
): Promise<CustomerDto> => {
  await assertCollectionKeys(ctx.db, actor.companyId, {
    category: ['customerCategory', input.changes.category],
  });
  await assertReferencesInCompany(ctx.db, actor.companyId, {
    paymentTermId: [PAYMENT_TERMS_REFERABLE, input.changes.paymentTermId],
  });
  return changeCustomer(ctx, actor, input, (existing) => {
    const { category, ...fields } = input.changes;
    const after = { ...existing, ...fields };
    // The create's rule holds for an edit of these fields too: a company has an organisation number
    // (SPEC §5). Customers imported without one can still be edited otherwise.
    const touchesNumber = fields.organizationNumber !== undefined || fields.isPrivateIndividual !== undefined;
    if (
      touchesNumber &&
      !after.isPrivateIndividual &&
      existing.source !== 'one-time' &&
      after.organizationNumber === ''
    ) {
      throw validationError(
        { organizationNumber: VALIDATION_MESSAGE_KEYS.mustBe9Characters },
        'A company needs an organisation number',
      );
    }
    return { ...fields, ...(category ? { category } : {}) };
  });
};

/**
 * SPEC §4: archiving asks why; who, when and why are kept. An archived customer is inactive, so
 * pickers and lists leave it out and the accounting system gets it as inactive too.
 */
export const archiveCustomer = async (
  ctx: AppContext,
  actor: Actor,
  input: z.output<typeof customerArchiveSchema>,
): Promise<CustomerDto> => {
  const names = await userNamesByIds(ctx.db, [actor.userId]);
  return changeCustomer(ctx, actor, input, (existing, now) => {
    if (existing.isInactive) throw conflict('The customer is already archived');
    return {
      isInactive: true,
      archivedAt: now,
      archivedBy: actor.userId,
      archivedByName: names.get(actor.userId) ?? '',
      archiveReason: input.reason,
    };
  });
};

export const unarchiveCustomer = (
  ctx: AppContext,
  actor: Actor,
  input: z.output<typeof customerUnarchiveSchema>,
): Promise<CustomerDto> =>
  changeCustomer(ctx, actor, input, (existing) => {
    if (!existing.isInactive) throw conflict('The customer is not archived');
    return {
      isInactive: false,
      archivedAt: null,
      archivedBy: null,
      archivedByName: null,
      archiveReason: null,
    };
  });

/** Names of the given customers, for lists in other modules (one query, no N+1). */
export const customerSummaries = async (db: Executor, companyId: string, ids: string[]) => {
  const unique = [...new Set(ids)];
  if (unique.length === 0)
    return new Map<string, { id: string; name: string; customerNumber: number | null }>();
  const rows = await db
    .select({ id: customers.id, name: customers.name, customerNumber: customers.customerNumber })
    .from(customers)
    .where(and(eq(customers.companyId, companyId), inArray(customers.id, unique)));
  return new Map(rows.map((row) => [row.id, row]));
};

/** The company's customers in name order, for other modules' lists sorted by customer (see nameRank). */
export const customerNameRank = (companyId: string) =>
  nameRank({
    alias: 'customer_name_rank',
    table: customers,
    id: customers.id,
    name: sql`lower(${customers.name})`,
    where: eq(customers.companyId, companyId),
  });

/** Whole customers by id (one query), for other modules that show source and credit score. */
export const customersByIds = async (db: Executor, companyId: string, ids: string[]) => {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map<string, CustomerDto>();
  const rows = await db
    .select()
    .from(customers)
    .where(and(eq(customers.companyId, companyId), inArray(customers.id, unique)));
  const dtos = await customerDtosOf(db, companyId, rows);
  return new Map(dtos.map((dto) => [dto.id, dto]));
};

/** The customer of `companyId` with the id, as a subquery's condition: never another company's. */
const customerOf = (companyId: SQL | AnyColumn, customerId: SQL | AnyColumn) =>
  sql`${customers.companyId} = ${companyId} and ${customers.id} = ${customerId}`;

/**
 * The customer's name as an SQL expression, for small lists to sort by (no join needed). Pass the
 * row's own company column, so a stray id of another company's customer reads as no customer.
 */
export const customerNameOf = (companyId: SQL | AnyColumn, customerId: SQL | AnyColumn) =>
  sql<string>`(select lower(${customers.name}) from ${customers} where ${customerOf(companyId, customerId)})`;

/** The customer's name as written, for other modules' result lines (null without a customer). */
export const customerDisplayNameOf = (companyId: SQL | AnyColumn, customerId: SQL | AnyColumn) =>
  sql<string | null>`(select ${customers.name} from ${customers} where ${customerOf(companyId, customerId)})`;

const customersNamed = (companyId: string, search: string) =>
  and(eq(customers.companyId, companyId), ilike(customers.name, containsPattern(search)));

const UNCONNECTED = new QueryBuilder();

/**
 * Ids of the company's customers whose name contains `search`, as a subquery for other modules'
 * searches. Built without a connection, so it also fits statements assembled before they run.
 */
export const customerIdsMatching = (companyId: string, search: string) =>
  UNCONNECTED.select({ id: customers.id }).from(customers).where(customersNamed(companyId, search));

/** The same customers, fetched (the legacy import matches names this way). */
export const findCustomerIdsMatching = (db: Executor, companyId: string, search: string) =>
  db.select({ id: customers.id }).from(customers).where(customersNamed(companyId, search));
