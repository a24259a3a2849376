import type { WebhookDeliveryStatus, WebhookEvent } from '@karm/domain/contract';
import { boolean, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, instant, primaryId, updatedAt, version } from '../../platform/db/columns';
import { companies } from '../company/company.tables';

const companyId = () =>
  uuid('company_id')
    .notNull()
    .references(() => companies.id, { onDelete: 'cascade' });

/** A company's webhook settings: one row, made by the first save. */
export const webhookSettings = pgTable('webhook_settings', {
  companyId: companyId().primaryKey(),
  /** Deliveries may reach private network addresses (and http:// on loopback); off by default. */
  allowPrivateNetwork: boolean('allow_private_network').notNull().default(false),
  updatedAt: updatedAt(),
  version: version(),
});

/** A receiver of a company's events. The signing secret is stored sealed (platform/secrets.ts). */
export const webhookSubscriptions = pgTable(
  'webhook_subscriptions',
  {
    id: primaryId(),
    companyId: companyId(),
    url: text('url').notNull(),
    description: text('description').notNull().default(''),
    events: text('events').array().$type<WebhookEvent[]>().notNull(),
    isActive: boolean('is_active').notNull().default(true),
    secretSealed: text('secret_sealed').notNull(),
    secretHint: text('secret_hint').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: version(),
  },
  (table) => [index('webhook_subscriptions_company_idx').on(table.companyId)],
);

/**
 * One event on its way to one subscription. The body is stored as sent, so every attempt (and a
 * resend) signs the same bytes; `retryUntil` ends the back-off window.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: primaryId(),
    companyId: companyId(),
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => webhookSubscriptions.id, { onDelete: 'cascade' }),
    event: text('event').notNull(),
    body: text('body').notNull(),
    status: text('status').$type<WebhookDeliveryStatus>().notNull().default('pending'),
    attemptCount: integer('attempt_count').notNull().default(0),
    lastResponseCode: integer('last_response_code'),
    /** When the dispatcher should try next; null once delivered or failed. */
    nextAttemptAt: instant('next_attempt_at'),
    retryUntil: instant('retry_until').notNull(),
    /** A dispatcher working on it holds it until then, so two never send the same attempt. */
    lockedUntil: instant('locked_until'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('webhook_deliveries_company_created_idx').on(table.companyId, table.createdAt),
    index('webhook_deliveries_due_idx').on(table.nextAttemptAt),
    index('webhook_deliveries_subscription_idx').on(table.subscriptionId),
  ],
);

/** Every attempt of a delivery: what the receiver answered, or why there was no answer. */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: primaryId(),
    companyId: companyId(),
    deliveryId: uuid('delivery_id')
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    attemptedAt: instant('attempted_at').notNull(),
    durationMs: integer('duration_ms').notNull(),
    isSuccess: boolean('is_success').notNull(),
    responseCode: integer('response_code'),
    responseExcerpt: text('response_excerpt').notNull().default(''),
    error: text('error'),
  },
  (table) => [index('webhook_attempts_delivery_idx').on(table.deliveryId, table.attemptedAt)],
);
