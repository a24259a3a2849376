import type { InvoiceSettingsSendMethod } from '@karm/domain/contract';
import { sql } from 'drizzle-orm';
import { boolean, integer, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, primaryId, updatedAt, version } from '../../platform/db/columns';
import { companies } from '../company/company.tables';

/** A company's named payment terms (admin tab "Payment terms"); at most one is its default. */
export const paymentTerms = pgTable(
  'payment_terms',
  {
    id: primaryId(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    daysUntilDue: integer('days_until_due').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: version(),
  },
  (table) => [
    uniqueIndex('payment_terms_company_name_key').on(table.companyId, sql`lower(${table.name})`),
    uniqueIndex('payment_terms_company_default_key').on(table.companyId).where(sql`${table.isDefault}`),
  ],
);

/** A customer category's default payment term (the category is a `customerCategory` collection key). */
export const paymentTermCategoryDefaults = pgTable(
  'payment_term_category_defaults',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    categoryKey: text('category_key').notNull(),
    // A term in use is never deleted (the service refuses), so no cascade here.
    paymentTermId: uuid('payment_term_id')
      .notNull()
      .references(() => paymentTerms.id),
    updatedAt: updatedAt(),
  },
  (table) => [primaryKey({ columns: [table.companyId, table.categoryKey] })],
);

/** A company's credit bands in their order (admin tab "Credit score"); codes are unique without case. */
export const creditBands = pgTable(
  'credit_bands',
  {
    id: primaryId(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    name: text('name').notNull().default(''),
    /** Basis points: 10000 = 100 %. */
    minPrepaymentBasisPoints: integer('min_prepayment_basis_points').notNull().default(0),
    requiresAdminApproval: boolean('requires_admin_approval').notNull().default(false),
    position: integer('position').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: version(),
  },
  (table) => [uniqueIndex('credit_bands_company_code_key').on(table.companyId, sql`upper(${table.code})`)],
);

/** The company's invoice settings (admin tab "Invoices"): one row, made on the first save. */
export const invoiceSettings = pgTable('invoice_settings', {
  companyId: uuid('company_id')
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  defaultDueDays: integer('default_due_days').notNull(),
  sendMethod: text('send_method').$type<InvoiceSettingsSendMethod>().notNull(),
  invoiceText: text('invoice_text').notNull().default(''),
  updatedAt: updatedAt(),
  version: version(),
});
