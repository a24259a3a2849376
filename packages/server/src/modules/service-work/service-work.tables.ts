import type { ServiceEmergencyType, ServiceItemStatus, ServiceVisitRowDto } from '@karm/domain/contract';
import { sql } from 'drizzle-orm';
import {
  check,
  date,
  doublePrecision,
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
import {
  projectServiceAnswers,
  projectServiceRows,
  projectServiceTemplates,
} from '../service-templates/service-templates.tables';

/**
 * A service item on a service project (SPEC §3 Service item: location, floor, serviceTemplateId,
 * projectId, emergency type), e.g. one automatic door of a building. It owns its project copy of a
 * template (made by copyTemplateToProject when it is added); a removed project's copies go with the
 * project (service-templates' removal hook), and the items with them (cascade).
 */
export const serviceItems = pgTable(
  'service_items',
  {
    id: primaryId(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    projectId: uuid('project_id').notNull(),
    /** 1, 2, 3… within the project. */
    number: integer('number').notNull(),
    name: text('name').notNull().default(''),
    floor: text('floor').notNull().default(''),
    lat: doublePrecision('lat'),
    lng: doublePrecision('lng'),
    /** The company template it was made from (kept when that template is later deleted). */
    serviceTemplateId: uuid('service_template_id'),
    projectServiceTemplateId: uuid('project_service_template_id')
      .notNull()
      .references(() => projectServiceTemplates.id, { onDelete: 'cascade' }),
    emergencyType: text('emergency_type').$type<ServiceEmergencyType>().notNull().default('none'),
    status: text('status').$type<ServiceItemStatus>().notNull().default('notVisited'),
    lastVisitAt: instant('last_visit_at'),
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: version(),
  },
  (table) => [
    uniqueIndex('service_items_project_number_key').on(table.projectId, table.number),
    index('service_items_company_project_idx').on(table.companyId, table.projectId),
    // SPEC §5: a location is both coordinates or none, whatever writes the row.
    check('service_items_location_whole', sql`(${table.lat} is null) = (${table.lng} is null)`),
  ],
);

/**
 * SPEC §3 User answer: a technician's answer to one row of a service item's checklist (its project
 * copy of the template). A single-answer or value row has at most one; a multiple-answers row one per
 * chosen answer (the service keeps this under the item's lock; the unique index holds the latter).
 * Removing the item (or its copy) removes its answers.
 */
export const serviceUserAnswers = pgTable(
  'service_user_answers',
  {
    id: primaryId(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    serviceItemId: uuid('service_item_id')
      .notNull()
      .references(() => serviceItems.id, { onDelete: 'cascade' }),
    projectRowId: uuid('project_row_id')
      .notNull()
      .references(() => projectServiceRows.id, { onDelete: 'cascade' }),
    projectServiceAnswerId: uuid('project_service_answer_id').references(() => projectServiceAnswers.id, {
      onDelete: 'cascade',
    }),
    text: text('text').notNull().default(''),
    number: doublePrecision('number'),
    date: date('date', { mode: 'string' }),
    comment: text('comment').notNull().default(''),
    /** A `service-picture` upload: the photo taken with the answer. */
    pictureId: uuid('picture_id'),
    /** A `service-picture` upload on a signature row: the customer's signature. */
    fileId: uuid('file_id'),
    /** The quality module's deviation this answer raised (its answer asks for one). */
    deviationId: uuid('deviation_id'),
    userId: uuid('user_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: version(),
  },
  (table) => [
    index('service_user_answers_item_idx').on(table.serviceItemId),
    uniqueIndex('service_user_answers_row_answer_key').on(table.projectRowId, table.projectServiceAnswerId),
    index('service_user_answers_company_picture_idx').on(table.companyId, table.pictureId),
    index('service_user_answers_company_file_idx').on(table.companyId, table.fileId),
  ],
);

/**
 * A service report (issue 19): one visit to a service project, kept as an A4 PDF among the project's
 * documents. Numbered 1, 2, 3… within the project; the project's `service_report_count` follows.
 */
export const serviceReports = pgTable(
  'service_reports',
  {
    id: primaryId(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    // A removed project takes its reports' rows with it (the PDFs are its documents).
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    visitDate: date('visit_date', { mode: 'string' }).notNull(),
    technicianId: uuid('technician_id'),
    technicianName: text('technician_name').notNull().default(''),
    signedName: text('signed_name').notNull().default(''),
    itemCount: integer('item_count').notNull(),
    pictureCount: integer('picture_count').notNull(),
    skippedPictureCount: integer('skipped_picture_count').notNull().default(0),
    /** The stored PDF, a `document` of the project. */
    fileId: uuid('file_id').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('service_reports_project_number_key').on(table.projectId, table.number),
    index('service_reports_company_project_idx').on(table.companyId, table.projectId),
    index('service_reports_company_file_idx').on(table.companyId, table.fileId),
  ],
);

/**
 * One item's visit, the per-door logbook entry (EN 16005 asks owners of automatic doors to keep one):
 * the item's answered rows as the report showed them, so the history stays when answers change later.
 */
export const serviceVisits = pgTable(
  'service_visits',
  {
    id: primaryId(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    serviceItemId: uuid('service_item_id')
      .notNull()
      .references(() => serviceItems.id, { onDelete: 'cascade' }),
    reportId: uuid('report_id')
      .notNull()
      .references(() => serviceReports.id, { onDelete: 'cascade' }),
    visitDate: date('visit_date', { mode: 'string' }).notNull(),
    technicianName: text('technician_name').notNull().default(''),
    rows: jsonb('rows').$type<ServiceVisitRowDto[]>().notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    index('service_visits_company_item_idx').on(table.companyId, table.serviceItemId, table.visitDate),
  ],
);
