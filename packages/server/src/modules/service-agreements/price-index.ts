import type { PriceIndexResultDto, priceIndexSchema } from '@karm/domain/contract';
import { indexedPrice, VALIDATION_MESSAGE_KEYS as MESSAGES } from '@karm/domain/rules';
import { and, eq, gte, inArray, isNotNull, lte } from 'drizzle-orm';
import type { z } from 'zod';
import type { Actor, AppContext } from '../../platform/context';
import { validationError } from '../../platform/errors';
import { announceAgreements, writeHistory } from './agreement-records';
import { serviceAgreementPrices, serviceAgreements } from './service-agreements.tables';

/**
 * POST /service-agreements/price-index: each year an administrator enters the index change (e.g. the
 * consumer price index, +3.1 %) and applies it to the agreements (all, or those named). Both prices
 * of each agreement move by it, rounded to whole øre (rule `indexedPrice`), in one transaction; the
 * price history keeps date, old and new prices and the index. An agreement already indexed in the
 * same year is skipped, so a second click does not raise the price twice.
 */
export const applyPriceIndex = async (
  ctx: AppContext,
  actor: Actor,
  input: z.output<typeof priceIndexSchema>,
): Promise<PriceIndexResultDto> => {
  const hundredths = Math.round(input.percent * 100);
  const year = input.date.slice(0, 4);
  const now = ctx.clock.now();
  const result = await ctx.db.transaction(async (tx) => {
    const rows = await tx
      .select()
      .from(serviceAgreements)
      .where(
        and(
          eq(serviceAgreements.companyId, actor.companyId),
          input.agreementIds ? inArray(serviceAgreements.id, input.agreementIds) : undefined,
        ),
      )
      .for('update');
    if (input.agreementIds && rows.length !== input.agreementIds.length) {
      throw validationError({ agreementIds: MESSAGES.referenceUnknown });
    }
    // Only an index counts: a price typed in the dialog the same year does not stop the yearly index.
    const indexedThisYear = new Set(
      rows.length === 0
        ? []
        : (
            await tx
              .select({ agreementId: serviceAgreementPrices.agreementId })
              .from(serviceAgreementPrices)
              .where(
                and(
                  eq(serviceAgreementPrices.companyId, actor.companyId),
                  isNotNull(serviceAgreementPrices.indexHundredths),
                  gte(serviceAgreementPrices.date, `${year}-01-01`),
                  lte(serviceAgreementPrices.date, `${year}-12-31`),
                  inArray(
                    serviceAgreementPrices.agreementId,
                    rows.map((row) => row.id),
                  ),
                ),
              )
          ).map((price) => price.agreementId),
    );
    const adjusted = rows.filter((row) => !indexedThisYear.has(row.id));
    for (const row of adjusted) {
      const newPricePerVisitOre = indexedPrice(row.pricePerVisitOre, input.percent);
      const newPricePerYearOre = indexedPrice(row.pricePerYearOre, input.percent);
      await tx
        .update(serviceAgreements)
        .set({
          pricePerVisitOre: newPricePerVisitOre,
          pricePerYearOre: newPricePerYearOre,
          updatedAt: now,
          version: row.version + 1,
        })
        .where(eq(serviceAgreements.id, row.id));
      await tx.insert(serviceAgreementPrices).values({
        companyId: actor.companyId,
        agreementId: row.id,
        date: input.date,
        oldPricePerVisitOre: row.pricePerVisitOre,
        newPricePerVisitOre,
        oldPricePerYearOre: row.pricePerYearOre,
        newPricePerYearOre,
        indexHundredths: hundredths,
        userId: actor.userId,
      });
      await writeHistory(
        tx,
        actor,
        row.id,
        'priceIndexed',
        {
          pricePerVisitOre: { from: row.pricePerVisitOre, to: newPricePerVisitOre },
          pricePerYearOre: { from: row.pricePerYearOre, to: newPricePerYearOre },
          indexPercent: { from: null, to: hundredths / 100 },
        },
        now,
      );
    }
    return { projectIds: adjusted.map((row) => row.projectId), skipped: rows.length - adjusted.length };
  });
  await announceAgreements(ctx, actor.companyId, result.projectIds, []);
  return { adjusted: result.projectIds.length, skipped: result.skipped };
};
