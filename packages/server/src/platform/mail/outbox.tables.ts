import { index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, instant, primaryId } from '../db/columns';

/** Every mail Karm sends is recorded here; without SMTP_URL this table is the delivery. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: primaryId(),
    recipient: text('recipient').notNull(),
    /** The user the mail is about, so an admin sees only mails of their own company's people. */
    userId: uuid('user_id'),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    status: text('status').notNull(),
    error: text('error'),
    createdAt: createdAt(),
    sentAt: instant('sent_at'),
  },
  (table) => [
    index('mail_outbox_created_idx').on(table.createdAt),
    index('mail_outbox_user_idx').on(table.userId),
  ],
);
