import { defineJob } from '../../platform/jobs/job-table';
import { pruneOldLogs } from './logs.service';

/** Every night: log entries older than LOG_RETENTION_DAYS go (once across all instances). */
export const logsPruneJob = defineJob<Record<string, never>>({
  name: 'logs.prune',
  retry: { limit: 2, delaySeconds: 600 },
  schedule: { cron: '40 3 * * *' },
  handler: async (ctx) => {
    const { deleted } = await pruneOldLogs(ctx);
    if (deleted > 0) ctx.logger.info({ deleted }, 'old log entries pruned');
  },
});
