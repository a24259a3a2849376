import {
  BILLING_LIMITS,
  BILLING_PUSHES,
  type categoryPaymentTermSchema,
  type PaymentTermDto,
  type PaymentTermsDto,
  type paymentTermAddSchema,
  type paymentTermDeleteSchema,
  type paymentTermUpdateSchema,
} from '@karm/domain/contract';
import {
  VALIDATION_MESSAGE_KEYS as MESSAGES,
  messageWithParams,
  type PaymentTermBook,
} from '@karm/domain/rules';
import { and, asc, count, eq, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Actor, AppContext } from '../../platform/context';
import type { Executor } from '../../platform/db/client';
import { assertReferencesInCompany, type Referable } from '../../platform/db/references';
import { isUniqueViolation } from '../../platform/db/unique-violation';
import { AppError, conflict, notFound, validationError } from '../../platform/errors';
import { assertCollectionKeys } from '../collections/collection-values';
import { requestDueDaysPush } from '../customers/customer-billing';
import { customersPerPaymentTerm } from '../customers/customer-codes';
import { paymentTermCategoryDefaults, paymentTerms } from './billing-settings.tables';
import { invoiceSettingsOf } from './invoice-settings.service';

/** Payment terms as customers point at them; a deactivated term cannot be chosen any more. */
export const PAYMENT_TERMS_REFERABLE: Referable = {
  table: paymentTerms,
  id: paymentTerms.id,
  companyId: paymentTerms.companyId,
  isUsable: eq(paymentTerms.isActive, true),
};

type TermRow = typeof paymentTerms.$inferSelect;

const termRows = (db: Executor, companyId: string) =>
  db
    .select()
    .from(paymentTerms)
    .where(eq(paymentTerms.companyId, companyId))
    .orderBy(asc(paymentTerms.daysUntilDue), asc(sql`lower(${paymentTerms.name})`));

const categoryDefaultRows = (db: Executor, companyId: string) =>
  db
    .select({
      categoryKey: paymentTermCategoryDefaults.categoryKey,
      paymentTermId: paymentTermCategoryDefaults.paymentTermId,
    })
    .from(paymentTermCategoryDefaults)
    .where(eq(paymentTermCategoryDefaults.companyId, companyId))
    .orderBy(asc(paymentTermCategoryDefaults.categoryKey));

/** Customers that carry the term and categories that default to it: over 0, it is kept. */
const usagePerTerm = async (db: Executor, companyId: string) => {
  const usage = await customersPerPaymentTerm(db, companyId);
  for (const row of await categoryDefaultRows(db, companyId)) {
    usage.set(row.paymentTermId, (usage.get(row.paymentTermId) ?? 0) + 1);
  }
  return usage;
};

const toDto = (row: TermRow, usage: Map<string, number>): PaymentTermDto => ({
  id: row.id,
  name: row.name,
  daysUntilDue: row.daysUntilDue,
  isActive: row.isActive,
  isDefault: row.isDefault,
  usage: usage.get(row.id) ?? 0,
  version: row.version,
});

/** Everything the effective term of a customer is worked out from, in three queries. */
export const loadPaymentTermBook = async (db: Executor, companyId: string): Promise<PaymentTermBook> => {
  const [terms, defaults, settings] = await Promise.all([
    termRows(db, companyId),
    categoryDefaultRows(db, companyId),
    invoiceSettingsOf(db, companyId),
  ]);
  return {
    terms,
    categoryDefaults: new Map(defaults.map((row) => [row.categoryKey, row.paymentTermId])),
    defaultDueDays: settings.defaultDueDays,
  };
};

/** payment_term:list — the terms (inactive too) with usage, and the categories' defaults. */
export const listPaymentTerms = async (ctx: AppContext, actor: Actor): Promise<PaymentTermsDto> => {
  const [rows, usage, categoryDefaults] = await Promise.all([
    termRows(ctx.db, actor.companyId),
    usagePerTerm(ctx.db, actor.companyId),
    categoryDefaultRows(ctx.db, actor.companyId),
  ]);
  return { terms: rows.map((row) => toDto(row, usage)), categoryDefaults };
};

/**
 * After a change: open lists read again, and customers in the accounting system get their (maybe
 * new) due days pushed.
 */
const changed = async (ctx: AppContext, actor: Actor) => {
  ctx.realtime.toCompany(actor.companyId, BILLING_PUSHES.paymentTermsChanged);
  await requestDueDaysPush(ctx, actor.companyId);
  return listPaymentTerms(ctx, actor);
};

const ownTerm = async (tx: Executor, companyId: string, id: string, version: number) => {
  const [row] = await tx
    .select()
    .from(paymentTerms)
    .where(and(eq(paymentTerms.companyId, companyId), eq(paymentTerms.id, id)))
    .for('update');
  if (!row) throw notFound('Payment term');
  if (row.version !== version) {
    throw conflict('The payment term was changed by someone else', { currentVersion: row.version });
  }
  return row;
};

const assertNameFree = async (tx: Executor, companyId: string, name: string, exceptId?: string) => {
  const [taken] = await tx
    .select({ id: paymentTerms.id })
    .from(paymentTerms)
    .where(
      and(
        eq(paymentTerms.companyId, companyId),
        eq(sql`lower(${paymentTerms.name})`, name.toLowerCase()),
        exceptId ? ne(paymentTerms.id, exceptId) : undefined,
      ),
    );
  if (taken) throw validationError({ name: MESSAGES.nameTaken }, 'The name is already used');
};

