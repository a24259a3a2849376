import { and, asc, inArray, isNull, lt, lte, or } from 'drizzle-orm';
import type { AppContext } from '../../platform/context';
import type { Executor } from '../../platform/db/client';
import { defineJob } from '../../platform/jobs/job-table';
import { type AttemptOutcome, attemptDelivery, type DeliveryOptions } from './webhook-delivery';
import { webhookDeliveries } from './webhooks.tables';

/*
 * When delivery attempts run: the `webhooks.dispatch` job (pg-boss) works through every delivery
 * that is due. A recorded event, a resend and a test event queue it with their change; a one-minute
 * timetable picks up the retries whose back-off has passed and claims a crashed instance let go.
 * The job is a singleton: however many events arrive, at most one dispatch waits and one runs.
 */

/**
 * Ids of deliveries due now that no dispatcher holds, claimed for `holdMs` (an instance that dies
 * mid-attempt lets go when the hold ends). SKIP LOCKED lets several instances claim side by side.
 */
export const claimDueDeliveries = async (ctx: AppContext, limit: number, holdMs: number) => {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const due = await tx
      .select({ id: webhookDeliveries.id })
      .from(webhookDeliveries)
      .where(
        and(
          inArray(webhookDeliveries.status, ['pending', 'retrying']),
          lte(webhookDeliveries.nextAttemptAt, now),
          or(isNull(webhookDeliveries.lockedUntil), lt(webhookDeliveries.lockedUntil, now)),
        ),
      )
      .orderBy(asc(webhookDeliveries.nextAttemptAt))
      .limit(limit)
      .for('update', { skipLocked: true });
    const ids = due.map((row) => row.id);
    if (ids.length > 0)
      await tx
        .update(webhookDeliveries)
        .set({ lockedUntil: new Date(now.getTime() + holdMs) })
        .where(inArray(webhookDeliveries.id, ids));
    return ids;
  });
};

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

/** Rounds until nothing due is left (a full round means more may wait). */
const dispatchAllDue = async (ctx: AppContext) => {
  while ((await dispatchDue(ctx)).length >= DEFAULT_BATCH);
};

export const webhookDispatchJob = defineJob<Record<string, never>>({
  name: 'webhooks.dispatch',
  handler: (ctx) => dispatchAllDue(ctx),
  singletonKey: () => 'webhooks.dispatch',
  // A failed round is not retried: the next event or the timetable's next minute runs another.
  retry: { limit: 0, delaySeconds: 0 },
  schedule: { cron: '* * * * *' },
  isEnabled: (ctx) => ctx.config.isWebhookDispatchEnabled,
});

export const webhookJobs = [webhookDispatchJob];

/** Queues a dispatch; inside a use case's transaction it is queued with (and only with) the change. */
export const wakeWebhookDispatch = (ctx: AppContext, db: Executor = ctx.db) =>
  ctx.jobs.send(webhookDispatchJob, {}, db === ctx.db ? {} : { tx: db });
