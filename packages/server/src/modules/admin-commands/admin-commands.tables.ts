import type { AdminCommand, AdminCommandStatus } from '@karm/domain/contract';
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, instant, primaryId } from '../../platform/db/columns';
import { companies } from '../company/company.tables';

/** Each run of an admin command: the live progress while it runs and its result line afterwards. */
export const adminCommandRuns = pgTable(
  'admin_command_runs',
  {
    id: primaryId(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    command: text('command').$type<AdminCommand>().notNull(),
    startedBy: uuid('started_by'),
    /** The address a test e-mail goes to (the command's one parameter). */
    email: text('email'),
    status: text('status').$type<AdminCommandStatus>().notNull(),
    progressDone: integer('progress_done').notNull().default(0),
    progressTotal: integer('progress_total'),
    progressKey: text('progress_key'),
    resultKey: text('result_key'),
    resultParams: jsonb('result_params').$type<Record<string, string | number>>().notNull().default({}),
    error: text('error'),
    createdAt: createdAt(),
    startedAt: instant('started_at'),
    finishedAt: instant('finished_at'),
  },
  (table) => [
    index('admin_command_runs_company_created_idx').on(table.companyId, table.createdAt),
    // One run of a command per company at a time, across every instance.
    uniqueIndex('admin_command_runs_one_active')
      .on(table.companyId, table.command)
      .where(sql`status in ('queued', 'running')`),
  ],
);
