import { sql } from 'drizzle-orm';
import type { AppContext } from '../context';

/**
 * Gathers planner statistics. PGlite has no background workers, so without this the planner guesses
 * row counts from an empty table and picks slow plans once a company has real data (measured: a
 * project search on 100 000 rows took 1 s before, 15 ms after); there it also clears dead rows.
 * PostgreSQL's autovacuum normally does this by itself, but a bulk load (seed, import) should not
 * wait for it — nor rely on it, as some installations turn it off.
 */
export const refreshStatistics = async (ctx: Pick<AppContext, 'database' | 'logger'>) => {
  const started = Date.now();
  await ctx.database.db.execute(ctx.database.kind === 'pglite' ? sql`vacuum analyze` : sql`analyze`);
  ctx.logger.info({ ms: Date.now() - started }, 'database statistics refreshed');
};
