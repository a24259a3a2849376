import {
  DEFAULT_OFFER_CONFIG,
  OFFER_PUSHES,
  type OfferConfigDto,
  type offerConfigPatchSchema,
} from '@karm/domain/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Actor, AppContext } from '../../platform/context';
import type { Executor } from '../../platform/db/client';
import { assertReferencesInCompany, type Referable } from '../../platform/db/references';
import { conflict } from '../../platform/errors';
import { offerConfigs, offerStatuses } from './offers.tables';

/** The statuses a company starts with (SPEC §4: admin-defined, one default); deadline days each. */
const STARTER_STATUSES = [
  { name: 'Under arbeid', deadlineDays: 14 },
  { name: 'Sendt', deadlineDays: 7 },
  { name: 'Følg opp', deadlineDays: 5 },
  { name: 'Vunnet', deadlineDays: null },
  { name: 'Tapt', deadlineDays: null },
] as const;

export type OfferConfigRow = typeof offerConfigs.$inferSelect;

/**
 * The company's offer config, made on first use together with the starter statuses (the first one
 * the default). The config row's primary key makes concurrent first uses wait for one another, so
 * the statuses are made exactly once.
 */
export const ensureOfferConfig = async (tx: Executor, companyId: string): Promise<OfferConfigRow> => {
  const [created] = await tx
    .insert(offerConfigs)
    .values({
      companyId,
      deadlineDays: DEFAULT_OFFER_CONFIG.deadlineDays,
      firstNumber: DEFAULT_OFFER_CONFIG.firstNumber,
      validityDays: DEFAULT_OFFER_CONFIG.validityDays,
    })
    .onConflictDoNothing()
    .returning();
  if (created) {
    const statuses = await tx
      .insert(offerStatuses)
      .values(STARTER_STATUSES.map((status, position) => ({ companyId, ...status, position })))
      .returning();
    const [withDefault] = await tx
      .update(offerConfigs)
      .set({ defaultStatusId: statuses[0]?.id ?? null })
      .where(eq(offerConfigs.companyId, companyId))
      .returning();
    return withDefault ?? created;
  }
  const [existing] = await tx.select().from(offerConfigs).where(eq(offerConfigs.companyId, companyId));
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
  toConfigDto(await ctx.db.transaction((tx) => ensureOfferConfig(tx, actor.companyId)));

/** Offer statuses as offers and the config point at them: only live (not deleted) ones. */
export const OFFER_STATUSES_REFERABLE: Referable = {
  table: offerStatuses,
  id: offerStatuses.id,
  companyId: offerStatuses.companyId,
  isUsable: eq(offerStatuses.isDeleted, false),
};

export const updateOfferConfig = async (
  ctx: AppContext,
  actor: Actor,
  input: z.output<typeof offerConfigPatchSchema>,
) => {
  const { version, ...changes } = input;
  const row = await ctx.db.transaction(async (tx) => {
    await ensureOfferConfig(tx, actor.companyId);
    await assertReferencesInCompany(tx, actor.companyId, {
      defaultStatusId: [OFFER_STATUSES_REFERABLE, changes.defaultStatusId],
    });
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
