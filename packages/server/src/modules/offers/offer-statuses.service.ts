import {
  OFFER_PUSHES,
  type OfferStatusDto,
  type OwnerTypeDto,
  type offerStatusInputSchema,
  type offerStatusPatchSchema,
} from '@karm/domain/contract';
import { defaultLikelihoodPercent, VALIDATION_MESSAGE_KEYS as MESSAGES } from '@karm/domain/rules';
import { and, count, eq, inArray, max, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Actor, AppContext } from '../../platform/context';
import type { Executor } from '../../platform/db/client';
import { AppError, conflict, notFound, validationError } from '../../platform/errors';
import { valuesOf } from '../collections/collection-values';
import { ensureOfferConfig, type OfferStatusRow, readOfferSettings } from './offer-config.service';
import { offerConfigs, offerStatuses, offers } from './offers.tables';

type StatusRow = OfferStatusRow;

const usageOf = async (db: Executor, companyId: string, statusIds: string[]) => {
  if (statusIds.length === 0) return new Map<string, number>();
  const rows = await db
    .select({ statusId: offers.statusId, total: count() })
    .from(offers)
    .where(and(eq(offers.companyId, companyId), inArray(offers.statusId, statusIds)))
    .groupBy(offers.statusId);
  return new Map(rows.map((row) => [row.statusId as string, row.total]));
};

export const findOwnStatus = async (
  db: Executor,
  companyId: string,
  id: string,
  { isLocked = false }: { isLocked?: boolean } = {},
) => {
  const query = db
    .select()
    .from(offerStatuses)
    .where(and(eq(offerStatuses.companyId, companyId), eq(offerStatuses.id, id)));
  const [row] = await (isLocked ? query.for('update') : query);
  if (!row) throw notFound('Offer status');
  return row;
};

const byPosition = (left: StatusRow, right: StatusRow) =>
  left.position - right.position || left.createdAt.getTime() - right.createdAt.getTime();

/** Every status of the company by position, deleted ones only when asked (the starter ones until stored). */
export const listOfferStatuses = async (
  ctx: AppContext,
  actor: Actor,
  { includeDeleted = false }: { includeDeleted?: boolean } = {},
): Promise<OfferStatusDto[]> => {
  const { config, statuses } = await readOfferSettings(ctx.db, actor.companyId);
  const rows = statuses.filter((row) => includeDeleted || !row.isDeleted).sort(byPosition);
  const usage = await usageOf(
    ctx.db,
    actor.companyId,
    rows.map((row) => row.id),
  );
  return rows.map((row) => toStatusDto(row, config.defaultStatusId, usage.get(row.id) ?? 0));
};

const toStatusDto = (row: StatusRow, defaultStatusId: string | null, usage: number): OfferStatusDto => ({
  id: row.id,
  name: row.name,
  deadlineDays: row.deadlineDays,
  position: row.position,
  isDefault: row.id === defaultStatusId,
  isDeleted: row.isDeleted,
  isWon: row.isWon,
  isLost: row.isLost,
  likelihoodPercent: row.likelihoodPercent,
  usage,
  version: row.version,
});

/** A row's version goes up with every change of its own fields. */
const nextVersion = sql`${offerStatuses.version} + 1`;

type Outcome = { isWon: boolean; isLost: boolean; isDefault: boolean; isDeleted: boolean };

/**
 * A status is won, lost or neither. The default status, where new offers start, is neither, and a
 * deleted status is never won (a conversion must be able to use it).
 */
const assertOutcome = ({ isWon, isLost, isDefault, isDeleted }: Outcome) => {
  if (isWon && isLost) {
    throw validationError({ isLost: MESSAGES.statusWonAndLost }, MESSAGES.statusWonAndLost);
  }
  if (isDefault && (isWon || isLost)) {
    const field = isWon ? 'isWon' : 'isLost';
    throw validationError({ [field]: MESSAGES.defaultStatusOutcome }, MESSAGES.defaultStatusOutcome);
  }
  if (isDeleted && isWon) throw validationError({ isWon: MESSAGES.statusDeleted }, MESSAGES.statusDeleted);
};

