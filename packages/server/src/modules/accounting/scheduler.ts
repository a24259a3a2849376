import { eq } from 'drizzle-orm';
import { accountingSettings } from '../../integrations/accounting/accounting.tables';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { pushPending, runSync } from './sync-engine';

/** How often each instance looks for due syncs and due pushes. */
export const SCHEDULER_TICK_MS = 20_000;

/**
 * Runs each connected company's sync at its interval and pushes pending records in between (at
 * once when a record is created). Several instances may run it: a running sync is unique per
 * company and pushed records are leased, so they never do the same work twice.
 */
export const startAccountingScheduler = (ctx: AppContext) => {
  let isTicking = false;
  const pushing = new Set<string>();

  const pushNow = async (companyId: string) => {
    if (pushing.has(companyId)) return;
    pushing.add(companyId);
    try {
      await pushPending(ctx, companyId, await ctx.accounting.forCompany(companyId));
    } catch (error) {
      ctx.logger.warn({ err: error, companyId }, 'accounting push failed');
    } finally {
      pushing.delete(companyId);
    }
  };

  const tick = async () => {
    if (isTicking) return;
    isTicking = true;
    try {
      const connected = await ctx.db
        .select()
        .from(accountingSettings)
        .where(eq(accountingSettings.provider, 'tripletex'));
      const now = ctx.clock.now().getTime();
      for (const settings of connected) {
        const isDue =
          !settings.lastSyncAt ||
          now - settings.lastSyncAt.getTime() >= settings.syncIntervalMinutes * 60_000;
        if (!isDue) {
          await pushNow(settings.companyId);
          continue;
        }
        await runSync(ctx, settings.companyId, { trigger: 'scheduled' }).catch((error) => {
          // Another instance got there first, or the tokens are gone: both are fine to skip.
          if (!(error instanceof AppError)) ctx.logger.error({ err: error }, 'scheduled sync failed');
        });
      }
    } catch (error) {
      ctx.logger.error({ err: error }, 'accounting scheduler tick failed');
    } finally {
      isTicking = false;
    }
  };

  const timer = setInterval(() => void tick(), SCHEDULER_TICK_MS);
  const stopListening = ctx.accounting.onPushRequested((companyId) => void pushNow(companyId));
  void tick();
  return {
    stop: () => {
      clearInterval(timer);
      stopListening();
    },
  };
};
