import type { ServiceEmergencyType, ServiceItemStatus } from '@karm/domain/contract';
import { sql } from 'drizzle-orm';
import {
  check,
  doublePrecision,
  index,
  integer,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, instant, primaryId, updatedAt, version } from '../../platform/db/columns';
import { companies } from '../company/company.tables';
import { projectServiceTemplates } from '../service-templates/service-templates.tables';

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