/**
 * The one won status: taken off any other before it is set on this one (the unique index holds one);
 * the other becomes an open status with an open status's likelihood.
 */
const clearWonStatus = (tx: Executor, companyId: string) =>
  tx
    .update(offerStatuses)
    .set({
      isWon: false,
      likelihoodPercent: defaultLikelihoodPercent({ isWon: false, isLost: false }),
      version: nextVersion,
    })
    .where(and(eq(offerStatuses.companyId, companyId), eq(offerStatuses.isWon, true)));

/** The company's won status, where a converted offer goes; none when the admin has chosen none. */
export const findWonStatus = async (tx: Executor, companyId: string) => {
  const [row] = await tx
    .select()
    .from(offerStatuses)
    .where(
      and(
        eq(offerStatuses.companyId, companyId),
        eq(offerStatuses.isWon, true),
        eq(offerStatuses.isDeleted, false),
      ),
    );
  return row;
};

const changed = async (ctx: AppContext, actor: Actor, id: string) => {
  const list = await listOfferStatuses(ctx, actor, { includeDeleted: true });
  ctx.realtime.toCompany(actor.companyId, OFFER_PUSHES.offerStatusesChanged, {});
  const status = list.find((candidate) => candidate.id === id);
  if (!status) throw notFound('Offer status');
  return status;
};

export const createOfferStatus = async (
  ctx: AppContext,
  actor: Actor,
  input: z.output<typeof offerStatusInputSchema>,
) => {
  const row = await ctx.db.transaction(async (tx) => {
    await ensureOfferConfig(tx, actor.companyId);
    assertOutcome({ ...input, isDefault: false, isDeleted: false });
    if (input.isWon) await clearWonStatus(tx, actor.companyId);
    const [last] = await tx
      .select({ position: max(offerStatuses.position) })
      .from(offerStatuses)
      .where(eq(offerStatuses.companyId, actor.companyId));
    const [created] = await tx
      .insert(offerStatuses)
      .values({
        companyId: actor.companyId,
        ...input,
        likelihoodPercent: input.likelihoodPercent ?? defaultLikelihoodPercent(input),
        position: (last?.position ?? -1) + 1,
      })
      .returning();
    if (!created) throw new Error('Offer status insert returned nothing');
    return created;
  });
  return changed(ctx, actor, row.id);
};

/**
 * Renames a status, changes its deadline days, its likelihood or its outcome (won, lost), or makes
 * it the default. With the version read, a status changed since is refused (CONFLICT). A new outcome
 * without a likelihood of its own takes the outcome's default (a lost status is no coin toss).
 */
export const updateOfferStatus = async (
  ctx: AppContext,
  actor: Actor,
  id: string,
  input: z.output<typeof offerStatusPatchSchema>,
) => {
  const { isDefault, version, ...changes } = input;
  await ctx.db.transaction(async (tx) => {
    // Stored first: the status may be a starter status only read so far.
    const config = await ensureOfferConfig(tx, actor.companyId);
    const status = await findOwnStatus(tx, actor.companyId, id, { isLocked: true });
    if (version !== undefined && version !== status.version) {
      throw conflict(MESSAGES.offerStatusChanged, { currentVersion: status.version });
    }
    const outcome = { isWon: changes.isWon ?? status.isWon, isLost: changes.isLost ?? status.isLost };
    assertOutcome({
      ...outcome,
      isDefault: Boolean(isDefault) || config.defaultStatusId === status.id,
      isDeleted: status.isDeleted,
    });
    const isNewOutcome = outcome.isWon !== status.isWon || outcome.isLost !== status.isLost;
    if (isNewOutcome && changes.likelihoodPercent === undefined) {
      changes.likelihoodPercent = defaultLikelihoodPercent(outcome);
    }
    if (changes.isWon && !status.isWon) await clearWonStatus(tx, actor.companyId);
    if (Object.keys(changes).length > 0) {
      await tx
        .update(offerStatuses)
        .set({ ...changes, version: nextVersion })
        .where(eq(offerStatuses.id, status.id));
    }
    if (isDefault) {
      if (status.isDeleted)
        throw validationError({ isDefault: MESSAGES.statusDeleted }, MESSAGES.statusDeleted);
      await tx
        .update(offerConfigs)
        .set({ defaultStatusId: status.id })
        .where(eq(offerConfigs.companyId, actor.companyId));
    }
  });
  return changed(ctx, actor, id);
};

