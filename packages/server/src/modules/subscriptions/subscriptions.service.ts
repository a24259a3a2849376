import {
  FEED_LAYERS,
  type FeedCreatedDto,
  type FeedLayer,
  type feedCreateSchema,
  type feedLayersSchema,
  feedPath,
  type notificationSettingsSchema,
  type pushRemoveSchema,
  type pushSubscribeSchema,
  type SubscriptionsDto,
} from '@karm/domain/contract';
import { and, asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { hashToken, newSecretToken } from '../../platform/auth/tokens';
import type { Actor, AppContext } from '../../platform/context';
import { notFound } from '../../platform/errors';
import { FEED_LAYER_ACCESS } from './calendar-feed';
import { availableKindsOf } from './notification-kinds';
import { calendarFeeds, notificationSettings, pushSubscriptions } from './subscriptions.tables';
import { ensurePushKeys } from './web-push';

/**
 * A person's subscriptions (issue 18): their calendar feed, which notifications they get by e-mail
 * and by push, and their push devices. Every use case acts on the actor's own rows in the actor's
 * company only; there is nobody else's to reach.
 */

/** How many characters of the feed secret the page shows, to tell one URL from the next. */
const SHOWN_PREFIX_LENGTH = 6;

const mine = <T extends { companyId: unknown; userId: unknown }>(table: T, actor: Actor) =>
  and(eq(table.companyId as never, actor.companyId), eq(table.userId as never, actor.userId));

/** Keeps the order of the lists the contract gives, without repeats. */
const inOrder = <T extends string>(all: readonly T[], chosen: readonly T[]) =>
  all.filter((item) => chosen.includes(item));

/** subscriptions:get — what is on for the asker. */
export const getSubscriptions = async (ctx: AppContext, actor: Actor): Promise<SubscriptionsDto> => {
  const [[feed], [settings], devices, keys] = await Promise.all([
    ctx.db.select().from(calendarFeeds).where(mine(calendarFeeds, actor)),
    ctx.db.select().from(notificationSettings).where(mine(notificationSettings, actor)),
    ctx.db
      .select()
      .from(pushSubscriptions)
      .where(mine(pushSubscriptions, actor))
      .orderBy(asc(pushSubscriptions.createdAt)),
    ensurePushKeys(ctx),
  ]);
  const available = availableKindsOf(actor);
  return {
    feed: {
      isOn: feed !== undefined,
      layers: feed ? inOrder(FEED_LAYERS, feed.layers) : [],
      prefix: feed?.prefix ?? null,
      createdAt: feed?.createdAt.toISOString() ?? null,
      allowedLayers: FEED_LAYERS.filter((layer) => FEED_LAYER_ACCESS[layer](actor)),
    },
    email: inOrder(available, settings?.email ?? []),
    push: inOrder(available, settings?.push ?? []),
    isDigest: settings?.isDigest ?? false,
    availableKinds: available,
    pushPublicKey: keys.publicKey,
    pushDevices: devices.map((device) => ({
      id: device.id,
      label: device.label,
      createdAt: device.createdAt.toISOString(),
      endpoint: device.endpoint,
    })),
  };
};

/**
 * subscriptions:feed-create — a new secret URL (256 random bits; only its SHA-256 is kept). The
 * person's earlier URL, if any, stops working in the same statement: there is one row per person.
 */
export const createFeed = async (
  ctx: AppContext,
  actor: Actor,
  input: z.output<typeof feedCreateSchema>,
): Promise<FeedCreatedDto> => {
  const secret = newSecretToken();
  const values = {
    tokenHash: hashToken(secret),
    prefix: secret.slice(0, SHOWN_PREFIX_LENGTH),
    layers: inOrder(FEED_LAYERS, input.layers),
    createdAt: ctx.clock.now(),
    lastReadAt: null,
  };
  await ctx.db
    .insert(calendarFeeds)
    .values({ companyId: actor.companyId, userId: actor.userId, ...values })
    .onConflictDoUpdate({ target: [calendarFeeds.companyId, calendarFeeds.userId], set: values });
  ctx.logger.info({ companyId: actor.companyId, userId: actor.userId }, 'calendar feed URL made');
  return { subscriptions: await getSubscriptions(ctx, actor), path: feedPath(secret) };
};

/** subscriptions:feed-layers — what the existing feed holds; the URL stays the same. */
export const setFeedLayers = async (
  ctx: AppContext,
  actor: Actor,
  input: z.output<typeof feedLayersSchema>,
) => {
  const updated = await ctx.db
    .update(calendarFeeds)
    .set({ layers: inOrder<FeedLayer>(FEED_LAYERS, input.layers) })
    .where(mine(calendarFeeds, actor))
    .returning({ id: calendarFeeds.id });
  if (updated.length === 0) throw notFound('Calendar feed');
  return getSubscriptions(ctx, actor);
};

/** subscriptions:feed-revoke — the URL stops working at once; calendars holding it get 404. */
export const revokeFeed = async (ctx: AppContext, actor: Actor) => {
  await ctx.db.delete(calendarFeeds).where(mine(calendarFeeds, actor));
  ctx.logger.info({ companyId: actor.companyId, userId: actor.userId }, 'calendar feed URL revoked');
  return getSubscriptions(ctx, actor);
};

/** subscriptions:notifications-save — what the asker is told about, by which way, and whether daily. */
export const saveNotificationSettings = async (
  ctx: AppContext,
  actor: Actor,
  input: z.output<typeof notificationSettingsSchema>,
) => {
  const available = availableKindsOf(actor);
  // A kind the role cannot receive is left out rather than refused: the page never offers it.
  const values = {
    email: inOrder(available, input.email),
    push: inOrder(available, input.push),
    isDigest: input.isDigest,
    updatedAt: ctx.clock.now(),
  };
  await ctx.db
    .insert(notificationSettings)
    .values({ companyId: actor.companyId, userId: actor.userId, ...values })
    .onConflictDoUpdate({
      target: [notificationSettings.companyId, notificationSettings.userId],
      set: values,
    });
  return getSubscriptions(ctx, actor);
};

/**
 * subscriptions:push-subscribe — this browser's push subscription. A browser subscribing again (a
 * new key, or another person signing in on the same device) replaces its earlier row: an endpoint
 * belongs to one person at a time.
 */
export const subscribePush = async (
  ctx: AppContext,
  actor: Actor,
  input: z.output<typeof pushSubscribeSchema>,
) => {
  const values = {
    companyId: actor.companyId,
    userId: actor.userId,
    p256dh: input.keys.p256dh,
    auth: input.keys.auth,
    label: input.label,
    createdAt: ctx.clock.now(),
    failures: 0,
  };
  await ctx.db
    .insert(pushSubscriptions)
    .values({ endpoint: input.endpoint, ...values })
    .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: values });
  return getSubscriptions(ctx, actor);
};

/** subscriptions:push-remove — one of the asker's devices stops getting push messages. */
export const removePushDevice = async (
  ctx: AppContext,
  actor: Actor,
  input: z.output<typeof pushRemoveSchema>,
) => {
  const removed = await ctx.db
    .delete(pushSubscriptions)
    .where(and(mine(pushSubscriptions, actor), eq(pushSubscriptions.id, input.id)))
    .returning({ id: pushSubscriptions.id });
  if (removed.length === 0) throw notFound('Push device');
  return getSubscriptions(ctx, actor);
};
