import {
  type OfferDto,
  type OfferRecordDto,
  type offerListQuerySchema,
  type Page,
  periodOf,
} from '@karm/domain/contract';
import { addDays } from '@karm/domain/rules';
import { and, asc, count, desc, eq, ilike, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { todayIn } from '../../platform/clock';
import type { Actor, AppContext } from '../../platform/context';
import { instantInRange } from '../../platform/db/date-range';
import { loadPage } from '../../platform/db/paging';
import { containsPattern, numberMatch } from '../../platform/db/search-terms';
import { customerIdsMatching } from '../customers/customers.service';
import { readOfferSettings } from './offer-config.service';
import { offerDtos, offerRecordDtos } from './offer-dto';
import { offerConfigs, offerStatuses, offers } from './offers.tables';

type OfferListQuery = z.output<typeof offerListQuerySchema>;

/**
 * The status deadline in SQL (the rule of domain `offerStatusDeadline`), for the overdue filter and
 * sorting: none for a won or lost offer, so a decided offer is never overdue.
 */
const statusDeadlineSql = sql`(case when ${offerStatuses.isWon} or ${offerStatuses.isLost} then null else ${offers.statusChangedAt} + coalesce(${offerStatuses.deadlineDays}, ${offerConfigs.deadlineDays}) end)`;

const SORT_COLUMNS: Record<OfferListQuery['sort'], SQL | typeof offers.number> = {
  number: offers.number,
  projectName: sql`lower(${offers.projectName})`,
  status: sql`${offerStatuses.position}`,
  statusDeadline: statusDeadlineSql,
  offerDeadline: sql`${offers.offerDeadline}`,
  createdAt: sql`${offers.createdAt}`,
  value: sql`${offers.value}`,
  contributionMargin: sql`${offers.contributionMargin}`,
};

/**
 * "Overdue" (status deadline before today) as one date range per status still open: the status was
 * changed before today minus its deadline days (the config's default where the status has none, as
 * for an offer without a status). Statuses are a handful, and each range is read from
 * offers_company_status_idx (company, status, archived, status_changed_at) — computing every offer's
 * deadline instead read all 50 000 offers of a large company for the dashboard's alert.
 */
const overdueCondition = async (ctx: AppContext, companyId: string): Promise<SQL> => {
  const { config, statuses } = await readOfferSettings(ctx.db, companyId);
  const today = todayIn(ctx.clock);
  const changedBefore = (deadlineDays: number) => lt(offers.statusChangedAt, addDays(today, -deadlineDays));
  const ranges = [
    ...statuses
      .filter((status) => !status.isWon && !status.isLost)
      .map((status) =>
        and(eq(offers.statusId, status.id), changedBefore(status.deadlineDays ?? config.deadlineDays)),
      ),
    and(isNull(offers.statusId), changedBefore(config.deadlineDays)),
  ];
  return or(...ranges) ?? sql`false`;
};

const filterOf = async (ctx: AppContext, actor: Actor, query: OfferListQuery) => {
  const search = query.search?.trim();
  const pattern = search ? containsPattern(search) : '';
  return and(
    eq(offers.companyId, actor.companyId),
    eq(offers.archived, query.archived),
    query.statusId ? eq(offers.statusId, query.statusId) : undefined,
    query.ownerId ? eq(offers.ownerId, query.ownerId) : undefined,
    query.overdue ? await overdueCondition(ctx, actor.companyId) : undefined,
    instantInRange(offers.createdAt, periodOf(query)),
    search
      ? or(
          numberMatch(offers.number, search),
          ilike(offers.projectName, pattern),
          ilike(offers.projectAddress, pattern),
          ilike(offers.city, pattern),
          sql`${offers.oneTimeCustomer}->>'name' ilike ${pattern}`,
          sql`${offers.customerId} = any(array(${customerIdsMatching(actor.companyId, search)}))`,
        )
      : undefined,
  );
};

/** One page of offers under the filters, in the chosen order (the number breaks ties). */
const pageOfRows = async (ctx: AppContext, actor: Actor, query: OfferListQuery) => {
  const where = await filterOf(ctx, actor, query);
  const direction = query.direction === 'asc' ? asc : desc;
  return loadPage(
    query,
    {
      rows: (limit, offset) =>
        ctx.db
          .select({ offer: offers })
          .from(offers)
          .leftJoin(offerStatuses, eq(offerStatuses.id, offers.statusId))
          .leftJoin(offerConfigs, eq(offerConfigs.companyId, offers.companyId))
          .where(where)
          .orderBy(direction(SORT_COLUMNS[query.sort]), direction(offers.number))
          .limit(limit)
          .offset(offset),
      total: () =>
        ctx.db
          .select({ total: count() })
          .from(offers)
          .leftJoin(offerStatuses, eq(offerStatuses.id, offers.statusId))
          .leftJoin(offerConfigs, eq(offerConfigs.companyId, offers.companyId))
          .where(where),
    },
    (row) => row.offer,
  );
};

/** GET /offers: the stored records, paged on the server. */
export const listOffers = async (
  ctx: AppContext,
  actor: Actor,
  query: OfferListQuery,
): Promise<Page<OfferRecordDto>> => {
  const page = await pageOfRows(ctx, actor, query);
  return { ...page, items: await offerRecordDtos(ctx.db, actor.companyId, page.items) };
};

/** GET /offers/populated: the same page with names and the displayed status filled in. */
export const listPopulatedOffers = async (
  ctx: AppContext,
  actor: Actor,
  query: OfferListQuery,
): Promise<Page<OfferDto>> => {
  const page = await pageOfRows(ctx, actor, query);
  return { ...page, items: await offerDtos(ctx, actor.companyId, page.items) };
};
