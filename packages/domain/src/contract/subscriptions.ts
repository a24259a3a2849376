import { z } from 'zod';
import { VALIDATION_MESSAGE_KEYS as MESSAGES, messageWithParams } from '../rules/validation-messages';
import { socketEvent } from './define';

/**
 * Subscriptions (SPEC §2 `/convert/subscriptions`, issue 18): what a person receives outside Karm —
 * a personal calendar feed over a secret URL, e-mail notifications (immediately or as one daily
 * digest) and Web Push notifications on their devices. Everything here is the signed-in person's
 * own; nobody sets another person's subscriptions.
 */

/** What the personal calendar feed can hold, each switchable. */
export const FEED_LAYERS = ['plans', 'tasks', 'deliveries', 'serviceVisits'] as const;
export type FeedLayer = (typeof FEED_LAYERS)[number];

/** The events a person can be told about. `syncFailed` is for administrators only. */
export const NOTIFICATION_KINDS = [
  'message',
  'taskAssigned',
  'deviationHandler',
  'offerOverdue',
  'syncFailed',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** Where a notification goes. */
export const NOTIFICATION_CHANNELS = ['email', 'push'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

/** The page (SPEC §2) mails link to, to switch a notification off. */
export const SUBSCRIPTIONS_PATH = '/convert/subscriptions';

/** The feed's path under the site; the secret is the only thing that opens it. */
export const FEED_PATH_PREFIX = '/api/feeds/';
export const feedPath = (secret: string) => `${FEED_PATH_PREFIX}${secret}.ics`;

/** A browser's push endpoint is an https URL of a few hundred characters; this leaves room. */
export const PUSH_ENDPOINT_MAX_LENGTH = 2000;
export const PUSH_DEVICE_LABEL_MAX_LENGTH = 120;

export type FeedDto = {
  /** Whether a feed URL exists (the URL itself is shown only once, when made). */
  isOn: boolean;
  layers: FeedLayer[];
  /** The first characters of the secret, so the person can tell which URL a calendar holds. */
  prefix: string | null;
  createdAt: string | null;
  /** The layers the person's role lets the feed fill; others stay empty even when switched on. */
  allowedLayers: FeedLayer[];
};

export type PushDeviceDto = {
  id: string;
  label: string;
  createdAt: string;
  /** The push service address the browser subscribed with: a browser tells by it that the device is itself. */
  endpoint: string;
};

export type SubscriptionsDto = {
  feed: FeedDto;
  email: NotificationKind[];
  push: NotificationKind[];
  /** E-mails come as one mail a day (06:00) instead of one per event. */
  isDigest: boolean;
  /** The kinds this person can receive (`syncFailed` only for administrators). */
  availableKinds: NotificationKind[];
  /** The public VAPID key the browser subscribes with (base64url). */
  pushPublicKey: string;
  pushDevices: PushDeviceDto[];
};

/** A new feed URL: the only answer that ever carries the secret. */
export type FeedCreatedDto = { subscriptions: SubscriptionsDto; path: string };

const layers = z.array(z.enum(FEED_LAYERS)).max(FEED_LAYERS.length);
const kinds = z.array(z.enum(NOTIFICATION_KINDS)).max(NOTIFICATION_KINDS.length);

export const feedCreateSchema = z.object({ layers });
export const feedLayersSchema = z.object({ layers });

export const notificationSettingsSchema = z.object({
  email: kinds,
  push: kinds,
  isDigest: z.boolean(),
});
export type NotificationSettingsInput = z.input<typeof notificationSettingsSchema>;

const base64url = z
  .string()
  .min(1, MESSAGES.required)
  .max(200, messageWithParams(MESSAGES.tooLong, { max: 200 }))
  .regex(/^[A-Za-z0-9_-]+=*$/, MESSAGES.pushSubscriptionInvalid);

/** What `PushSubscription.toJSON()` gives, with a name for the device. */
export const pushSubscribeSchema = z.object({
  endpoint: z
    .string()
    .max(PUSH_ENDPOINT_MAX_LENGTH, messageWithParams(MESSAGES.tooLong, { max: PUSH_ENDPOINT_MAX_LENGTH }))
    .refine((value) => /^https?:\/\/[^\s]+$/.test(value), MESSAGES.pushSubscriptionInvalid),
  keys: z.object({ p256dh: base64url, auth: base64url }),
  label: z
    .string()
    .trim()
    .max(
      PUSH_DEVICE_LABEL_MAX_LENGTH,
      messageWithParams(MESSAGES.tooLong, { max: PUSH_DEVICE_LABEL_MAX_LENGTH }),
    )
    .default(''),
});
export type PushSubscribeInput = z.input<typeof pushSubscribeSchema>;

export const pushRemoveSchema = z.object({ id: z.uuid() });

export const subscriptionEvents = {
  'subscriptions:get': socketEvent<SubscriptionsDto>()(z.unknown()),
  /** Makes a new feed URL; an earlier one stops working at once. */
  'subscriptions:feed-create': socketEvent<FeedCreatedDto>()(feedCreateSchema),
  'subscriptions:feed-layers': socketEvent<SubscriptionsDto>()(feedLayersSchema),
  'subscriptions:feed-revoke': socketEvent<SubscriptionsDto>()(z.unknown()),
  'subscriptions:notifications-save': socketEvent<SubscriptionsDto>()(notificationSettingsSchema),
  'subscriptions:push-subscribe': socketEvent<SubscriptionsDto>()(pushSubscribeSchema),
  'subscriptions:push-remove': socketEvent<SubscriptionsDto>()(pushRemoveSchema),
};

/** What the service worker receives in a push message and shows. */
export type PushPayload = { title: string; body: string; url: string; tag: string };

/** GET /api/feeds/{secret}.ics — the file name is checked by the feed itself (an unknown one is 404). */
export const feedParamsSchema = z.object({ file: z.string().max(100) });
