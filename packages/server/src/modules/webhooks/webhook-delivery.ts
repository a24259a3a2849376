import { createHmac } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import {
  WEBHOOK_DELIVERY_STATUSES,
  WEBHOOK_HEADERS,
  WEBHOOK_PUSHES,
  WEBHOOK_RESPONSE_EXCERPT_BYTES,
} from '@karm/domain/contract';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../platform/context';
import { BlockedTargetError, bareHostname, type Resolver, resolveTarget } from './webhook-network';
import { webhookAttempts, webhookDeliveries, webhookSettings, webhookSubscriptions } from './webhooks.tables';

/** A receiver that has not answered in this long has failed the attempt. */
export const DELIVERY_TIMEOUT_MS = 10_000;
/** Failed deliveries are retried for this long after the event, then given up. */
export const RETRY_WINDOW_MS = 24 * 60 * 60 * 1000;
const FIRST_RETRY_MS = 30_000;
const LONGEST_RETRY_MS = 4 * 60 * 60 * 1000;

/** `Karm-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body" with the secret>`. */
export const signatureHeader = (secret: string, unixSeconds: number, body: string) =>
  `t=${unixSeconds},v1=${createHmac('sha256', secret).update(`${unixSeconds}.${body}`).digest('hex')}`;

/**
 * When to try again after `attemptCount` failed attempts: exponential (30 s, 1 min, 2 min … at most
 * 4 h) with "equal jitter" — half the delay fixed, half random — so receivers that failed together
 * are not retried together. Null when the next try would fall after the retry window.
 */
export const nextRetryAt = (now: Date, attemptCount: number, retryUntil: Date, random = Math.random) => {
  const delay = Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, attemptCount - 1), LONGEST_RETRY_MS);
  const at = new Date(now.getTime() + delay / 2 + random() * (delay / 2));
  return at.getTime() > retryUntil.getTime() ? null : at;
};

export type DeliveryOptions = {
  /** 10 s unless a test asks for less. */
  timeoutMs?: number;
  resolve?: Resolver;
  random?: () => number;
};

export type AttemptOutcome =
  | { outcome: 'delivered' }
  | { outcome: 'retry'; retryAt: Date }
  | { outcome: 'failed' }
  /** Not due, already finished, or its subscription gone. */
  | { outcome: 'skipped' };

type Answer = { statusCode: number; excerpt: string };

/** PostgreSQL text cannot hold NUL; the excerpt is for people to read anyway. */
const readable = (text: string) => text.replaceAll('\u0000', '\uFFFD');

/** One POST to the already-resolved address, with the URL's host name for Host and TLS. */
const post = (
  url: URL,
  address: string,
  headers: Record<string, string>,
  body: string,
  timeoutMs: number,
): Promise<Answer> =>
  new Promise((resolve, reject) => {
    const hostname = bareHostname(url);
    const client = url.protocol === 'https:' ? https : http;
    const request = client.request({
      method: 'POST',
      host: address,
      port: url.port || (url.protocol === 'https:' ? 443 : 80),
      path: `${url.pathname}${url.search}`,
      headers: { ...headers, host: url.host, 'content-length': String(Buffer.byteLength(body)) },
      // TLS checks the certificate against the name, though the socket goes to the pinned address.
      ...(url.protocol === 'https:' && isIP(hostname) === 0 ? { servername: hostname } : {}),
      agent: false,
    });
    const timer = setTimeout(
      () => request.destroy(new Error(`No answer within ${timeoutMs / 1000} s`)),
      timeoutMs,
    );
    request.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    request.on('response', (response) => {
      const chunks: Buffer[] = [];
      let size = 0;
      const finish = () => {
        clearTimeout(timer);
        const excerpt = Buffer.concat(chunks).subarray(0, WEBHOOK_RESPONSE_EXCERPT_BYTES).toString('utf8');
        resolve({ statusCode: response.statusCode ?? 0, excerpt: readable(excerpt) });
        response.destroy();
      };
      response.on('data', (chunk: Buffer) => {
        chunks.push(chunk);
        size += chunk.length;
        // The rest of a long answer is of no use: stop reading it.
        if (size >= WEBHOOK_RESPONSE_EXCERPT_BYTES) finish();
      });
      response.on('end', finish);
      response.on('error', finish);
    });
    request.end(body);
  });

const isDue = (status: string) => status === WEBHOOK_DELIVERY_STATUSES[0] || status === 'retrying';

