import type { Address, CustomerSource, SyncStatus } from '@karm/domain/contract';
import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, instant, primaryId, updatedAt, version } from '../../platform/db/columns';
import { paymentTerms } from '../billing-settings/billing-settings.tables';
import { companies } from '../company/company.tables';

/**
 * Columns that tie a record to the accounting system: its id there, the version seen last, a
 * snapshot of the fields as last synced (the common base of a three-way merge), and the push queue
 * state — the record itself is its queue entry, so nothing can be lost between two tables.
 */
const accountingColumns = () => ({
  accountingId: text('accounting_id'),
  accountingVersion: integer('accounting_version'),
  accountingSnapshot: jsonb('accounting_snapshot').$type<Record<string, unknown>>(),
  syncStatus: text('sync_status').$type<SyncStatus>().notNull().default('local'),
  syncError: text('sync_error'),
  syncAttempts: integer('sync_attempts').notNull().default(0),
  nextSyncAt: instant('next_sync_at'),
});

/** The queue state of a record edited in Karm that the accounting system must get: due at once. */
export const pendingSync = (now: Date) => ({
  syncStatus: 'pending' as const,
  nextSyncAt: now,
  syncAttempts: 0,
  syncError: null,
});

export const customers = pgTable(
  'customers',
  {
    id: primaryId(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    source: text('source').$type<CustomerSource>().notNull(),
    customerNumber: integer('customer_number'),
    name: text('name').notNull(),
    organizationNumber: text('organization_number').notNull().default(''),
    isPrivateIndividual: boolean('is_private_individual').notNull().default(false),
    email: text('email').notNull().default(''),
    invoiceEmail: text('invoice_email').notNull().default(''),
    phoneNumber: text('phone_number').notNull().default(''),
    phoneNumberMobile: text('phone_number_mobile').notNull().default(''),
    invoiceSendMethod: text('invoice_send_method').notNull().default('EMAIL'),
    isSupplier: boolean('is_supplier').notNull().default(false),
    supplierNumber: integer('supplier_number'),
    postalAddress: jsonb('postal_address').$type<Address>().notNull(),
    physicalAddress: jsonb('physical_address').$type<Address>(),
    category: text('category').notNull().default('company'),
    creditScore: text('credit_score'),
    creditScoreDate: date('credit_score_date', { mode: 'string' }),
    creditScoreSource: text('credit_score_source'),
    /** Its own payment term; null: its category's or the company's default applies (billing-settings). */
    paymentTermId: uuid('payment_term_id').references(() => paymentTerms.id),
    /** Archived in Karm (who, when, why) sets this too, so the accounting system sees it inactive. */
    isInactive: boolean('is_inactive').notNull().default(false),
    archivedAt: instant('archived_at'),
    archivedBy: uuid('archived_by'),
    /** The archiver's name at the time, so every list can show it without asking the users module. */
    archivedByName: text('archived_by_name'),
    archiveReason: text('archive_reason'),
    ...accountingColumns(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: version(),
  },
  (table) => [
    uniqueIndex('customers_company_number_key').on(table.companyId, table.customerNumber),
    uniqueIndex('customers_company_accounting_id_key').on(table.companyId, table.accountingId),
    index('customers_company_name_idx').on(table.companyId, sql`lower(${table.name})`),
    index('customers_name_trgm_idx').using('gin', sql`${table.name} gin_trgm_ops`),
    index('customers_company_org_idx').on(table.companyId, table.organizationNumber),
    index('customers_pending_sync_idx').on(table.syncStatus, table.nextSyncAt),
  ],
);

export const contacts = pgTable(
  'contacts',
  {
    id: primaryId(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    email: text('email').notNull().default(''),
    phoneNumberMobile: text('phone_number_mobile').notNull().default(''),
    phoneNumber: text('phone_number').notNull().default(''),
    isInactive: boolean('is_inactive').notNull().default(false),
    ...accountingColumns(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: version(),
  },
  (table) => [
    index('contacts_customer_idx').on(table.companyId, table.customerId),
    uniqueIndex('contacts_company_accounting_id_key').on(table.companyId, table.accountingId),
    index('contacts_pending_sync_idx').on(table.syncStatus, table.nextSyncAt),
  ],
);
