import {
  BILLING_LIMITS,
  BILLING_PUSHES,
  type CreditBandDto,
  type creditBandAddSchema,
  type creditBandDeleteSchema,
  type creditBandUpdateSchema,
} from '@karm/domain/contract';
import { creditBandKey, VALIDATION_MESSAGE_KEYS as MESSAGES, messageWithParams } from '@karm/domain/rules';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Actor, AppContext } from '../../platform/context';
import type { Executor } from '../../platform/db/client';
import { isUniqueViolation } from '../../platform/db/unique-violation';
import { conflict, notFound, validationError } from '../../platform/errors';
import { creditBands } from './billing-settings.tables';

type BandRow = typeof creditBands.$inferSelect;

const toDto = (row: BandRow): CreditBandDto => ({
  id: row.id,
  code: row.code,
  name: row.name,
  minPrepaymentBasisPoints: row.minPrepaymentBasisPoints,
  requiresAdminApproval: row.requiresAdminApproval,
  position: row.position,
  version: row.version,
});

const bandRows = (db: Executor, companyId: string) =>
  db
    .select()
    .from(creditBands)
    .where(eq(creditBands.companyId, companyId))
    .orderBy(asc(creditBands.position), asc(creditBands.code));

/** The company's credit bands in their order (for other modules: the confirmations' band check). */
export const creditBandsOf = async (db: Executor, companyId: string) =>
  (await bandRows(db, companyId)).map(toDto);

/** credit_band:list */
export const listCreditBands = (ctx: AppContext, actor: Actor) => creditBandsOf(ctx.db, actor.companyId);

const changed = (ctx: AppContext, actor: Actor) => {
  ctx.realtime.toCompany(actor.companyId, BILLING_PUSHES.creditBandsChanged);
  return listCreditBands(ctx, actor);
};

const codeTaken = () => validationError({ code: MESSAGES.duplicateCode }, 'The code is already used');

const assertCodeFree = async (tx: Executor, companyId: string, code: string, exceptId?: string) => {
  const [taken] = await tx
    .select({ id: creditBands.id })
    .from(creditBands)
    .where(
      and(
        eq(creditBands.companyId, companyId),
        eq(sql`upper(${creditBands.code})`, creditBandKey(code)),
        exceptId ? ne(creditBands.id, exceptId) : undefined,
      ),
    );
  if (taken) throw codeTaken();
};

const rethrowCodeRace = (error: unknown) => {
  throw isUniqueViolation(error) ? codeTaken() : error;
};

/** credit_band:add — appended after the last band. */
export const addCreditBand = async (
  ctx: AppContext,
  actor: Actor,
  input: z.output<typeof creditBandAddSchema>,
) => {
  await ctx.db
    .transaction(async (tx) => {
      const rows = await bandRows(tx, actor.companyId);
      if (rows.length >= BILLING_LIMITS.bands) {
        throw validationError(
          { code: messageWithParams(MESSAGES.tooMany, { max: BILLING_LIMITS.bands }) },
          'The company has the most credit bands allowed',
        );
      }
      await assertCodeFree(tx, actor.companyId, input.code);
      const now = ctx.clock.now();
      await tx.insert(creditBands).values({
        companyId: actor.companyId,
        code: input.code,
        name: input.name,
        minPrepaymentBasisPoints: input.minPrepaymentBasisPoints,
        requiresAdminApproval: input.requiresAdminApproval,
        position: rows.length,
        createdAt: now,
        updatedAt: now,
      });
    })
    .catch(rethrowCodeRace);
  return changed(ctx, actor);
};

const ownBand = async (tx: Executor, companyId: string, id: string, version: number) => {
  const [row] = await tx
    .select()
    .from(creditBands)
    .where(and(eq(creditBands.companyId, companyId), eq(creditBands.id, id)))
    .for('update');
  if (!row) throw notFound('Credit band');
  if (row.version !== version) {
    throw conflict('The credit band was changed by someone else', { currentVersion: row.version });
  }
  return row;
};

/** Moves a band to a place in the list, renumbering the others 0, 1, 2 … around it. */
const moveBand = async (tx: Executor, companyId: string, row: BandRow, position: number) => {
  const others = (await bandRows(tx, companyId)).filter((band) => band.id !== row.id);
  const order = [...others];
  order.splice(Math.min(position, others.length), 0, row);
  for (const [index, band] of order.entries()) {
    if (band.id !== row.id && band.position !== index) {
      await tx.update(creditBands).set({ position: index }).where(eq(creditBands.id, band.id));
    }
  }
  return order.findIndex((band) => band.id === row.id);
};

/** credit_band:upd — code, name, rule or place in the list. */
export const updateCreditBand = async (
  ctx: AppContext,
  actor: Actor,
  input: z.output<typeof creditBandUpdateSchema>,
) => {
  const { position, ...values } = input.values;
  await ctx.db
    .transaction(async (tx) => {
      const row = await ownBand(tx, actor.companyId, input.id, input.version);
      if (values.code !== undefined) await assertCodeFree(tx, actor.companyId, values.code, row.id);
      const newPosition =
        position !== undefined ? await moveBand(tx, actor.companyId, row, position) : row.position;
      await tx
        .update(creditBands)
        .set({
          ...Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined)),
          position: newPosition,
          updatedAt: ctx.clock.now(),
          version: row.version + 1,
        })
        .where(eq(creditBands.id, row.id));
    })
    .catch(rethrowCodeRace);
  return changed(ctx, actor);
};

/**
 * credit_band:del — nothing points at a band by id (customers name it by their score's code), so
 * any band may go; a score naming it then has no band.
 */
export const deleteCreditBand = async (
  ctx: AppContext,
  actor: Actor,
  input: z.output<typeof creditBandDeleteSchema>,
) => {
  await ctx.db.transaction(async (tx) => {
    const row = await ownBand(tx, actor.companyId, input.id, input.version);
    await tx.delete(creditBands).where(eq(creditBands.id, row.id));
    const rest = await bandRows(tx, actor.companyId);
    for (const [index, band] of rest.entries()) {
      if (band.position !== index) {
        await tx.update(creditBands).set({ position: index }).where(eq(creditBands.id, band.id));
      }
    }
  });
  return changed(ctx, actor);
};
