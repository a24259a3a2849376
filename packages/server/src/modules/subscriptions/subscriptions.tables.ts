import type { FeedLayer, NotificationKind } from '@karm/domain/contract';
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, instant, primaryId, updatedAt } from '../../platform/db/columns';
import { companies } from '../company/company.tables';

const companyId = () =>
  uuid('company_id')
    .notNull()
    .references(() => companies.id, { onDelete: 'cascade' });

/**
 * A person's calendar feed in a company (issue 18). Only the secret's SHA-256 is kept, like API
 * tokens', with its first characters to tell URLs apart; the URL is shown once. One row per person
 * and company: a new URL replaces the row, so the old URL stops working at once.
 */
export const calendarFeeds = pgTable(
  'calendar_feeds',
  {
    id: primaryId(),
    companyId: companyId(),
    userId: uuid('user_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    prefix: text('prefix').notNull(),
    layers: jsonb('layers').$type<FeedLayer[]>().notNull(),
    createdAt: createdAt(),
    lastReadAt: instant('last_read_at'),
  },
  (table) => [
    uniqueIndex('calendar_feeds_token_hash_key').on(table.tokenHash),
    uniqueIndex('calendar_feeds_company_user_key').on(table.companyId, table.userId),
  ],
);

/** What a person chose to be told about, by e-mail and by push; no row means nothing is on. */
export const notificationSettings = pgTable(
  'notification_settings',
  {
    companyId: companyId(),
    userId: uuid('user_id').notNull(),
    email: jsonb('email').$type<NotificationKind[]>().notNull(),
    push: jsonb('push').$type<NotificationKind[]>().notNull(),
    isDigest: boolean('is_digest').notNull().default(false),
    updatedAt: updatedAt(),
  },
  (table) => [uniqueIndex('notification_settings_company_user_key').on(table.companyId, table.userId)],
);

/** Notifications waiting for the person's daily digest mail; `sentAt` once it went out. */
export const notificationDigestItems = pgTable(
  'notification_digest_items',
  {
    id: primaryId(),
    companyId: companyId(),
    userId: uuid('user_id').notNull(),
    kind: text('kind').$type<NotificationKind>().notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    url: text('url').notNull(),
    createdAt: createdAt(),
    sentAt: instant('sent_at'),
  },
  (table) => [
    index('notification_digest_items_pending_idx')
      .on(table.companyId, table.userId, table.createdAt)
      .where(sql`${table.sentAt} is null`),
  ],
);

/**
 * A browser's Web Push subscription (one per device and person). The endpoint is the push service's
 * URL for that browser; `p256dh` and `auth` are the keys the payload is encrypted to (RFC 8291).
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: primaryId(),
    companyId: companyId(),
    userId: uuid('user_id').notNull(),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    label: text('label').notNull(),
    createdAt: createdAt(),
    failures: integer('failures').notNull().default(0),
  },
  (table) => [
    uniqueIndex('push_subscriptions_endpoint_key').on(table.endpoint),
    index('push_subscriptions_company_user_idx').on(table.companyId, table.userId),
  ],
);

/**
 * The server's VAPID key pair (RFC 8292), made at the first start and kept for good: browsers'
 * subscriptions are bound to the public key. The private key is sealed with the secrets key.
 */
export const pushKeys = pgTable('push_keys', {
  id: integer('id').primaryKey(),
  publicKey: text('public_key').notNull(),
  privateKeySealed: text('private_key_sealed').notNull(),
  createdAt: createdAt(),
});

/** Events told about once (an offer past its deadline): what was told, so the daily check does not repeat it. */
export const notificationMarks = pgTable(
  'notification_marks',
  {
    companyId: companyId(),
    kind: text('kind').$type<NotificationKind>().notNull(),
    subjectKey: text('subject_key').notNull(),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('notification_marks_key').on(table.companyId, table.kind, table.subjectKey)],
);
