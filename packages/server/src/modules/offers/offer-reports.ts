import { REPORT_NONE_KEY, type ReportRange } from '@karm/domain/contract';
import { and, asc, count, eq, isNotNull, or, sql } from 'drizzle-orm';
import type { AppContext } from '../../platform/context';
import { dateInRange, instantInRange } from '../../platform/db/date-range';
import { inquiries } from '../inquiries/inquiries.tables';
import { offerStatuses, offers } from './offers.tables';

/**
 * The reports' figures of offers (issue 17), each one statement grouped in SQL. Offers by status are
 * the offer list's rows (not archived) per status, by the day they were created; the hit rate counts
 * the won and lost offers by the day their status was decided.
 */
export const offersByStatusReport = async (ctx: AppContext, companyId: string, range: ReportRange) => {
  const rows = await ctx.db
    .select({
      key: offers.statusId,
      label: offerStatuses.name,
      count: count(),
      value: sql<number>`coalesce(sum(${offers.value}), 0)`.mapWith(Number),
    })
    .from(offers)
    .leftJoin(offerStatuses, eq(offerStatuses.id, offers.statusId))
    .where(
      and(
        eq(offers.companyId, companyId),
        eq(offers.archived, false),
        instantInRange(offers.createdAt, range),
      ),
    )
    .groupBy(offers.statusId, offerStatuses.name, offerStatuses.position)
    .orderBy(asc(offerStatuses.position), asc(offerStatuses.name));
  return rows.map((row) => ({
    key: row.key ?? REPORT_NONE_KEY,
    label: row.label,
    values: { count: row.count, value: row.value },
  }));
};

/** Won and lost offers per owner type or project category, by the day the status was set. */
export const hitRateReport = async (
  ctx: AppContext,
  companyId: string,
  range: ReportRange,
  by: 'ownerType' | 'projectCategory',
) => {
  const column = by === 'ownerType' ? offers.ownerType : offers.projectCategory;
  const rows = await ctx.db
    .select({
      key: column,
      won: sql<number>`count(*) filter (where ${offerStatuses.isWon})`.mapWith(Number),
      lost: sql<number>`count(*) filter (where ${offerStatuses.isLost})`.mapWith(Number),
    })
    .from(offers)
    .innerJoin(offerStatuses, eq(offerStatuses.id, offers.statusId))
    .where(
      and(
        eq(offers.companyId, companyId),
        or(eq(offerStatuses.isWon, true), eq(offerStatuses.isLost, true)),
        dateInRange(offers.statusChangedAt, range),
      ),
    )
    .groupBy(column)
    .orderBy(asc(column));
  return rows.map((row) => ({
    key: row.key ?? REPORT_NONE_KEY,
    label: null,
    values: { won: row.won, lost: row.lost },
  }));
};

/**
 * The funnel of the inquiries received in the period: how many there were, how many got an offer,
 * and how many of those offers became a project. The offers are grouped per inquiry once and joined
 * (a hash join), not looked up inquiry by inquiry: `offers.inquiry_id` has no index of its own.
 */
export const funnelReport = async (ctx: AppContext, companyId: string, range: ReportRange) => {
  const offered = ctx.db
    .select({
      inquiryId: offers.inquiryId,
      hasProject: sql<boolean>`bool_or(${offers.projectId} is not null)`.as('has_project'),
    })
    .from(offers)
    .where(and(eq(offers.companyId, companyId), isNotNull(offers.inquiryId)))
    .groupBy(offers.inquiryId)
    .as('offered');
  const [row] = await ctx.db
    .select({
      inquiries: count(),
      offers: sql<number>`count(${offered.inquiryId})`.mapWith(Number),
      projects: sql<number>`count(*) filter (where ${offered.hasProject})`.mapWith(Number),
    })
    .from(inquiries)
    .leftJoin(offered, eq(offered.inquiryId, inquiries.id))
    .where(and(eq(inquiries.companyId, companyId), dateInRange(inquiries.receivedDate, range)));
  return (['inquiries', 'offers', 'projects'] as const).map((key) => ({
    key,
    label: null,
    values: { count: row?.[key] ?? 0 },
  }));
};
