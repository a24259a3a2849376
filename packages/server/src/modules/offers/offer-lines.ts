import type { OfferLineDto, offerLineSchema } from '@karm/domain/contract';
import { lineSalesPrice, linesTotals } from '@karm/domain/rules';
import { and, asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Executor } from '../../platform/db/client';
import { offerLines } from './offers.tables';

type OfferLineInput = z.output<typeof offerLineSchema>;

/** Replaces an offer's lines; answers the value and contribution margin (øre) to store with the offer. */
export const replaceOfferLines = async (
  tx: Executor,
  companyId: string,
  offerId: string,
  lines: OfferLineInput[],
) => {
  await tx
    .delete(offerLines)
    .where(and(eq(offerLines.companyId, companyId), eq(offerLines.offerId, offerId)));
  if (lines.length > 0) {
    await tx.insert(offerLines).values(
      lines.map((line, position) => ({
        companyId,
        offerId,
        position,
        description: line.description,
        count: line.count,
        unitPrice: line.unitPrice,
        discountPercent: line.discountPercent,
        costPrice: line.costPrice,
        vatPercent: line.vatPercent,
      })),
    );
  }
  const { value, contributionMargin } = linesTotals(lines);
  return { value, contributionMargin };
};

export const linesOfOffer = async (
  db: Executor,
  companyId: string,
  offerId: string,
): Promise<OfferLineDto[]> =>
  (
    await db
      .select()
      .from(offerLines)
      .where(and(eq(offerLines.companyId, companyId), eq(offerLines.offerId, offerId)))
      .orderBy(asc(offerLines.position))
  ).map((line) => ({
    id: line.id,
    description: line.description,
    count: line.count,
    unitPrice: line.unitPrice,
    discountPercent: line.discountPercent,
    costPrice: line.costPrice,
    salesPrice: lineSalesPrice(line),
    vatPercent: line.vatPercent,
  }));
