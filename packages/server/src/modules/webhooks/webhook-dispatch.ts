import type { AppContext } from '../../platform/context';
import { type AttemptOutcome, attemptDelivery, type DeliveryOptions } from './webhook-delivery';
import { claimDueDeliveries } from './webhooks.service';

/*
 * THE PART THE JOB QUEUE REPLACES. Everything else of webhooks — recording deliveries with the
 * change (`publishWebhookEvent`), one attempt with its back-off (`attemptDelivery`) — stays; this
 * file only decides when attempts run. With pg-boss, a job per delivery calls `attemptDelivery` and
 * schedules itself again at `retryAt`; `startWebhookDispatcher` goes away.
 */

/** Attempts may take up to 10 s; a claim outlives that, then lapses if its instance died. */
const CLAIM_HOLD_MS = 60_000;
const DEFAULT_BATCH = 50;
const DEFAULT_CONCURRENCY = 8;

export type DispatchOptions = DeliveryOptions & {
  /** Deliveries claimed per round. */
  batchSize?: number;
  /** Attempts in flight at once. */
  concurrency?: number;
};

/**
 * Claims the deliveries due now and makes one attempt of each; answers what became of them. Tests and
 * the bench call it directly; a round never waits for a retry (that is the next round's business).
 */
export const dispatchDue = async (ctx: AppContext, options: DispatchOptions = {}) => {
  const ids = await claimDueDeliveries(ctx, options.batchSize ?? DEFAULT_BATCH, CLAIM_HOLD_MS);
  const outcomes: AttemptOutcome[] = [];
  let next = 0;
  const worker = async () => {
    while (next < ids.length) {
      const id = ids[next++] as string;
      outcomes.push(await attemptDelivery(ctx, id, options));
    }
  };
  await Promise.all(
    Array.from({ length: Math.min(options.concurrency ?? DEFAULT_CONCURRENCY, ids.length) }, worker),
  );
  return outcomes;
};

/**
 * Runs `dispatchDue` every `intervalMs` (and again at once while a round was full) until stopped;
 * `stop` waits for the round in flight, so nothing is left running behind a closed database.
 */
export const startWebhookDispatcher = (ctx: AppContext, intervalMs = 1_000) => {
  let isStopped = false;
  let timer: NodeJS.Timeout | undefined;
  let round: Promise<void> = Promise.resolve();
  const tick = () => {
    round = dispatchDue(ctx)
      .then((outcomes) => outcomes.length)
      .catch((error: unknown) => {
        ctx.logger.error({ err: error }, 'Webhook dispatch failed');
        return 0;
      })
      .then((handled) => {
        if (!isStopped) timer = setTimeout(tick, handled >= DEFAULT_BATCH ? 0 : intervalMs);
      });
  };
  timer = setTimeout(tick, intervalMs);
  return {
    stop: async () => {
      isStopped = true;
      clearTimeout(timer);
      await round;
    },
  };
};
