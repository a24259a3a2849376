import type { PushPayload } from '@karm/domain/contract';
import { eq, sql } from 'drizzle-orm';
import webpush from 'web-push';
import type { AppContext } from '../../platform/context';
import { pushKeys, pushSubscriptions } from './subscriptions.tables';

/**
 * Web Push (RFC 8030 with VAPID, RFC 8292, and encrypted payloads, RFC 8291) through `web-push`.
 * The server's key pair is made once, at the first start, and kept in the database: every instance
 * signs with the same key and browsers' subscriptions stay valid across restarts.
 */

const KEY_ROW = 1;
/** A notification older than a day is no longer news; the push service drops it after that. */
const TIME_TO_LIVE_SECONDS = 24 * 60 * 60;
/** A push service that answers 404 or 410 has forgotten the subscription (the browser unsubscribed). */
const GONE = new Set([404, 410]);
/** A subscription that failed this many times in a row (not gone, just failing) is dropped. */
const MAX_FAILURES = 5;

export type VapidKeys = { publicKey: string; privateKey: string };

/** The server's VAPID keys, made and stored on the first call (several instances: the first insert wins). */
export const ensurePushKeys = async (ctx: AppContext): Promise<VapidKeys> => {
  const read = async () => {
    const [row] = await ctx.db.select().from(pushKeys).where(eq(pushKeys.id, KEY_ROW));
    return row ? { publicKey: row.publicKey, privateKey: ctx.secrets.open(row.privateKeySealed) } : null;
  };
  const existing = await read();
  if (existing) return existing;
  const made = webpush.generateVAPIDKeys();
  await ctx.db
    .insert(pushKeys)
    .values({ id: KEY_ROW, publicKey: made.publicKey, privateKeySealed: ctx.secrets.seal(made.privateKey) })
    .onConflictDoNothing();
  const stored = await read();
  if (!stored) throw new Error('The push keys were not stored');
  return stored;
};

/**
 * Who the push services may contact about abuse (RFC 8292 `sub`): the sender address of Karm's mail
 * when it is one, else the site's address.
 */
const vapidSubject = (ctx: AppContext) => {
  const address = /<([^>]+@[^>]+)>/.exec(ctx.config.mailFrom)?.[1] ?? ctx.config.mailFrom;
  return address.includes('@') ? `mailto:${address.trim()}` : ctx.config.publicUrl;
};

type SubscriptionRow = typeof pushSubscriptions.$inferSelect;

/** Sends one push message to each of the person's devices; a device whose subscription ended is removed. */
export const pushToUser = async (
  ctx: AppContext,
  companyId: string,
  userId: string,
  payload: PushPayload,
) => {
  const devices = await ctx.db
    .select()
    .from(pushSubscriptions)
    .where(sql`${pushSubscriptions.companyId} = ${companyId} and ${pushSubscriptions.userId} = ${userId}`);
  if (devices.length === 0) return 0;
  const keys = await ensurePushKeys(ctx);
  const results = await Promise.all(devices.map((device) => pushToDevice(ctx, keys, device, payload)));
  return results.filter(Boolean).length;
};

const pushToDevice = async (
  ctx: AppContext,
  keys: VapidKeys,
  device: SubscriptionRow,
  payload: PushPayload,
) => {
  try {
    await webpush.sendNotification(
      { endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } },
      JSON.stringify(payload),
      {
        vapidDetails: { subject: vapidSubject(ctx), publicKey: keys.publicKey, privateKey: keys.privateKey },
        TTL: TIME_TO_LIVE_SECONDS,
        contentEncoding: 'aes128gcm',
        timeout: 10_000,
        topic: payload.tag.replace(/[^A-Za-z0-9_-]/g, '').slice(0, 32) || undefined,
      },
    );
    if (device.failures > 0) {
      await ctx.db.update(pushSubscriptions).set({ failures: 0 }).where(eq(pushSubscriptions.id, device.id));
    }
    return true;
  } catch (error) {
    const status = (error as { statusCode?: number }).statusCode;
    const isGone = status !== undefined && GONE.has(status);
    if (isGone || device.failures + 1 >= MAX_FAILURES) {
      await ctx.db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, device.id));
    } else {
      await ctx.db
        .update(pushSubscriptions)
        .set({ failures: sql`${pushSubscriptions.failures} + 1` })
        .where(eq(pushSubscriptions.id, device.id));
    }
    // The endpoint is the browser's address at its push service: logged by host only.
    ctx.logger.warn(
      { deviceId: device.id, status, host: new URL(device.endpoint).host, isGone },
      'web push not delivered',
    );
    return false;
  }
};
