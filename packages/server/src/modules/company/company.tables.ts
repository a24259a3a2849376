import { boolean, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, primaryId, updatedAt, version } from '../../platform/db/columns';

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
    .default('nb'),
  logoFileId: uuid('logo_file_id'),
  footerFileId: uuid('footer_file_id'),
  serviceDepartment: text('service_department'),
  serviceEmployeeCategory: text('service_employee_category'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
  version: version(),
});
