import type { NoteDates } from '@karm/domain/contract';
import type { ProcessColumnType } from '@karm/domain/rules';
import { boolean, date, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, primaryId, updatedAt, version } from '../../platform/db/columns';
import { companies } from '../company/company.tables';

const companyId = () =>
  uuid('company_id')
    .notNull()
    .references(() => companies.id, { onDelete: 'cascade' });

/** A column of the process grid (SPEC §3): weeks before delivery, a type and two names. */
export const processColumns = pgTable(
  'process_columns',
  {
    id: primaryId(),
    companyId: companyId(),
    /** The column's slot in the old template (PID1–PID11); new columns get the next free one. */
    key: text('key').notNull(),
    nameNo: text('name_no').notNull(),
    nameEn: text('name_en').notNull(),
    factor: integer('factor').notNull(),
    min: integer('min').notNull().default(0),
    max: integer('max').notNull().default(0),
    type: text('type').$type<ProcessColumnType>().notNull(),
    color: text('color').notNull().default('#868e96'),
    status: text('status').notNull().default(''),
    invoice: boolean('invoice').notNull().default(false),
    position: integer('position').notNull().default(0),
    isDeleted: boolean('is_deleted').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('process_columns_company_key').on(table.companyId, table.key),
    index('process_columns_company_position_idx').on(table.companyId, table.position),
  ],
);

export const subProcesses = pgTable(
  'sub_processes',
  {
    id: primaryId(),
    companyId: companyId(),
    columnId: uuid('column_id')
      .notNull()
      .references(() => processColumns.id, { onDelete: 'cascade' }),
    nameNo: text('name_no').notNull(),
    nameEn: text('name_en').notNull(),
    type: text('type').$type<ProcessColumnType>().notNull(),
    position: integer('position').notNull().default(0),
  },
  (table) => [index('sub_processes_column_idx').on(table.columnId)],
);

/** A cell of the grid: one project in one column (SPEC §3 process entry). */
export const processEntries = pgTable(
  'process_entries',
  {
    id: primaryId(),
    companyId: companyId(),
    projectId: uuid('project_id').notNull(),
    columnId: uuid('column_id')
      .notNull()
      .references(() => processColumns.id, { onDelete: 'cascade' }),
    date: date('date', { mode: 'string' }),
    isActive: boolean('is_active').notNull().default(true),
    noteDates: jsonb('note_dates').$type<NoteDates>().notNull().default({}),
    comment: text('comment').notNull().default(''),
    updatedAt: updatedAt(),
    version: version(),
  },
  (table) => [
    uniqueIndex('process_entries_project_column_key').on(table.projectId, table.columnId),
    index('process_entries_company_column_idx').on(table.companyId, table.columnId, table.isActive),
  ],
);
