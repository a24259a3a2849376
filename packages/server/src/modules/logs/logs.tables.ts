import { index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, primaryId } from '../../platform/db/columns';

export const serverLogs = pgTable(
  'server_logs',
  {
    id: primaryId(),
    companyId: uuid('company_id'),
    userId: uuid('user_id'),
    source: text('source').notNull(),
    level: text('level').notNull(),
    action: text('action').notNull(),
    message: text('message').notNull(),
    data: jsonb('data'),
    error: jsonb('error'),
    createdAt: createdAt(),
  },
  (table) => [index('server_logs_company_created_idx').on(table.companyId, table.createdAt)],
);
