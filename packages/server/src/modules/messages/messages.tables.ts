import type { MessageAudience } from '@karm/domain/contract';
import { sql } from 'drizzle-orm';
import { index, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, instant, primaryId } from '../../platform/db/columns';
import { companies } from '../company/company.tables';

/**
 * An internal message (SPEC §3 Message: _id, message). Who it went to is kept as written
 * (`audience`, `workGroup`) for the lists; the people it reached are its recipient rows. Deleting it
 * for everyone keeps the row (who deleted it and when) and hides it from every list.
 */
export const messages = pgTable(
  'messages',
  {
    id: primaryId(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** The user who sent it; kept when that user is deleted (their tombstone keeps the name). */
    senderId: uuid('sender_id'),
    body: text('body').notNull(),
    audience: text('audience').$type<MessageAudience>().notNull(),
    workGroup: text('work_group'),
    createdAt: createdAt(),
    deletedAt: instant('deleted_at'),
    deletedBy: uuid('deleted_by'),
  },
  (table) => [
    index('messages_company_created_idx').on(table.companyId, table.createdAt),
    index('messages_company_sender_idx').on(table.companyId, table.senderId),
  ],
);

/**
 * One recipient of a message: their own read state, and whether they removed it from their list.
 * Made for every recipient when the message is sent, so a message to everyone also reaches those
 * not signed in at the time.
 */
export const messageRecipients = pgTable(
  'message_recipients',
  {
    messageId: uuid('message_id')
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').notNull(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    readAt: instant('read_at'),
    removedAt: instant('removed_at'),
  },
  (table) => [
    primaryKey({ columns: [table.messageId, table.userId] }),
    // A person's list: their messages still in it, unread first.
    index('message_recipients_inbox_idx')
      .on(table.companyId, table.userId, table.readAt)
      .where(sql`${table.removedAt} is null`),
  ],
);