/** Only one default per company: the former default stops being it. */
const clearDefault = (tx: Executor, companyId: string) =>
  tx
    .update(paymentTerms)
    .set({ isDefault: false, version: sql`${paymentTerms.version} + 1` })
    .where(and(eq(paymentTerms.companyId, companyId), eq(paymentTerms.isDefault, true)));

/** A race past the name check ends at the unique index: the same answer as the check. */
const nameRace = (error: unknown) =>
  isUniqueViolation(error)
    ? validationError({ name: MESSAGES.nameTaken }, 'The name is already used')
    : error;

/** payment_term:add */
export const addPaymentTerm = async (
  ctx: AppContext,
  actor: Actor,
  input: z.output<typeof paymentTermAddSchema>,
) => {
  await ctx.db
    .transaction(async (tx) => {
      const [existing] = await tx
        .select({ count: count() })
        .from(paymentTerms)
        .where(eq(paymentTerms.companyId, actor.companyId));
      if ((existing?.count ?? 0) >= BILLING_LIMITS.terms) {
        throw validationError(
          { name: messageWithParams(MESSAGES.tooMany, { max: BILLING_LIMITS.terms }) },
          'The company has the most payment terms allowed',
        );
      }
      await assertNameFree(tx, actor.companyId, input.name);
      if (input.isDefault) await clearDefault(tx, actor.companyId);
      const now = ctx.clock.now();
      await tx.insert(paymentTerms).values({
        companyId: actor.companyId,
        name: input.name,
        daysUntilDue: input.daysUntilDue,
        isDefault: input.isDefault,
        createdAt: now,
        updatedAt: now,
      });
    })
    .catch((error) => {
      throw nameRace(error);
    });
  return changed(ctx, actor);
};

/** payment_term:upd — renames, changes the days, (de)activates or makes it the default. */
export const updatePaymentTerm = async (
  ctx: AppContext,
  actor: Actor,
  input: z.output<typeof paymentTermUpdateSchema>,
) => {
  const { name, daysUntilDue, isActive, isDefault } = input.values;
  await ctx.db
    .transaction(async (tx) => {
      const row = await ownTerm(tx, actor.companyId, input.id, input.version);
      if (name !== undefined) await assertNameFree(tx, actor.companyId, name, row.id);
      if (isDefault === true && !row.isDefault) await clearDefault(tx, actor.companyId);
      await tx
        .update(paymentTerms)
        .set({
          ...(name !== undefined && { name }),
          ...(daysUntilDue !== undefined && { daysUntilDue }),
          ...(isActive !== undefined && { isActive }),
          ...(isDefault !== undefined && { isDefault }),
          updatedAt: ctx.clock.now(),
          version: row.version + 1,
        })
        .where(eq(paymentTerms.id, row.id));
    })
    .catch((error) => {
      throw nameRace(error);
    });
  return changed(ctx, actor);
};

/**
 * payment_term:del — removes a term nothing points at. One a customer or a category default uses is
 * refused with CONFLICT `valueInUse` and the count, so the client offers to deactivate it.
 */
export const deletePaymentTerm = async (
  ctx: AppContext,
  actor: Actor,
  input: z.output<typeof paymentTermDeleteSchema>,
) => {
  await ctx.db.transaction(async (tx) => {
    const row = await ownTerm(tx, actor.companyId, input.id, input.version);
    const usage = (await usagePerTerm(tx, actor.companyId)).get(row.id) ?? 0;
    if (usage > 0) {
      throw new AppError('CONFLICT', `The payment term is used by ${usage} records`, {
        reason: 'valueInUse',
        usage,
      });
    }
    await tx.delete(paymentTerms).where(eq(paymentTerms.id, row.id));
  });
  return changed(ctx, actor);
};

/** payment_term:category — sets (or with null clears) a customer category's default term. */
export const setCategoryPaymentTerm = async (
  ctx: AppContext,
  actor: Actor,
  input: z.output<typeof categoryPaymentTermSchema>,
) => {
  await ctx.db.transaction(async (tx) => {
    await assertCollectionKeys(tx, actor.companyId, { categoryKey: ['customerCategory', input.categoryKey] });
    const where = and(
      eq(paymentTermCategoryDefaults.companyId, actor.companyId),
      eq(paymentTermCategoryDefaults.categoryKey, input.categoryKey),
    );
    if (input.paymentTermId === null) {
      await tx.delete(paymentTermCategoryDefaults).where(where);
      return;
    }
    await assertReferencesInCompany(tx, actor.companyId, {
      paymentTermId: [PAYMENT_TERMS_REFERABLE, input.paymentTermId],
    });
    await tx
      .insert(paymentTermCategoryDefaults)
      .values({
        companyId: actor.companyId,
        categoryKey: input.categoryKey,
        paymentTermId: input.paymentTermId,
        updatedAt: ctx.clock.now(),
      })
      .onConflictDoUpdate({
        target: [paymentTermCategoryDefaults.companyId, paymentTermCategoryDefaults.categoryKey],
        set: { paymentTermId: input.paymentTermId, updatedAt: ctx.clock.now() },
      });
  });
  return changed(ctx, actor);
};
