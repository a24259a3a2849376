import { integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, primaryId, updatedAt, version } from '../../platform/db/columns';

export const companies = pgTable('companies', {
  id: primaryId(),
  /** The company's short number (SPEC §3 "nr"), unique across the installation. */
  nr: integer('nr').notNull().unique(),
  name: text('name').notNull(),
  organisationNumber: text('organisation_number'),
  logoFileId: uuid('logo_file_id'),
  footerFileId: uuid('footer_file_id'),
  serviceDepartment: text('service_department'),
  serviceEmployeeCategory: text('service_employee_category'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
  version: version(),
});
