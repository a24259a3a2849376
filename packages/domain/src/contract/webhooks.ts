import { z } from 'zod';
import { VALIDATION_MESSAGE_KEYS as MESSAGES, messageWithParams } from '../rules/validation-messages';
import { socketEvent } from './define';
import { type Page, pageQuerySchema } from './paging';

/**
 * Every event a webhook subscription may ask for: one list, so the server, the admin tab and the
 * documentation agree. The modules that exist today send the first five; the others are named here so
 * a subscription can ask for them before their module lands (and start receiving them when it does).
 */
export const WEBHOOK_EVENTS = [
  'inquiry.created',
  'offer.status_changed',
  'project.created',
  'project.updated',
  'project.archived',
  'invoice.created',
  'invoice.paid',
  'deviation.created',
  'service_report.created',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** The events Karm sends today; the admin tab marks the others as coming later. */
export const WEBHOOK_EVENTS_SENT_TODAY: readonly WebhookEvent[] = [
  'inquiry.created',
  'offer.status_changed',
  'project.created',
  'project.updated',
  'project.archived',
];

/** What "send test event" sends: only to the one subscription asked, whatever its events. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

/**
 * A delivery waits (`pending`), is retried after a failed attempt (`retrying`), reached its receiver
 * (`delivered`) or gave up after the retry window or on an address it may not reach (`failed`).
 */
export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'retrying', 'delivered', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

/** The request headers a receiver reads (documented in the README with a verification snippet). */
export const WEBHOOK_HEADERS = {
  signature: 'Karm-Signature',
  event: 'Karm-Event',
  delivery: 'Karm-Delivery',
} as const;

export const WEBHOOK_URL_MAX_LENGTH = 2_000;
export const WEBHOOK_DESCRIPTION_MAX_LENGTH = 200;
/** How much of a receiver's answer the delivery log keeps. */
export const WEBHOOK_RESPONSE_EXCERPT_BYTES = 2_048;

export type WebhookSubscriptionDto = {
  id: string;
  url: string;
  description: string;
  events: WebhookEvent[];
  isActive: boolean;
  /** The secret's last four characters; the secret itself is shown once, when made. */
  secretHint: string;
  createdAt: string;
  updatedAt: string;
  version: number;
};

/** A new or rotated secret: the only answer that ever carries it. */
export type WebhookSecretDto = { subscription: WebhookSubscriptionDto; secret: string };

export type WebhookSettingsDto = {
  /** The administrator lets deliveries reach private network addresses (and http:// on loopback). */
  allowPrivateNetwork: boolean;
  /** Whether this installation permits that at all (WEBHOOKS_ALLOW_PRIVATE). */
  isPrivateNetworkPermitted: boolean;
  /** 0 while the company has not saved its settings. */
  version: number;
};

export type WebhookDeliveryDto = {
  id: string;
  subscriptionId: string;
  url: string;
  event: string;
  status: WebhookDeliveryStatus;
  attemptCount: number;
  lastResponseCode: number | null;
  nextAttemptAt: string | null;
  createdAt: string;
  updatedAt: string;
};

export type WebhookAttemptDto = {
  id: string;
  attemptedAt: string;
  durationMs: number;
  isSuccess: boolean;
  responseCode: number | null;
  /** The first 2 KB of the receiver's answer. */
  responseExcerpt: string;
  error: string | null;
};

export type WebhookDeliveryDetailDto = WebhookDeliveryDto & {
  /** The JSON body as sent (pretty-printing is the viewer's business). */
  body: string;
  attempts: WebhookAttemptDto[];
};

const webhookEventSchema = z.enum(WEBHOOK_EVENTS);

const urlSchema = z
  .string()
  .trim()
  .min(1, MESSAGES.required)
  .max(WEBHOOK_URL_MAX_LENGTH, messageWithParams(MESSAGES.tooLong, { max: WEBHOOK_URL_MAX_LENGTH }));

const subscriptionFields = {
  url: urlSchema,
  description: z
    .string()
    .trim()
    .max(
      WEBHOOK_DESCRIPTION_MAX_LENGTH,
      messageWithParams(MESSAGES.tooLong, { max: WEBHOOK_DESCRIPTION_MAX_LENGTH }),
    )
    .default(''),
  events: z
    .array(webhookEventSchema)
    .min(1, MESSAGES.required)
    .max(WEBHOOK_EVENTS.length)
    .transform((events) => [...new Set(events)]),
  isActive: z.boolean().default(true),
};

export const webhookCreateSchema = z.object(subscriptionFields);
export type WebhookCreateInput = z.input<typeof webhookCreateSchema>;

export const webhookUpdateSchema = z.object({
  id: z.uuid(),
  version: z.number().int().min(1),
  ...subscriptionFields,
});
export type WebhookUpdateInput = z.input<typeof webhookUpdateSchema>;

export const webhookRefSchema = z.object({ id: z.uuid(), version: z.number().int().min(1) });
export const webhookIdSchema = z.object({ id: z.uuid() });

export const webhookSettingsSaveSchema = z.object({
  allowPrivateNetwork: z.boolean(),
  version: z.number().int().min(0),
});

export const webhookDeliveryQuerySchema = pageQuerySchema.extend({
  status: z.enum(WEBHOOK_DELIVERY_STATUSES).optional(),
  event: z.string().trim().max(100).optional(),
  subscriptionId: z.uuid().optional(),
});
export type WebhookDeliveryQuery = z.input<typeof webhookDeliveryQuerySchema>;

/** Pushed to the company's administrators' tabs so the list and the log update (no polling). */
export const WEBHOOK_PUSHES = {
  subscriptionsChanged: 'webhooks:changed',
  deliveryChanged: 'webhooks:deliveryChanged',
} as const;

export const webhookEvents = {
  'webhooks:list': socketEvent<WebhookSubscriptionDto[]>()(z.unknown()),
  'webhooks:create': socketEvent<WebhookSecretDto>()(webhookCreateSchema),
  'webhooks:update': socketEvent<WebhookSubscriptionDto>()(webhookUpdateSchema),
  'webhooks:delete': socketEvent<{ id: string }>()(webhookRefSchema),
  'webhooks:rotateSecret': socketEvent<WebhookSecretDto>()(webhookRefSchema),
  'webhooks:sendTest': socketEvent<WebhookDeliveryDto>()(webhookIdSchema),
  'webhooks:settings': socketEvent<WebhookSettingsDto>()(z.unknown()),
  'webhooks:saveSettings': socketEvent<WebhookSettingsDto>()(webhookSettingsSaveSchema),
  'webhooks:deliveries': socketEvent<Page<WebhookDeliveryDto>>()(webhookDeliveryQuerySchema),
  'webhooks:delivery': socketEvent<WebhookDeliveryDetailDto>()(webhookIdSchema),
  'webhooks:resend': socketEvent<WebhookDeliveryDto>()(webhookIdSchema),
};