/** SPEC §3 usage: how many offers have the status. */
export const offerStatusUsage = async (ctx: AppContext, actor: Actor, id: string) => {
  const { statuses } = await readOfferSettings(ctx.db, actor.companyId);
  if (!statuses.some((status) => status.id === id)) throw notFound('Offer status');
  return { count: (await usageOf(ctx.db, actor.companyId, [id])).get(id) ?? 0 };
};

/**
 * SPEC §4: soft delete after a usage check. A status offers still use, or the default status, is
 * refused with CONFLICT and a reason the client translates (with the usage count).
 */
export const deleteOfferStatus = async (ctx: AppContext, actor: Actor, id: string) => {
  await ctx.db.transaction(async (tx) => {
    const config = await ensureOfferConfig(tx, actor.companyId);
    const status = await findOwnStatus(tx, actor.companyId, id);
    if (config.defaultStatusId === status.id) {
      throw new AppError('CONFLICT', 'The default status cannot be deleted', { reason: 'statusIsDefault' });
    }
    if (status.isWon) {
      throw new AppError('CONFLICT', 'The won status cannot be deleted', { reason: 'statusIsWon' });
    }
    const usage = (await usageOf(tx, actor.companyId, [id])).get(id) ?? 0;
    if (usage > 0) {
      throw new AppError('CONFLICT', `The status is used by ${usage} offers`, {
        reason: 'statusInUse',
        usage,
        name: status.name,
      });
    }
    await tx
      .update(offerStatuses)
      .set({ isDeleted: true, version: nextVersion })
      .where(eq(offerStatuses.id, status.id));
  });
  return changed(ctx, actor, id);
};

export const reactivateOfferStatus = async (ctx: AppContext, actor: Actor, id: string) => {
  const status = await findOwnStatus(ctx.db, actor.companyId, id);
  await ctx.db
    .update(offerStatuses)
    .set({ isDeleted: false, version: nextVersion })
    .where(eq(offerStatuses.id, status.id));
  return changed(ctx, actor, id);
};

/** Sets the order of the statuses; the list names each live status once (deleted ones may follow). */
export const reorderOfferStatuses = async (ctx: AppContext, actor: Actor, ids: string[]) => {
  await ctx.db.transaction(async (tx) => {
    await ensureOfferConfig(tx, actor.companyId);
    const own = await tx
      .select({ id: offerStatuses.id, isDeleted: offerStatuses.isDeleted })
      .from(offerStatuses)
      .where(eq(offerStatuses.companyId, actor.companyId));
    const ownIds = new Set(own.map((row) => row.id));
    // Deleted statuses may be left out (the admin list hides them); every live one must be named.
    const isComplete = own.every((row) => row.isDeleted || ids.includes(row.id));
    if (new Set(ids).size !== ids.length || !isComplete || !ids.every((id) => ownIds.has(id))) {
      throw validationError({ ids: 'validation.reorderMismatch' }, 'The order must list every status once');
    }
    for (const [position, id] of ids.entries()) {
      await tx.update(offerStatuses).set({ position }).where(eq(offerStatuses.id, id));
    }
  });
  ctx.realtime.toCompany(actor.companyId, OFFER_PUSHES.offerStatusesChanged, {});
  return listOfferStatuses(ctx, actor, { includeDeleted: true });
};

/**
 * SPEC §7 GET /offer-statuses/owner-types: the company's active owner types (an admin-managed list,
 * collections) in its order, with both languages' labels.
 */
export const ownerTypes = async (ctx: AppContext, actor: Actor): Promise<OwnerTypeDto[]> =>
  (await valuesOf(ctx.db, actor.companyId, 'ownerType'))
    .filter((value) => value.isActive)
    .map((value) => ({ code: value.key, labels: value.labels }));
