import type { Page, pageQuerySchema, SocketEventParsedInput, SyncRunDto } from '@karm/domain/contract';
import { and, count, desc, eq, max, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { syncRuns } from '../../integrations/accounting/accounting.tables';
import type { Actor, AppContext } from '../../platform/context';
import type { Executor } from '../../platform/db/client';
import { loadPage } from '../../platform/db/paging';
import { beginSync, toSyncRunDto } from './sync-engine';

/** "Sync now": answers at once with the run; progress and the outcome follow as pushes to the admins. */
export const startManualSync = async (
  ctx: AppContext,
  actor: Actor,
  input: SocketEventParsedInput<'accounting:sync-now'>,
) => {
  const { run, finished } = await beginSync(ctx, actor.companyId, { trigger: 'manual', mode: input.mode });
  finished.catch((error) => ctx.logger.error({ err: error }, 'manual sync failed'));
  return run;
};

/** The company's sync log, newest first. */
export const listSyncRuns = (
  ctx: AppContext,
  actor: Actor,
  input: z.output<typeof pageQuerySchema>,
): Promise<Page<SyncRunDto>> => {
  const where = eq(syncRuns.companyId, actor.companyId);
  return loadPage(
    input,
    {
      rows: (limit, offset) =>
        ctx.db
          .select()
          .from(syncRuns)
          .where(where)
          .orderBy(desc(syncRuns.startedAt), desc(syncRuns.id))
          .limit(limit)
          .offset(offset),
      total: () => ctx.db.select({ total: count() }).from(syncRuns).where(where),
    },
    toSyncRunDto,
  );
};

/**
 * How many syncs failed since the last one that succeeded (the dashboard's alert): a failure
 * followed by a success is over and done with; the sync log lists them newest first.
 */
export const failedSyncsSinceSuccess = async (db: Executor, companyId: string) => {
  const lastSuccess = db
    .select({ at: max(syncRuns.startedAt) })
    .from(syncRuns)
    .where(and(eq(syncRuns.companyId, companyId), eq(syncRuns.status, 'succeeded')));
  const [row] = await db
    .select({ total: count() })
    .from(syncRuns)
    .where(
      and(
        eq(syncRuns.companyId, companyId),
        eq(syncRuns.status, 'failed'),
        sql`${syncRuns.startedAt} > coalesce((${lastSuccess}), '-infinity'::timestamptz)`,
      ),
    );
  return row?.total ?? 0;
};