/**
 * Makes ONE attempt of one delivery: resolves and checks the address (SSRF guard), posts the signed
 * body, records the attempt and moves the delivery on — delivered, retry at a time, or failed. The
 * dispatcher (today `webhook-dispatch.ts`, later a job queue) decides when to call it.
 */
export const attemptDelivery = async (
  ctx: AppContext,
  deliveryId: string,
  options: DeliveryOptions = {},
): Promise<AttemptOutcome> => {
  const [found] = await ctx.db
    .select({ delivery: webhookDeliveries, subscription: webhookSubscriptions })
    .from(webhookDeliveries)
    .innerJoin(webhookSubscriptions, eq(webhookSubscriptions.id, webhookDeliveries.subscriptionId))
    .where(eq(webhookDeliveries.id, deliveryId));
  if (!found || !isDue(found.delivery.status)) return { outcome: 'skipped' };
  const { delivery, subscription } = found;
  const [settings] = await ctx.db
    .select({ allowPrivateNetwork: webhookSettings.allowPrivateNetwork })
    .from(webhookSettings)
    .where(eq(webhookSettings.companyId, delivery.companyId));
  const isPrivateAllowed =
    ctx.config.isWebhookPrivateNetworkPermitted && (settings?.allowPrivateNetwork ?? false);

  const startedAt = ctx.clock.now();
  const started = performance.now();
  const unixSeconds = Math.floor(startedAt.getTime() / 1000);
  let answer: Answer | undefined;
  let error: string | null = null;
  let isBlocked = false;
  try {
    const url = new URL(subscription.url);
    const target = await resolveTarget(url, isPrivateAllowed, options.resolve);
    const secret = ctx.secrets.open(subscription.secretSealed);
    answer = await post(
      url,
      target.address,
      {
        'content-type': 'application/json',
        'user-agent': `Karm-Webhooks/${ctx.version}`,
        [WEBHOOK_HEADERS.event.toLowerCase()]: delivery.event,
        [WEBHOOK_HEADERS.delivery.toLowerCase()]: delivery.id,
        [WEBHOOK_HEADERS.signature.toLowerCase()]: signatureHeader(secret, unixSeconds, delivery.body),
      },
      delivery.body,
      options.timeoutMs ?? DELIVERY_TIMEOUT_MS,
    );
  } catch (caught) {
    isBlocked = caught instanceof BlockedTargetError;
    error = caught instanceof Error ? caught.message : String(caught);
  }
  const durationMs = Math.round(performance.now() - started);
  const isSuccess = answer !== undefined && answer.statusCode >= 200 && answer.statusCode < 300;
  const attemptCount = delivery.attemptCount + 1;
  const now = ctx.clock.now();
  // A blocked address stays blocked until an administrator changes something: no point retrying.
  const retryAt =
    isSuccess || isBlocked ? null : nextRetryAt(now, attemptCount, delivery.retryUntil, options.random);
  const status = isSuccess ? 'delivered' : retryAt ? 'retrying' : 'failed';

  await ctx.db.transaction(async (tx) => {
    await tx.insert(webhookAttempts).values({
      companyId: delivery.companyId,
      deliveryId: delivery.id,
      attemptedAt: startedAt,
      durationMs,
      isSuccess,
      responseCode: answer?.statusCode ?? null,
      responseExcerpt: answer?.excerpt ?? '',
      error: error ?? (isSuccess ? null : `The receiver answered ${answer?.statusCode}`),
    });
    await tx
      .update(webhookDeliveries)
      .set({
        status,
        attemptCount,
        lastResponseCode: answer?.statusCode ?? null,
        nextAttemptAt: retryAt,
        lockedUntil: null,
        updatedAt: now,
      })
      .where(and(eq(webhookDeliveries.id, delivery.id), eq(webhookDeliveries.companyId, delivery.companyId)));
  });
  // Never the secret, the body or the full URL (its query may carry a receiver's token).
  ctx.logger.info(
    {
      deliveryId: delivery.id,
      event: delivery.event,
      origin: new URL(subscription.url).origin,
      status,
      responseCode: answer?.statusCode ?? null,
      durationMs,
    },
    'Webhook delivery attempt',
  );
  ctx.realtime.toCompanyAdmins(delivery.companyId, WEBHOOK_PUSHES.deliveryChanged, {
    id: delivery.id,
    status,
  });
  if (isSuccess) return { outcome: 'delivered' };
  return retryAt ? { outcome: 'retry', retryAt } : { outcome: 'failed' };
};
