import type { LogLevel, LogSource } from '@karm/domain/contract';
import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, instant, primaryId, version } from '../../platform/db/columns';

/**
 * Errors and warnings of browsers and of the server, and the reports people send to their
 * administrators. Every row belongs to a company: a failure with nobody signed in (no company) goes
 * to the process log only, never here, so one company's administrators never read another's.
 */
export const serverLogs = pgTable(
  'server_logs',
  {
    id: primaryId(),
    companyId: uuid('company_id'),
    userId: uuid('user_id'),
    source: text('source').$type<LogSource>().notNull(),
    level: text('level').$type<LogLevel>().notNull(),
    action: text('action').notNull(),
    message: text('message').notNull(),
    data: jsonb('data'),
    error: jsonb('error'),
    createdAt: createdAt(),
    handledAt: instant('handled_at'),
    handledBy: uuid('handled_by'),
    handledComment: text('handled_comment'),
    version: version(),
    /**
     * What the text filter searches, lower-cased: action, message and the error's stack, a newline
     * between them so a term never matches across two of them.
     */
    searchText: text('search_text').generatedAlwaysAs(
      sql`lower(action || E'\\n' || message || E'\\n' || coalesce(error ->> 'stack', ''))`,
    ),
  },
  (table) => [
    // The list: a company's entries newest first, narrowed by period (and pruning by age).
    index('server_logs_company_created_idx').on(table.companyId, table.createdAt),
    // Pruning by age, over every company.
    index('server_logs_created_idx').on(table.createdAt),
    index('server_logs_company_level_created_idx').on(table.companyId, table.level, table.createdAt),
    // The user filter, and the per-user throttle of reports.
    index('server_logs_user_created_idx').on(table.userId, table.createdAt),
    // The "contains" search (LIKE '%…%') without reading every row.
    index('server_logs_search_text_trgm_idx').using('gin', sql`${table.searchText} gin_trgm_ops`),
  ],
);
