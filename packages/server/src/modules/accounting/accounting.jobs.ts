import { eq } from 'drizzle-orm';
import { accountingSettings } from '../../integrations/accounting/accounting.tables';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { defineJob } from '../../platform/jobs/job-table';
import { pushPending, runSync } from './sync-engine';

/** ACCOUNTING_SYNC=false keeps an instance out of the accounting work (the others still do it). */
const isAccountingInstance = (ctx: AppContext) => ctx.config.isAccountingSyncEnabled;

/** One company's sync with its accounting system; a failed run is retried with back-off. */
export const accountingSyncJob = defineJob<{ companyId: string }>({
  name: 'accounting.sync',
  retry: { limit: 2, delaySeconds: 60, backoff: true },
  expireInSeconds: 30 * 60,
  singletonKey: ({ companyId }) => companyId,
  isEnabled: isAccountingInstance,
  handler: async (ctx, { companyId }) => {
    let outcome: Awaited<ReturnType<typeof runSync>>;
    try {
      outcome = await runSync(ctx, companyId, { trigger: 'scheduled' });
    } catch (error) {
      // A sync already running (started by hand), or the connection was removed: nothing to retry.
      if (error instanceof AppError) return;
      throw error;
    }
    if (outcome.status === 'failed') throw new Error(outcome.errors.at(-1) ?? 'The sync failed');
  },
});

/** Sends a company's records changed in Karm to its accounting system. */
export const accountingPushJob = defineJob<{ companyId: string }>({
  name: 'accounting.push',
  retry: { limit: 5, delaySeconds: 30, backoff: true },
  expireInSeconds: 10 * 60,
  singletonKey: ({ companyId }) => companyId,
  isEnabled: isAccountingInstance,
  handler: async (ctx, { companyId }) => {
    const port = await ctx.accounting.forCompany(companyId);
    if (port.kind === 'none') return;
    await pushPending(ctx, companyId, port);
  },
});

/**
 * Every minute, once across all instances: queues the sync of each connected company whose interval
 * has passed, and a push for the others (records whose push failed are tried again this way).
 */
export const accountingTimetableJob = defineJob<Record<string, never>>({
  name: 'accounting.timetable',
  retry: { limit: 0, delaySeconds: 0 },
  expireInSeconds: 5 * 60,
  schedule: { cron: '* * * * *' },
  isEnabled: isAccountingInstance,
  handler: async (ctx) => {
    const connected = await ctx.db
      .select()
      .from(accountingSettings)
      .where(eq(accountingSettings.provider, 'tripletex'));
    const now = ctx.clock.now().getTime();
    for (const settings of connected) {
      const isDue =
        !settings.lastSyncAt || now - settings.lastSyncAt.getTime() >= settings.syncIntervalMinutes * 60_000;
      const companyId = settings.companyId;
      await ctx.jobs.send(isDue ? accountingSyncJob : accountingPushJob, { companyId });
    }
  },
});

/**
 * Asks for the company's pending records to be pushed soon (after a create or update). The change is
 * committed already and its records are marked pending, so the timetable's push catches them if
 * this request cannot be queued: it never fails the caller.
 */
export const requestAccountingPush = async (ctx: AppContext, companyId: string) => {
  await ctx.jobs
    .send(accountingPushJob, { companyId })
    .catch((error) => ctx.logger.warn({ err: error, companyId }, 'accounting push not queued'));
};

export const accountingJobs = [accountingSyncJob, accountingPushJob, accountingTimetableJob];
