import type { Page, SyncRunDto } from '@karm/domain/contract';
import { count, desc, eq } from 'drizzle-orm';
import { syncRuns } from '../../integrations/accounting/accounting.tables';
import { loadPage } from '../../platform/db/paging';
import { type SocketHandlers, signedIn } from '../../platform/realtime/socket-handlers';
import {
  assertAdmin,
  getAccountingSettings,
  testAccountingConnection,
  updateAccountingSettings,
} from './settings.service';
import { beginSync, toSyncRunDto } from './sync-engine';

type AccountingEvent =
  | 'accounting:get-settings'
  | 'accounting:update-settings'
  | 'accounting:test-connection'
  | 'accounting:sync-now'
  | 'accounting:sync-runs';

export const accountingSocketHandlers: SocketHandlers<AccountingEvent> = {
  'accounting:get-settings': async (_input, request) => {
    const { ctx, actor } = signedIn(request);
    return getAccountingSettings(ctx, actor);
  },
  'accounting:update-settings': async (input, request) => {
    const { ctx, actor } = signedIn(request);
    return updateAccountingSettings(ctx, actor, input);
  },
  'accounting:test-connection': async (_input, request) => {
    const { ctx, actor } = signedIn(request);
    return testAccountingConnection(ctx, actor);
  },
  'accounting:sync-now': async (input, request) => {
    const { ctx, actor } = signedIn(request);
    assertAdmin(actor);
    const { run, finished } = await beginSync(ctx, actor.companyId, { trigger: 'manual', mode: input.mode });
    // The answer comes at once; progress and the outcome follow as pushes to the admins.
    finished.catch((error) => ctx.logger.error({ err: error }, 'manual sync failed'));
    return run;
  },
  'accounting:sync-runs': async (input, request): Promise<Page<SyncRunDto>> => {
    const { ctx, actor } = signedIn(request);
    assertAdmin(actor);
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
  },
};
