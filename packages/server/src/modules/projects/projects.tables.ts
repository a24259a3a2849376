import type { ProjectState } from '@karm/domain/rules';
import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, instant, primaryId, updatedAt, version } from '../../platform/db/columns';
import { containsPattern } from '../../platform/db/search-terms';
import { companies } from '../company/company.tables';

const companyId = () =>
  uuid('company_id')
    .notNull()
    .references(() => companies.id, { onDelete: 'cascade' });

/**
 * A project (SPEC §3). Customer, contact, department and project manager are ids of other modules'
 * records (no foreign keys across modules: each module owns its tables).
 */
export const projects = pgTable(
  'projects',
  {
    id: primaryId(),
    companyId: companyId(),
    number: integer('number').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    state: text('state').$type<ProjectState>().notNull().default('active'),
    departmentId: uuid('department_id'),
    /** A key of the company's project categories (collections). */
    projectCategory: text('project_category'),
    customerId: uuid('customer_id'),
    contactId: uuid('contact_id'),
    projectManagerId: uuid('project_manager_id'),
    startDate: date('start_date', { mode: 'string' }),
    endDate: date('end_date', { mode: 'string' }),
    deliveryDate: date('delivery_date', { mode: 'string' }),
    agreedInstallationDate: date('agreed_installation_date', { mode: 'string' }),
    isClosed: boolean('is_closed').notNull().default(false),
    isDirect: boolean('is_direct').notNull().default(false),
    isService: boolean('is_service').notNull().default(false),
    projectAddress: text('project_address').notNull().default(''),
    projectPostalCode: text('project_postal_code').notNull().default(''),
    projectCity: text('project_city').notNull().default(''),
    noteToPlanner: text('note_to_planner').notNull().default(''),
    workOrderNotes: text('work_order_notes').notNull().default(''),
    siteContactName: text('site_contact_name').notNull().default(''),
    siteContactPhone: text('site_contact_phone').notNull().default(''),
    productionHours: doublePrecision('production_hours'),
    installationHours: doublePrecision('installation_hours'),
    installationStaff: integer('installation_staff'),
    missingData: boolean('missing_data').notNull().default(false),
    missingDataComment: text('missing_data_comment').notNull().default(''),
    serviceReportCount: integer('service_report_count').notNull().default(0),
    /** Sum of the orders' sales prices in øre, kept with the orders so lists need no join. */
    projectValue: integer('project_value').notNull().default(0),
    /**
     * The project's order squares summed up for the list's invoice filters (`hasInvoice`, status
     * none/pending/sent/paid): a flag per status code, and the due dates of sent, unpaid invoices
     * (past due depends on the day, so it is compared with today when read). Kept by database
     * triggers on invoices, payment parts and confirmations (migration 0029), never written by Karm's
     * code, so no write path can forget them; a filter over 100 000 projects then checks a column.
     */
    hasInvoice: boolean('has_invoice').notNull().default(false),
    hasUninvoicedPart: boolean('has_uninvoiced_part').notNull().default(false),
    hasUnsentInvoice: boolean('has_unsent_invoice').notNull().default(false),
    hasPaidInvoice: boolean('has_paid_invoice').notNull().default(false),
    unpaidDueFirst: date('unpaid_due_first', { mode: 'string' }),
    unpaidDueLast: date('unpaid_due_last', { mode: 'string' }),
    offerId: uuid('offer_id'),
    accountingId: text('accounting_id'),
    /** Legacy fields with no column of their own, kept from an import (see README). */
    legacy: jsonb('legacy').$type<Record<string, unknown>>(),
    /**
     * Name, address and city lower-cased in one column for the "contains" searches: one trigram index
     * over one column lets the planner use it even for a selective term (three ILIKEs priced it below a
     * sequential scan), and a broad term is checked with one LIKE per row instead of three ILIKEs.
     * A newline separates the parts so a term never matches across two of them.
     */
    searchText: text('search_text').generatedAlwaysAs(
      sql`lower(name || E'\\n' || project_address || E'\\n' || project_city)`,
    ),
    archivedAt: instant('archived_at'),
    archivedBy: uuid('archived_by'),
    archiveReason: text('archive_reason'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: version(),
  },
  (table) => [
    uniqueIndex('projects_company_number_key').on(table.companyId, table.number),
    index('projects_company_state_delivery_idx').on(table.companyId, table.state, table.deliveryDate),
    // The list's default order (soonest delivery, then number) over every state: a page is the first
    // entries walked, not a sort of the company's projects (measured: 25–75 ms for 100 000 on PGlite).
    index('projects_company_delivery_idx').on(table.companyId, table.deliveryDate, table.number),
    index('projects_company_manager_idx').on(table.companyId, table.projectManagerId),
    index('projects_company_customer_idx').on(table.companyId, table.customerId),
    index('projects_company_department_idx').on(table.companyId, table.departmentId),
    index('projects_company_end_idx').on(table.companyId, table.endDate),
    index('projects_company_service_idx').on(table.companyId, table.isService, table.state),
    index('projects_company_name_idx').on(table.companyId, sql`lower(${table.name})`),
    // A trigram index answers the "contains" searches (LIKE '%…%') without reading every row.
    index('projects_search_text_trgm_idx').using('gin', sql`${table.searchText} gin_trgm_ops`),
  ],
);

/**
 * How many of a company's projects there are in each combination of the project list's broad filters:
 * state, service or not, and the invoice columns the status filters read (sent = some sent invoice
 * unpaid, whether past due or not). The list's total for "everybody's projects" under those filters
 * alone is then a sum over a few dozen rows instead of a count of 100 000 (measured on PGlite: 60–70 ms
 * for the count alone). Kept by a database trigger on projects (migration 0031) — per statement, in
 * key order so concurrent writers never wait on each other crosswise — never by Karm's code.
 */
export const projectCounts = pgTable(
  'project_counts',
  {
    companyId: companyId(),
    state: text('state').$type<ProjectState>().notNull(),
    isService: boolean('is_service').notNull(),
    hasInvoice: boolean('has_invoice').notNull(),
    hasUninvoicedPart: boolean('has_uninvoiced_part').notNull(),
    hasUnsentInvoice: boolean('has_unsent_invoice').notNull(),
    hasPaidInvoice: boolean('has_paid_invoice').notNull(),
    hasUnpaidSentInvoice: boolean('has_unpaid_sent_invoice').notNull(),
    projectCount: integer('project_count').notNull(),
  },
  (table) => [
    primaryKey({
      name: 'project_counts_pkey',
      columns: [
        table.companyId,
        table.state,
        table.isService,
        table.hasInvoice,
        table.hasUninvoicedPart,
        table.hasUnsentInvoice,
        table.hasPaidInvoice,
        table.hasUnpaidSentInvoice,
      ],
    }),
  ],
);

/**
 * How many of a company's projects are due on each delivery date, per state: the dashboard's
 * completion rate and trend (projects due in a period up to today, and the completed ones) are sums
 * over a few thousand days instead of a pass over every project (measured on PGlite with 100 000
 * projects: 51 / 77 ms p50 / p95 for that pass). Kept by a database trigger on projects (migration
 * 0053), as project_counts is; projects without a delivery date are not counted.
 */
export const projectDeliveryCounts = pgTable(
  'project_delivery_counts',
  {
    companyId: companyId(),
    deliveryDate: date('delivery_date', { mode: 'string' }).notNull(),
    state: text('state').$type<ProjectState>().notNull(),
    projectCount: integer('project_count').notNull(),
  },
  (table) => [
    primaryKey({
      name: 'project_delivery_counts_pkey',
      columns: [table.companyId, table.deliveryDate, table.state],
    }),
  ],
);

export const projectOrders = pgTable(
  'project_orders',
  {
    id: primaryId(),
    companyId: companyId(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    title: text('title').notNull().default(''),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
  },
  (table) => [index('project_orders_project_idx').on(table.projectId)],
);

export const projectOrderLines = pgTable(
  'project_order_lines',
  {
    id: primaryId(),
    companyId: companyId(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => projectOrders.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
    description: text('description').notNull().default(''),
    count: doublePrecision('count').notNull().default(1),
    unitPrice: integer('unit_price').notNull().default(0),
    discountPercent: doublePrecision('discount_percent').notNull().default(0),
    costPrice: integer('cost_price').notNull().default(0),
    vatPercent: integer('vat_percent').notNull().default(25),
  },
  (table) => [index('project_order_lines_order_idx').on(table.orderId)],
);

/** DESIGN rule 6: who changed what and when. */
export const projectHistory = pgTable(
  'project_history',
  {
    id: primaryId(),
    companyId: companyId(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    userId: uuid('user_id'),
    action: text('action').notNull(),
    changes: jsonb('changes').$type<Record<string, unknown>>().notNull().default({}),
    at: createdAt(),
  },
  (table) => [
    index('project_history_project_idx').on(table.projectId, table.at),
    // The dashboard's "changes in projects": a company's latest rows without reading its whole history.
    // It must match the query's order exactly (`at DESC` sorts nulls first, the id breaks ties): the
    // first version (`DESC NULLS LAST`, no id) was never used, and 100 000 rows were joined and sorted.
    index('project_history_company_latest_idx').on(
      table.companyId,
      table.at.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
  ],
);

/** Projects whose name, address or city contains the term, case-insensitively (served by the trigram index). */
export const projectTextContains = (term: string) =>
  sql`${projects.searchText} like lower(${containsPattern(term)})`;
