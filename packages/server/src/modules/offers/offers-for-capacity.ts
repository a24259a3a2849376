import { and, between, count, eq, gt, isNull, or } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client';
import { readOfferSettings } from './offer-config.service';
import { offers } from './offers.tables';

/** An offer in the pipeline: not archived, not yet a project, with production or installation hours. */
const isOpenWithHours = (companyId: string) =>
  and(
    eq(offers.companyId, companyId),
    eq(offers.archived, false),
    isNull(offers.projectId),
    or(gt(offers.productionHours, 0), gt(offers.installationHours, 0)),
  );

/**
 * The capacity forecast's pipeline: open offers with hours whose expected delivery date falls in
 * `from`–`to`, each with its status's name and likelihood (an offer without a status is in the
 * default one); offers at 0 % add nothing and are left out. `unplacedCount` counts the open offers
 * with hours but no expected delivery date, which the forecast cannot place.
 */
export const pipelineOffers = async (db: Executor, companyId: string, from: string, to: string) => {
  const [{ config, statuses }, rows, [unplaced]] = await Promise.all([
    readOfferSettings(db, companyId),
    db
      .select({
        id: offers.id,
        number: offers.number,
        projectName: offers.projectName,
        statusId: offers.statusId,
        expectedDeliveryDate: offers.expectedDeliveryDate,
        productionHours: offers.productionHours,
        installationHours: offers.installationHours,
      })
      .from(offers)
      .where(and(isOpenWithHours(companyId), between(offers.expectedDeliveryDate, from, to))),
    db
      .select({ count: count() })
      .from(offers)
      .where(and(isOpenWithHours(companyId), isNull(offers.expectedDeliveryDate))),
  ]);
  const statusOf = new Map(statuses.map((status) => [status.id, status]));
  return {
    offers: rows.flatMap((row) => {
      const status = statusOf.get(row.statusId ?? config.defaultStatusId ?? '');
      const likelihoodPercent = status?.likelihoodPercent ?? 0;
      return likelihoodPercent > 0 && row.expectedDeliveryDate
        ? [
            {
              ...row,
              expectedDeliveryDate: row.expectedDeliveryDate,
              statusName: status?.name ?? null,
              likelihoodPercent,
            },
          ]
        : [];
    }),
    unplacedCount: unplaced?.count ?? 0,
  };
};
