import type { TaskEntityType, TaskType } from '@karm/domain/contract';
import { boolean, date, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, instant, primaryId, updatedAt, version } from '../../platform/db/columns';
import { companies } from '../company/company.tables';

/**
 * A task (SPEC §3 Task: name, type, entityId, date, description, immediateAction). The entity
 * (project or offer) and the assignee (employee) are other modules' records, checked on every write.
 */
export const tasks = pgTable(
  'tasks',
  {
    id: primaryId(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    type: text('type').$type<TaskType>().notNull(),
    entityType: text('entity_type').$type<TaskEntityType>(),
    entityId: uuid('entity_id'),
    date: date('date', { mode: 'string' }).notNull(),
    description: text('description').notNull().default(''),
    immediateAction: text('immediate_action').notNull().default(''),
    assigneeId: uuid('assignee_id'),
    isDone: boolean('is_done').notNull().default(false),
    doneAt: instant('done_at'),
    doneBy: uuid('done_by'),
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: version(),
  },
  (table) => [
    index('tasks_company_done_date_idx').on(table.companyId, table.isDone, table.date),
    index('tasks_company_assignee_idx').on(table.companyId, table.assigneeId, table.date),
    index('tasks_company_entity_idx').on(table.companyId, table.entityId),
  ],
);
