import { randomBytes } from 'node:crypto';
import {
  type Page,
  WEBHOOK_PUSHES,
  WEBHOOK_TEST_EVENT,
  type WebhookAttemptDto,
  type WebhookDeliveryDetailDto,
  type WebhookDeliveryDto,
  type WebhookEvent,
  type WebhookSecretDto,
  type WebhookSettingsDto,
  type WebhookSubscriptionDto,
  type webhookCreateSchema,
  type webhookDeliveryQuerySchema,
  type webhookSettingsSaveSchema,
  type webhookUpdateSchema,
} from '@karm/domain/contract';
import { VALIDATION_MESSAGE_KEYS } from '@karm/domain/rules';
import { and, arrayContains, asc, count, desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Actor, AppContext } from '../../platform/context';
import type { Executor } from '../../platform/db/client';
import { loadPage } from '../../platform/db/paging';
import { conflict, notFound, validationError } from '../../platform/errors';
import { newId } from '../../platform/ids';
import { RETRY_WINDOW_MS } from './webhook-delivery';
import { wakeWebhookDispatch } from './webhook-dispatch';
import { checkTargetUrl, type TargetProblem } from './webhook-network';
import { webhookAttempts, webhookDeliveries, webhookSettings, webhookSubscriptions } from './webhooks.tables';

type SubscriptionRow = typeof webhookSubscriptions.$inferSelect;
type DeliveryRow = typeof webhookDeliveries.$inferSelect;

const toSubscriptionDto = (row: SubscriptionRow): WebhookSubscriptionDto => ({
  id: row.id,
  url: row.url,
  description: row.description,
  events: row.events,
  isActive: row.isActive,
  secretHint: row.secretHint,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
  version: row.version,
});

