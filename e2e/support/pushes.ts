import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { E2E_DATA_DIR } from './users';

/**
 * Web Push in the journeys. A browser's push subscription lives at its vendor's push service
 * (Google's, for Chromium), which cannot be reached from here: the journeys' server runs a push
 * service on loopback that speaks the protocol (RFC 8030/8291/8292, server/test/fake-push-service.ts),
 * makes one subscription for the push journey, and writes each message it received and decrypted
 * to PUSH_FILE, as the mail relay does with mail.
 */
export const PUSH_FILE = path.join(E2E_DATA_DIR, 'pushes.jsonl');
/** The subscription the push journey's browser hands Karm (`PushSubscription.toJSON()`'s shape). */
export const PUSH_SUBSCRIPTION_FILE = path.join(E2E_DATA_DIR, 'push-subscription.json');

export type JourneyPushSubscription = { endpoint: string; keys: { p256dh: string; auth: string } };

export const journeyPushSubscription = async () =>
  JSON.parse(await readFile(PUSH_SUBSCRIPTION_FILE, 'utf8')) as JourneyPushSubscription;

/** The decrypted payloads the push service accepted for one subscription, oldest first. */
export const pushesTo = async (endpoint: string) => {
  const lines = (await readFile(PUSH_FILE, 'utf8').catch(() => '')).split('\n').filter(Boolean);
  return lines
    .map((line) => JSON.parse(line) as { endpoint: string; payload: Record<string, unknown> })
    .filter((push) => push.endpoint === endpoint)
    .map((push) => push.payload);
};
