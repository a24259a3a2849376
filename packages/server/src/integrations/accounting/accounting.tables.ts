import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { companies } from '../../modules/company/company.tables';
import { createdAt, instant, primaryId, updatedAt, version } from '../../platform/db/columns';

export const ACCOUNTING_PROVIDERS = ['none', 'tripletex'] as const;
export type AccountingProvider = (typeof ACCOUNTING_PROVIDERS)[number];

/** Per company: which accounting system, its tokens (sealed, never stored in clear) and sync pace. */
export const accountingSettings = pgTable('accounting_settings', {
  companyId: uuid('company_id')
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  provider: text('provider').$type<AccountingProvider>().notNull().default('none'),
  environment: text('environment').$type<'production' | 'test'>().notNull().default('test'),
  consumerTokenSealed: text('consumer_token_sealed'),
  employeeTokenSealed: text('employee_token_sealed'),
  /** The Tripletex company to act for; "0" is the token owner's own company. */
  externalCompanyId: text('external_company_id').notNull().default('0'),
  syncIntervalMinutes: integer('sync_interval_minutes').notNull().default(15),
  /** The instant the last successful customer sync started: the next `changedSince`. */
  customersSyncedAt: instant('customers_synced_at'),
  lastSyncAt: instant('last_sync_at'),
  updatedAt: updatedAt(),
  version: version(),
});

export type SyncCounts = Record<
  string,
  { created: number; updated: number; unchanged: number; conflicts?: number }
>;
export type SyncProgress = { phase: string; done: number; total: number | null };

/** The sync log: one row per run, visible to admins, with progress while it runs. */
export const syncRuns = pgTable(
  'sync_runs',
  {
    id: primaryId(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    trigger: text('trigger').notNull(),
    mode: text('mode').$type<'full' | 'incremental'>().notNull(),
    status: text('status').$type<'running' | 'succeeded' | 'failed'>().notNull(),
    progress: jsonb('progress').$type<SyncProgress>().notNull(),
    counts: jsonb('counts').$type<SyncCounts>().notNull().default({}),
    errors: jsonb('errors').$type<string[]>().notNull().default([]),
    startedAt: createdAt(),
    /** Touched at every progress report; a running row that stops being touched was interrupted. */
    heartbeatAt: instant('heartbeat_at').notNull().defaultNow(),
    finishedAt: instant('finished_at'),
  },
  (table) => [
    // At most one running sync per company, across every instance.
    uniqueIndex('sync_runs_one_running_key').on(table.companyId).where(sql`${table.status} = 'running'`),
    index('sync_runs_company_started_idx').on(table.companyId, table.startedAt),
  ],
);
