import { defineJob } from '../jobs/job-table';
import { refreshStatistics } from './statistics';

/**
 * PGlite only, a few times a day: PostgreSQL's own autovacuum keeps its statistics between bulk
 * loads (see refreshStatistics).
 */
export const statisticsRefreshJob = defineJob<Record<string, never>>({
  name: 'database.statistics',
  retry: { limit: 1, delaySeconds: 600 },
  expireInSeconds: 60 * 60,
  schedule: { cron: '17 */6 * * *' },
  isEnabled: (ctx) => ctx.database.kind === 'pglite',
  handler: (ctx) => refreshStatistics(ctx),
});
