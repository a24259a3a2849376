import {
  DEFAULT_OFFER_CONFIG,
  OFFER_PUSHES,
  type OfferConfigDto,
  type offerConfigPatchSchema,
} from '@karm/domain/contract';
import { defaultLikelihoodPercent, VALIDATION_MESSAGE_KEYS as MESSAGES } from '@karm/domain/rules';
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Actor, AppContext } from '../../platform/context';
import type { Executor } from '../../platform/db/client';
import { derivedId } from '../../platform/db/derived-ids';
import { assertReferencesInCompany, type Referable } from '../../platform/db/references';
import { conflict, validationError } from '../../platform/errors';
import { offerConfigs, offerStatuses } from './offers.tables';

/**
 * The statuses a company starts with (SPEC §4: admin-defined, one default); deadline days each.
 * "Vunnet" is where a converted offer goes, "Tapt" marks a refusal (the hit rate counts both).
 */
const STARTER_STATUSES = [
  { name: 'Under arbeid', deadlineDays: 14, isWon: false, isLost: false },
  { name: 'Sendt', deadlineDays: 7, isWon: false, isLost: false },
  { name: 'Følg opp', deadlineDays: 5, isWon: false, isLost: false },
  { name: 'Vunnet', deadlineDays: null, isWon: true, isLost: false },
  { name: 'Tapt', deadlineDays: null, isWon: false, isLost: true },
] as const;

export type OfferConfigRow = typeof offerConfigs.$inferSelect;
export type OfferStatusRow = typeof offerStatuses.$inferSelect;

/**
 * The starter statuses of a company as rows, before or after they are stored: their ids are derived
 * from the company, so a read that answers them and the write that stores them agree.
 */
const starterStatuses = (companyId: string): OfferStatusRow[] =>
  STARTER_STATUSES.map((status, position) => ({
    id: derivedId('offer-status', companyId, String(position)),
    companyId,
    ...status,
    likelihoodPercent: defaultLikelihoodPercent(status),
    position,
    isDeleted: false,
    createdAt: new Date(0),
    version: 1,
  }));

/** The config a company has until its first offer write stores it (version 1, as stored). */
const defaultConfig = (companyId: string): OfferConfigRow => ({
  companyId,
  ...DEFAULT_OFFER_CONFIG,
  defaultStatusId: starterStatuses(companyId)[0]?.id ?? null,
  version: 1,
});

const findConfig = async (db: Executor, companyId: string) =>
  (await db.select().from(offerConfigs).where(eq(offerConfigs.companyId, companyId)))[0];

/**
 * The company's offer config and statuses (deleted ones too) for reads: what is stored, or the
 * defaults and starter statuses when nothing is stored yet. Never writes, so a read takes no write
 * transaction (on PGlite's single connection every one waits for the others).
 */
export const readOfferSettings = async (db: Executor, companyId: string) => {
  const config = await findConfig(db, companyId);
  if (!config) return { config: defaultConfig(companyId), statuses: starterStatuses(companyId) };
  const statuses = await db.select().from(offerStatuses).where(eq(offerStatuses.companyId, companyId));
  return { config, statuses };
};

/**
 * For writes: stores the company's offer config with the starter statuses (the first one the
 * default) on the first write that needs them, and answers the stored config. The config row's
 * primary key makes concurrent first writes wait for one another, so the statuses are made once.
 */
export const ensureOfferConfig = async (tx: Executor, companyId: string): Promise<OfferConfigRow> => {
  const defaults = defaultConfig(companyId);
  const [created] = await tx.insert(offerConfigs).values(defaults).onConflictDoNothing().returning();
  if (created) {
    await tx
      .insert(offerStatuses)
      .values(starterStatuses(companyId).map(({ createdAt: _, ...status }) => status));
    return created;
  }
  const existing = await findConfig(tx, companyId);
  if (!existing) throw new Error('Offer config vanished');
  return existing;
};

export const toConfigDto = (row: OfferConfigRow): OfferConfigDto => ({
  deadlineDays: row.deadlineDays,
  defaultStatusId: row.defaultStatusId,
  firstNumber: row.firstNumber,
  validityDays: row.validityDays,
  version: row.version,
});

export const getOfferConfig = async (ctx: AppContext, actor: Actor) =>
  toConfigDto((await readOfferSettings(ctx.db, actor.companyId)).config);

/** Offer statuses as offers and the config point at them: only live (not deleted) ones. */
export const OFFER_STATUSES_REFERABLE: Referable = {
  table: offerStatuses,
  id: offerStatuses.id,
  companyId: offerStatuses.companyId,
  isUsable: eq(offerStatuses.isDeleted, false),
};

/** New offers start in the default status, so it is never a won or lost one. */
const assertMayBeDefault = async (tx: Executor, companyId: string, statusId: string) => {
  const [status] = await tx
    .select({ isWon: offerStatuses.isWon, isLost: offerStatuses.isLost })
    .from(offerStatuses)
    .where(and(eq(offerStatuses.companyId, companyId), eq(offerStatuses.id, statusId)));
  if (status?.isWon || status?.isLost) {
    throw validationError({ defaultStatusId: MESSAGES.defaultStatusOutcome }, MESSAGES.defaultStatusOutcome);
  }
};

export const updateOfferConfig = async (
  ctx: AppContext,
  actor: Actor,
  input: z.output<typeof offerConfigPatchSchema>,
) => {
  const { version, ...changes } = input;
  const row = await ctx.db.transaction(async (tx) => {
    // Stored first: a default status chosen from the starter statuses read must exist to be checked.
    await ensureOfferConfig(tx, actor.companyId);
    await assertReferencesInCompany(tx, actor.companyId, {
      defaultStatusId: [OFFER_STATUSES_REFERABLE, changes.defaultStatusId],
    });
    if (changes.defaultStatusId) await assertMayBeDefault(tx, actor.companyId, changes.defaultStatusId);
    const [updated] = await tx
      .update(offerConfigs)
      .set({ ...changes, version: sql`${offerConfigs.version} + 1` })
      .where(and(eq(offerConfigs.companyId, actor.companyId), eq(offerConfigs.version, version)))
      .returning();
    if (!updated) {
      const current = await ensureOfferConfig(tx, actor.companyId);
      throw conflict('The offer config has been changed by someone else', {
        currentVersion: current.version,
      });
    }
    return updated;
  });
  const dto = toConfigDto(row);
  ctx.realtime.toCompany(actor.companyId, OFFER_PUSHES.offerConfigChanged, dto);
  // The default status shows in the status list.
  ctx.realtime.toCompany(actor.companyId, OFFER_PUSHES.offerStatusesChanged, {});
  return dto;
};
