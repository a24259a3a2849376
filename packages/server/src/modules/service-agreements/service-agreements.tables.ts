import type { ServiceInterval } from '@karm/domain/contract';
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, instant, primaryId, updatedAt, version } from '../../platform/db/columns';
import { companies } from '../company/company.tables';
import { projects } from '../projects/projects.tables';

const companyId = () =>
  uuid('company_id')
    .notNull()
    .references(() => companies.id, { onDelete: 'cascade' });

/**
 * A service agreement (issue 19; SPEC §3 service info: serviceWorkers, interval default none): one
 * per service project. Workers are employees and items are service items of the project, both
 * checked on every write. `next_visit_date` is the rule `nextVisitDate` kept stored, so the due list
 * is one indexed query; `visit_task_ids` are the tasks of that visit (one per service worker).
 */
export const serviceAgreements = pgTable(
  'service_agreements',
  {
    id: primaryId(),
    companyId: companyId(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    serviceWorkerIds: jsonb('service_worker_ids').$type<string[]>().notNull().default([]),
    interval: text('interval').$type<ServiceInterval>().notNull().default('none'),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    pricePerVisitOre: bigint('price_per_visit_ore', { mode: 'number' }).notNull().default(0),
    pricePerYearOre: bigint('price_per_year_ore', { mode: 'number' }).notNull().default(0),
    itemIds: jsonb('item_ids').$type<string[]>().notNull().default([]),
    contactName: text('contact_name').notNull().default(''),
    contactEmail: text('contact_email').notNull().default(''),
    contactPhone: text('contact_phone').notNull().default(''),
    lastVisitDate: date('last_visit_date', { mode: 'string' }),
    nextVisitDate: date('next_visit_date', { mode: 'string' }),
    visitTaskIds: jsonb('visit_task_ids').$type<string[]>().notNull().default([]),
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: version(),
  },
  (table) => [
    uniqueIndex('service_agreements_project_key').on(table.projectId),
    index('service_agreements_company_next_idx').on(table.companyId, table.nextVisitDate),
    check(
      'service_agreements_prices_not_negative',
      sql`${table.pricePerVisitOre} >= 0 and ${table.pricePerYearOre} >= 0`,
    ),
  ],
);

/** A completed visit of an agreement. */
export const serviceAgreementVisits = pgTable(
  'service_agreement_visits',
  {
    id: primaryId(),
    companyId: companyId(),
    agreementId: uuid('agreement_id')
      .notNull()
      .references(() => serviceAgreements.id, { onDelete: 'cascade' }),
    date: date('date', { mode: 'string' }).notNull(),
    note: text('note').notNull().default(''),
    doneBy: uuid('done_by'),
    createdAt: createdAt(),
  },
  (table) => [index('service_agreement_visits_agreement_idx').on(table.agreementId, table.date)],
);

/** Every price an agreement had: typed in the dialog (no index) or set by a yearly index. */
export const serviceAgreementPrices = pgTable(
  'service_agreement_prices',
  {
    id: primaryId(),
    companyId: companyId(),
    agreementId: uuid('agreement_id')
      .notNull()
      .references(() => serviceAgreements.id, { onDelete: 'cascade' }),
    date: date('date', { mode: 'string' }).notNull(),
    oldPricePerVisitOre: bigint('old_price_per_visit_ore', { mode: 'number' }).notNull(),
    newPricePerVisitOre: bigint('new_price_per_visit_ore', { mode: 'number' }).notNull(),
    oldPricePerYearOre: bigint('old_price_per_year_ore', { mode: 'number' }).notNull(),
    newPricePerYearOre: bigint('new_price_per_year_ore', { mode: 'number' }).notNull(),
    /** The index in hundredths of a percent (310 = 3.10 %); null for a typed price. */
    indexHundredths: integer('index_hundredths'),
    userId: uuid('user_id'),
    at: createdAt(),
  },
  (table) => [index('service_agreement_prices_agreement_idx').on(table.agreementId, table.date)],
);

/** Who changed what on an agreement, and when (the same shape as the deviation history). */
export const serviceAgreementHistory = pgTable(
  'service_agreement_history',
  {
    id: primaryId(),
    companyId: companyId(),
    agreementId: uuid('agreement_id')
      .notNull()
      .references(() => serviceAgreements.id, { onDelete: 'cascade' }),
    userId: uuid('user_id'),
    action: text('action').notNull(),
    changes: jsonb('changes').$type<Record<string, { from: unknown; to: unknown }>>().notNull().default({}),
    at: instant('at').notNull().defaultNow(),
  },
  (table) => [index('service_agreement_history_agreement_idx').on(table.agreementId, table.at)],
);
