import { type CompanyHistoryDto, DEFAULT_DOCUMENT_LANGUAGE } from '@karm/domain/contract';
import { type AnyPgColumn, boolean, index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, instant, primaryId, updatedAt, version } from '../../platform/db/columns';
import { departments, employeeCategories } from '../employees/employees.tables';

export const companies = pgTable('companies', {
  id: primaryId(),
  /** The company's short number (SPEC §3 "nr"), unique across the installation. */
  nr: integer('nr').notNull().unique(),
  name: text('name').notNull(),
  organisationNumber: text('organisation_number'),
  address: text('address').notNull().default(''),
  postalCode: text('postal_code').notNull().default(''),
  city: text('city').notNull().default(''),
  phone: text('phone').notNull().default(''),
  email: text('email').notNull().default(''),
  web: text('web').notNull().default(''),
  bankAccount: text('bank_account').notNull().default(''),
  isVatRegistered: boolean('is_vat_registered').notNull().default(true),
  /** The language of documents when nobody picks one ('en' or 'nb'). */
  documentLanguage: text('document_language', { enum: ['en', 'nb'] })
    .notNull()
    .default(DEFAULT_DOCUMENT_LANGUAGE),
  logoFileId: uuid('logo_file_id'),
  footerFileId: uuid('footer_file_id'),
  /** SPEC §3 serviceDepartment: one of the company's departments (checked on every save). */
  // Typed by hand: the departments table refers back to this one, which TypeScript cannot infer.
  serviceDepartmentId: uuid('service_department_id').references((): AnyPgColumn => departments.id, {
    onDelete: 'set null',
  }),
  /** SPEC §3 serviceEmployeeCategory: its active employees are the service workers. */
  serviceEmployeeCategoryId: uuid('service_employee_category_id').references(
    (): AnyPgColumn => employeeCategories.id,
    { onDelete: 'set null' },
  ),
  /** Administrators sign in with a second factor (TOTP); those without one set it up at sign-in. */
  requireTwoFactorForAdmins: boolean('require_two_factor_for_admins').notNull().default(false),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
  version: version(),
});

/** One row per save of the settings: who, when and each field from what to what (DESIGN rule 6). */
export const companyHistory = pgTable(
  'company_history',
  {
    id: primaryId(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    userId: uuid('user_id'),
    /** The name as it was, so renaming somebody later rewrites no history. */
    userName: text('user_name').notNull().default(''),
    changes: jsonb('changes').$type<CompanyHistoryDto['changes']>().notNull().default([]),
    at: instant('at').notNull().defaultNow(),
  },
  (table) => [index('company_history_company_at_idx').on(table.companyId, table.at)],
);
