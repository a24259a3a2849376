import type { ReportRange } from '@karm/domain/contract';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../platform/context';
import { dateInRange } from '../../platform/db/date-range';
import { deviations } from './quality.tables';

/**
 * Deviations per category for the reports (issue 17), by the deviation's date: how many, how many are
 * not closed yet, and what they cost (øre).
 */
export const deviationsByCategoryReport = async (ctx: AppContext, companyId: string, range: ReportRange) => {
  const rows = await ctx.db
    .select({
      key: deviations.category,
      count: count(),
      open: sql<number>`count(*) filter (where ${deviations.status} <> 'closed')`.mapWith(Number),
      cost: sql<number>`coalesce(sum(${deviations.costOre}), 0)`.mapWith(Number),
    })
    .from(deviations)
    .where(and(eq(deviations.companyId, companyId), dateInRange(deviations.date, range)))
    .groupBy(deviations.category)
    .orderBy(asc(deviations.category));
  return rows.map((row) => ({
    key: row.key,
    label: null,
    values: { count: row.count, open: row.open, cost: row.cost },
  }));
};
