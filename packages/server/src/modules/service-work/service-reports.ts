import type { ReportRange } from '@karm/domain/contract';
import { count, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../platform/context';
import { instantInRange } from '../../platform/db/date-range';
import { serviceItems } from './service-work.tables';

/**
 * Service visits for the reports (issue 17), from what service work stores today: each item's last
 * visit. Visited: items whose last visit lies in the period; not visited: the others (never visited,
 * or last visited outside the period). There is no visit history or interval yet, so "due" is the
 * items not visited in the period. A company without service items has nothing to count
 * (`isAvailable: false`).
 */
export const serviceVisitsReport = async (ctx: AppContext, companyId: string, range: ReportRange) => {
  const visited = instantInRange(serviceItems.lastVisitAt, range);
  const [row] = await ctx.db
    .select({
      items: count(),
      visited:
        sql<number>`count(*) filter (where ${serviceItems.lastVisitAt} is not null and ${visited ?? sql`true`})`.mapWith(
          Number,
        ),
    })
    .from(serviceItems)
    .where(eq(serviceItems.companyId, companyId));
  const items = row?.items ?? 0;
  const done = row?.visited ?? 0;
  return {
    isAvailable: items > 0,
    rows: [
      { key: 'visited', label: null, values: { count: done } },
      { key: 'notVisited', label: null, values: { count: items - done } },
    ],
  };
};
