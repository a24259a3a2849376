import { sql } from 'drizzle-orm';
import type { AppContext } from '../context';

/** First refresh shortly after start, so start-up itself stays quick, then a few times a day. */
const FIRST_REFRESH_MS = 30_000;
const REFRESH_INTERVAL_MS = 6 * 60 * 60 * 1_000;

/**
 * Gathers planner statistics (and clears dead rows) on the embedded database. PostgreSQL's
 * autovacuum does this by itself; PGlite has no background workers, so without it the planner
 * guesses row counts from an empty table and picks slow plans once a company has real data
 * (measured: a project search on 100 000 rows took 1 s before, 15 ms after).
 */
export const refreshStatistics = async (ctx: Pick<AppContext, 'database' | 'logger'>) => {
  if (ctx.database.kind !== 'pglite') return;
  const started = Date.now();
  await ctx.database.db.execute(sql`vacuum analyze`);
  ctx.logger.info({ ms: Date.now() - started }, 'database statistics refreshed');
};

export const startStatisticsRefresh = (ctx: Pick<AppContext, 'database' | 'logger'>) => {
  if (ctx.database.kind !== 'pglite') return { stop: () => undefined };
  const refresh = () =>
    refreshStatistics(ctx).catch((error) => ctx.logger.warn({ err: error }, 'statistics refresh failed'));
  const first = setTimeout(refresh, FIRST_REFRESH_MS);
  const interval = setInterval(refresh, REFRESH_INTERVAL_MS);
  first.unref();
  interval.unref();
  return {
    stop: () => {
      clearTimeout(first);
      clearInterval(interval);
    },
  };
};