const toDeliveryDto = (row: DeliveryRow, url: string): WebhookDeliveryDto => ({
  id: row.id,
  subscriptionId: row.subscriptionId,
  url,
  event: row.event,
  status: row.status,
  attemptCount: row.attemptCount,
  lastResponseCode: row.lastResponseCode,
  nextAttemptAt: row.nextAttemptAt?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/** `whsec_` and 32 random bytes: what the receiver keys its HMAC with. */
const newSecret = () => `whsec_${randomBytes(32).toString('base64url')}`;

const sealedSecret = (ctx: AppContext) => {
  const secret = newSecret();
  return { secret, values: { secretSealed: ctx.secrets.seal(secret), secretHint: secret.slice(-4) } };
};

const announceSubscriptions = (ctx: AppContext, companyId: string) =>
  ctx.realtime.toCompanyAdmins(companyId, WEBHOOK_PUSHES.subscriptionsChanged, {});

const announceDelivery = (ctx: AppContext, companyId: string, delivery: { id: string; status: string }) =>
  ctx.realtime.toCompanyAdmins(companyId, WEBHOOK_PUSHES.deliveryChanged, delivery);

// ---- settings ----

const readSettings = async (db: Executor, companyId: string) => {
  const [row] = await db.select().from(webhookSettings).where(eq(webhookSettings.companyId, companyId));
  return row;
};

/** Private addresses are reachable only when the installation permits it and the company allows it. */
export const isPrivateNetworkAllowed = async (ctx: AppContext, db: Executor, companyId: string) =>
  ctx.config.isWebhookPrivateNetworkPermitted &&
  ((await readSettings(db, companyId))?.allowPrivateNetwork ?? false);

const toSettingsDto = (ctx: AppContext, row: typeof webhookSettings.$inferSelect | undefined) => ({
  allowPrivateNetwork: row?.allowPrivateNetwork ?? false,
  isPrivateNetworkPermitted: ctx.config.isWebhookPrivateNetworkPermitted,
  version: row?.version ?? 0,
});

export const getWebhookSettings = async (ctx: AppContext, actor: Actor): Promise<WebhookSettingsDto> =>
  toSettingsDto(ctx, await readSettings(ctx.db, actor.companyId));

export const saveWebhookSettings = async (
  ctx: AppContext,
  actor: Actor,
  input: z.output<typeof webhookSettingsSaveSchema>,
): Promise<WebhookSettingsDto> => {
  if (input.allowPrivateNetwork && !ctx.config.isWebhookPrivateNetworkPermitted)
    throw validationError({ allowPrivateNetwork: VALIDATION_MESSAGE_KEYS.webhookPrivateNotPermitted });
  const values = { allowPrivateNetwork: input.allowPrivateNetwork, updatedAt: ctx.clock.now() };
  const [row] =
    input.version === 0
      ? await ctx.db
          .insert(webhookSettings)
          .values({ companyId: actor.companyId, ...values })
          .onConflictDoNothing()
          .returning()
      : await ctx.db
          .update(webhookSettings)
          .set({ ...values, version: sql`${webhookSettings.version} + 1` })
          .where(
            and(eq(webhookSettings.companyId, actor.companyId), eq(webhookSettings.version, input.version)),
          )
          .returning();
  if (!row) throw conflict('The webhook settings were changed by someone else');
  announceSubscriptions(ctx, actor.companyId);
  return toSettingsDto(ctx, row);
};

// ---- subscriptions ----

const URL_PROBLEM_MESSAGES: Record<TargetProblem, string> = {
  invalid: VALIDATION_MESSAGE_KEYS.webhookUrlInvalid,
  httpsRequired: VALIDATION_MESSAGE_KEYS.webhookHttpsRequired,
  privateAddress: VALIDATION_MESSAGE_KEYS.webhookPrivateAddress,
};

const checkUrl = async (ctx: AppContext, db: Executor, companyId: string, url: string) => {
  const problem = checkTargetUrl(url, await isPrivateNetworkAllowed(ctx, db, companyId));
  if (problem) throw validationError({ url: URL_PROBLEM_MESSAGES[problem] });
};

const findOwnSubscription = async (db: Executor, companyId: string, id: string) => {
  const [row] = await db
    .select()
    .from(webhookSubscriptions)
    .where(and(eq(webhookSubscriptions.companyId, companyId), eq(webhookSubscriptions.id, id)));
  if (!row) throw notFound('Webhook');
  return row;
};

const staleVersion = (current: number) =>
  conflict('The webhook was changed by someone else', { currentVersion: current });

/** Changes a subscription only at the version the caller read. */
const updateAtVersion = async (
  ctx: AppContext,
  actor: Actor,
  id: string,
  version: number,
  values: Partial<typeof webhookSubscriptions.$inferInsert>,
) => {
  const [row] = await ctx.db
    .update(webhookSubscriptions)
    .set({ ...values, updatedAt: ctx.clock.now(), version: sql`${webhookSubscriptions.version} + 1` })
    .where(
      and(
        eq(webhookSubscriptions.companyId, actor.companyId),
        eq(webhookSubscriptions.id, id),
        eq(webhookSubscriptions.version, version),
      ),
    )
    .returning();
  if (row) return row;
  throw staleVersion((await findOwnSubscription(ctx.db, actor.companyId, id)).version);
};

export const listWebhooks = async (ctx: AppContext, actor: Actor): Promise<WebhookSubscriptionDto[]> =>
  (
    await ctx.db
      .select()
      .from(webhookSubscriptions)
      .where(eq(webhookSubscriptions.companyId, actor.companyId))
      .orderBy(asc(webhookSubscriptions.createdAt), asc(webhookSubscriptions.id))
  ).map(toSubscriptionDto);

/** Adds a receiver; the answer carries its secret, which is never shown again. */
export const createWebhook = async (
  ctx: AppContext,
  actor: Actor,
  input: z.output<typeof webhookCreateSchema>,
): Promise<WebhookSecretDto> => {
  await checkUrl(ctx, ctx.db, actor.companyId, input.url);
  const { secret, values } = sealedSecret(ctx);
  const now = ctx.clock.now();
  const [row] = await ctx.db
    .insert(webhookSubscriptions)
    .values({ companyId: actor.companyId, ...input, ...values, createdAt: now, updatedAt: now })
    .returning();
  if (!row) throw new Error('Webhook insert returned nothing');
  announceSubscriptions(ctx, actor.companyId);
  return { subscription: toSubscriptionDto(row), secret };
};

export const updateWebhook = async (
  ctx: AppContext,
  actor: Actor,
  input: z.output<typeof webhookUpdateSchema>,
): Promise<WebhookSubscriptionDto> => {
  const { id, version, ...changes } = input;
  await findOwnSubscription(ctx.db, actor.companyId, id);
  await checkUrl(ctx, ctx.db, actor.companyId, changes.url);
  const row = await updateAtVersion(ctx, actor, id, version, changes);
  announceSubscriptions(ctx, actor.companyId);
  return toSubscriptionDto(row);
};

/** Removes a receiver with its delivery log. */
export const deleteWebhook = async (
  ctx: AppContext,
  actor: Actor,
  input: { id: string; version: number },
) => {
  const current = await findOwnSubscription(ctx.db, actor.companyId, input.id);
  const [removed] = await ctx.db
    .delete(webhookSubscriptions)
    .where(
      and(
        eq(webhookSubscriptions.companyId, actor.companyId),
        eq(webhookSubscriptions.id, input.id),
        eq(webhookSubscriptions.version, input.version),
      ),
    )
    .returning({ id: webhookSubscriptions.id });
  if (!removed) throw staleVersion(current.version);
  announceSubscriptions(ctx, actor.companyId);
  return { id: removed.id };
};

/** A new secret replaces the old at once; deliveries still waiting are signed with the new one. */
export const rotateWebhookSecret = async (
  ctx: AppContext,
  actor: Actor,
  input: { id: string; version: number },
): Promise<WebhookSecretDto> => {
  const { secret, values } = sealedSecret(ctx);
  const row = await updateAtVersion(ctx, actor, input.id, input.version, values);
  announceSubscriptions(ctx, actor.companyId);
  return { subscription: toSubscriptionDto(row), secret };
};

// ---- events and deliveries ----

const newDelivery = (
  companyId: string,
  subscriptionId: string,
  event: string,
  body: string,
  now: Date,
): typeof webhookDeliveries.$inferInsert => ({
  id: newId(),
  companyId,
  subscriptionId,
  event,
  body,
  status: 'pending',
  nextAttemptAt: now,
  retryUntil: new Date(now.getTime() + RETRY_WINDOW_MS),
  createdAt: now,
  updatedAt: now,
});

/** The body every receiver gets: the same event id for every subscription and every attempt. */
const eventBody = (companyId: string, event: string, occurredAt: Date, data: unknown) =>
  JSON.stringify({ id: newId(), event, occurredAt: occurredAt.toISOString(), companyId, data });

/**
 * Records a domain event for every active subscription of the company that asked for it: one
 * `webhook_deliveries` row each, which the dispatcher sends. Pass the change's transaction as `db`,
 * so the deliveries exist exactly when the change does.
 */
export const publishWebhookEvent = async (
  ctx: AppContext,
  companyId: string,
  event: WebhookEvent,
  data: unknown,
  db: Executor = ctx.db,
) => {
  const subscriptions = await db
    .select({ id: webhookSubscriptions.id })
    .from(webhookSubscriptions)
    .where(
      and(
        eq(webhookSubscriptions.companyId, companyId),
        eq(webhookSubscriptions.isActive, true),
        arrayContains(webhookSubscriptions.events, [event]),
      ),
    );
  if (subscriptions.length === 0) return 0;
  const now = ctx.clock.now();
  const body = eventBody(companyId, event, now, data);
  await db
    .insert(webhookDeliveries)
    .values(subscriptions.map((subscription) => newDelivery(companyId, subscription.id, event, body, now)));
  // Queued with the change: the dispatch runs exactly when the change is committed.
  await wakeWebhookDispatch(ctx, db);
  return subscriptions.length;
};

/** "Send test event": a `webhook.test` delivery to one subscription, active or not. */
export const sendTestEvent = async (
  ctx: AppContext,
  actor: Actor,
  input: { id: string },
): Promise<WebhookDeliveryDto> => {
  const subscription = await findOwnSubscription(ctx.db, actor.companyId, input.id);
  const now = ctx.clock.now();
  const body = eventBody(actor.companyId, WEBHOOK_TEST_EVENT, now, {
    message: 'A test event from Karm',
    subscriptionId: subscription.id,
  });
  const [row] = await ctx.db
    .insert(webhookDeliveries)
    .values(newDelivery(actor.companyId, subscription.id, WEBHOOK_TEST_EVENT, body, now))
    .returning();
  if (!row) throw new Error('Delivery insert returned nothing');
  await wakeWebhookDispatch(ctx);
  announceDelivery(ctx, actor.companyId, row);
  return toDeliveryDto(row, subscription.url);
};

const findOwnDelivery = async (db: Executor, companyId: string, id: string) => {
  const [found] = await db
    .select({ delivery: webhookDeliveries, url: webhookSubscriptions.url })
    .from(webhookDeliveries)
    .innerJoin(webhookSubscriptions, eq(webhookSubscriptions.id, webhookDeliveries.subscriptionId))
    .where(and(eq(webhookDeliveries.companyId, companyId), eq(webhookDeliveries.id, id)));
  if (!found) throw notFound('Webhook delivery');
  return found;
};

/** The delivery log, newest first, paged on the server and filtered by status, event or subscription. */
export const listWebhookDeliveries = async (
  ctx: AppContext,
  actor: Actor,
  query: z.output<typeof webhookDeliveryQuerySchema>,
): Promise<Page<WebhookDeliveryDto>> => {
  const where = and(
    eq(webhookDeliveries.companyId, actor.companyId),
    query.status ? eq(webhookDeliveries.status, query.status) : undefined,
    query.event ? eq(webhookDeliveries.event, query.event) : undefined,
    query.subscriptionId ? eq(webhookDeliveries.subscriptionId, query.subscriptionId) : undefined,
  );
  return loadPage(
    query,
    {
      rows: (limit, offset) =>
        ctx.db
          .select({ delivery: webhookDeliveries, url: webhookSubscriptions.url })
          .from(webhookDeliveries)
          .innerJoin(webhookSubscriptions, eq(webhookSubscriptions.id, webhookDeliveries.subscriptionId))
          .where(where)
          .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
          .limit(limit)
          .offset(offset),
      total: () => ctx.db.select({ total: count() }).from(webhookDeliveries).where(where),
    },
    ({ delivery, url }) => toDeliveryDto(delivery, url),
  );
};

/** One delivery with the body it sends and every attempt: the "webhook log edit" dialog. */
export const getWebhookDelivery = async (
  ctx: AppContext,
  actor: Actor,
  input: { id: string },
): Promise<WebhookDeliveryDetailDto> => {
  const { delivery, url } = await findOwnDelivery(ctx.db, actor.companyId, input.id);
  const attempts = await ctx.db
    .select()
    .from(webhookAttempts)
    .where(and(eq(webhookAttempts.companyId, actor.companyId), eq(webhookAttempts.deliveryId, delivery.id)))
    .orderBy(desc(webhookAttempts.attemptedAt), desc(webhookAttempts.id));
  return {
    ...toDeliveryDto(delivery, url),
    body: delivery.body,
    attempts: attempts.map(
      (attempt): WebhookAttemptDto => ({
        id: attempt.id,
        attemptedAt: attempt.attemptedAt.toISOString(),
        durationMs: attempt.durationMs,
        isSuccess: attempt.isSuccess,
        responseCode: attempt.responseCode,
        responseExcerpt: attempt.responseExcerpt,
        error: attempt.error,
      }),
    ),
  };
};

/**
 * Sends a delivery again, the same body under the same id: it is due now and gets a fresh 24-hour
 * retry window. Its earlier attempts stay in the log.
 */
/** A delivery sent again: due now, with a fresh retry window. */
const pendingAgain = (now: Date) =>
  ({
    status: 'pending',
    nextAttemptAt: now,
    retryUntil: new Date(now.getTime() + RETRY_WINDOW_MS),
    lockedUntil: null,
    updatedAt: now,
  }) as const;

export const resendWebhookDelivery = async (
  ctx: AppContext,
  actor: Actor,
  input: { id: string },
): Promise<WebhookDeliveryDto> => {
  const { url } = await findOwnDelivery(ctx.db, actor.companyId, input.id);
  const now = ctx.clock.now();
  const [row] = await ctx.db
    .update(webhookDeliveries)
    .set(pendingAgain(now))
    .where(and(eq(webhookDeliveries.companyId, actor.companyId), eq(webhookDeliveries.id, input.id)))
    .returning();
  if (!row) throw notFound('Webhook delivery');
  await wakeWebhookDispatch(ctx);
  announceDelivery(ctx, actor.companyId, row);
  return toDeliveryDto(row, url);
};

/** Every failed delivery of the company back to pending (the admin command); answers how many. */
export const resendFailedWebhookDeliveries = async (ctx: AppContext, companyId: string) => {
  const now = ctx.clock.now();
  const rows = await ctx.db
    .update(webhookDeliveries)
    .set(pendingAgain(now))
    .where(and(eq(webhookDeliveries.companyId, companyId), eq(webhookDeliveries.status, 'failed')))
    .returning({ id: webhookDeliveries.id, status: webhookDeliveries.status });
  if (rows.length > 0) await wakeWebhookDispatch(ctx);
  for (const row of rows) announceDelivery(ctx, companyId, row);
  return rows.length;
};
