import type {
  ActionKind,
  ChecklistStatus,
  DeviationCategory,
  DeviationSeverity,
  DeviationStatus,
  ProcedureCategory,
} from '@karm/domain/contract';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
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
import { companies } from '../company/company.tables';
import { projectServiceRows, projectServiceTemplates } from '../service-templates/service-templates.tables';

const companyId = () =>
  uuid('company_id')
    .notNull()
    .references(() => companies.id, { onDelete: 'cascade' });

/**
 * A deviation (non-conformance, issue 16). Project, case handler and pictures are other modules'
 * records, checked on every write; product and supplier are the words the people use (searchable),
 * and the Pareto chart groups by them.
 */
export const deviations = pgTable(
  'deviations',
  {
    id: primaryId(),
    companyId: companyId(),
    number: integer('number').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    category: text('category').$type<DeviationCategory>().notNull(),
    severity: text('severity').$type<DeviationSeverity>().notNull(),
    status: text('status').$type<DeviationStatus>().notNull().default('open'),
    date: date('date', { mode: 'string' }).notNull(),
    projectId: uuid('project_id'),
    serviceItemId: uuid('service_item_id'),
    product: text('product').notNull().default(''),
    supplier: text('supplier').notNull().default(''),
    pictureIds: jsonb('picture_ids').$type<string[]>().notNull().default([]),
    reportedBy: uuid('reported_by'),
    reportedAt: instant('reported_at').notNull(),
    handlerId: uuid('handler_id'),
    rootCause: text('root_cause').notNull().default(''),
    costOre: bigint('cost_ore', { mode: 'number' }).notNull().default(0),
    closedAt: instant('closed_at'),
    /**
     * What the list's search looks in, lowercased in one column with a trigram index (as the
     * projects' search text): one LIKE per row served by the index instead of four ILIKEs over
     * every row. A newline keeps a term from matching across two parts.
     */
    searchText: text('search_text').generatedAlwaysAs(
      sql`lower(title || E'\\n' || product || E'\\n' || supplier || E'\\n' || description)`,
    ),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: version(),
  },
  (table) => [
    index('deviations_search_text_trgm_idx').using('gin', sql`${table.searchText} gin_trgm_ops`),
    uniqueIndex('deviations_company_number_key').on(table.companyId, table.number),
    index('deviations_company_date_idx').on(table.companyId, table.date),
    index('deviations_company_status_idx').on(table.companyId, table.status, table.date),
    index('deviations_company_project_idx').on(table.companyId, table.projectId),
    index('deviations_company_handler_idx').on(table.companyId, table.handlerId),
  ],
);

/** Corrective and preventive actions of a deviation. */
export const deviationActions = pgTable(
  'deviation_actions',
  {
    id: primaryId(),
    companyId: companyId(),
    deviationId: uuid('deviation_id')
      .notNull()
      .references(() => deviations.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    description: text('description').notNull(),
    kind: text('kind').$type<ActionKind>().notNull(),
    responsibleId: uuid('responsible_id'),
    dueDate: date('due_date', { mode: 'string' }),
    isDone: boolean('is_done').notNull().default(false),
    doneAt: instant('done_at'),
    /** When the daily check told the case handler it was overdue (once per action). */
    overdueAlertedAt: instant('overdue_alerted_at'),
  },
  (table) => [
    index('deviation_actions_deviation_idx').on(table.deviationId, table.position),
    // The overdue search: open actions by due date.
    index('deviation_actions_open_due_idx')
      .on(table.companyId, table.dueDate)
      .where(sql`${table.isDone} = false`),
  ],
);

/** Who changed what on a deviation, and when (the same shape as the project history). */
export const deviationHistory = pgTable(
  'deviation_history',
  {
    id: primaryId(),
    companyId: companyId(),
    deviationId: uuid('deviation_id')
      .notNull()
      .references(() => deviations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id'),
    action: text('action').notNull(),
    changes: jsonb('changes').$type<Record<string, { from: unknown; to: unknown }>>().notNull().default({}),
    at: createdAt(),
  },
  (table) => [index('deviation_history_deviation_idx').on(table.deviationId, table.at)],
);

/** A quality procedure; its text lives in versions, the newest being the current one. */
export const procedures = pgTable(
  'procedures',
  {
    id: primaryId(),
    companyId: companyId(),
    number: integer('number').notNull(),
    title: text('title').notNull(),
    category: text('category').$type<ProcedureCategory>().notNull(),
    ownerId: uuid('owner_id'),
    reviewDate: date('review_date', { mode: 'string' }),
    fileIds: jsonb('file_ids').$type<string[]>().notNull().default([]),
    currentVersion: integer('current_version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: version(),
  },
  (table) => [uniqueIndex('procedures_company_number_key').on(table.companyId, table.number)],
);

export const procedureVersions = pgTable(
  'procedure_versions',
  {
    procedureId: uuid('procedure_id')
      .notNull()
      .references(() => procedures.id, { onDelete: 'cascade' }),
    versionNumber: integer('version_number').notNull(),
    /** Sanitised on the server before it is stored. */
    html: text('html').notNull(),
    effectiveDate: date('effective_date', { mode: 'string' }).notNull(),
    reason: text('reason').notNull().default(''),
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.procedureId, table.versionNumber] })],
);

/** "I have read version n": one row per person and version, so a new version asks again. */
export const procedureAcknowledgements = pgTable(
  'procedure_acknowledgements',
  {
    procedureId: uuid('procedure_id')
      .notNull()
      .references(() => procedures.id, { onDelete: 'cascade' }),
    versionNumber: integer('version_number').notNull(),
    userId: uuid('user_id').notNull(),
    acknowledgedAt: instant('acknowledged_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.procedureId, table.versionNumber, table.userId] })],
);

/**
 * A quality checklist run on a project at a process step (issue 16). What it asks is the project's
 * copy of a checklist template (the service template engine's copy, made when the run starts), so a
 * later edit of the template never changes it; the copy goes with the project, and the run with it.
 */
export const checklistRuns = pgTable(
  'checklist_runs',
  {
    id: primaryId(),
    companyId: companyId(),
    number: integer('number').notNull(),
    projectId: uuid('project_id').notNull(),
    projectTemplateId: uuid('project_template_id')
      .notNull()
      .references(() => projectServiceTemplates.id, { onDelete: 'cascade' }),
    /** The template it was started from (for the list's filter); kept as it was if the template goes. */
    templateId: uuid('template_id'),
    processColumnId: uuid('process_column_id'),
    deviationCategory: text('deviation_category').$type<DeviationCategory>().notNull(),
    status: text('status').$type<ChecklistStatus>().notNull().default('open'),
    startedBy: uuid('started_by'),
    startedAt: instant('started_at').notNull(),
    completedBy: uuid('completed_by'),
    completedAt: instant('completed_at'),
    signedName: text('signed_name'),
    pdfFileId: uuid('pdf_file_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: version(),
  },
  (table) => [
    uniqueIndex('checklist_runs_company_number_key').on(table.companyId, table.number),
    index('checklist_runs_company_started_idx').on(table.companyId, table.startedAt),
    index('checklist_runs_company_project_idx').on(table.companyId, table.projectId),
    index('checklist_runs_company_template_idx').on(table.companyId, table.templateId),
  ],
);

/** What was answered on one row of a run: answers picked, a value, a comment, pictures, a deviation. */
export const checklistItems = pgTable(
  'checklist_items',
  {
    runId: uuid('run_id')
      .notNull()
      .references(() => checklistRuns.id, { onDelete: 'cascade' }),
    projectRowId: uuid('project_row_id')
      .notNull()
      .references(() => projectServiceRows.id, { onDelete: 'cascade' }),
    companyId: companyId(),
    answerIds: jsonb('answer_ids').$type<string[]>().notNull().default([]),
    value: text('value').notNull().default(''),
    comment: text('comment').notNull().default(''),
    pictureIds: jsonb('picture_ids').$type<string[]>().notNull().default([]),
    deviationId: uuid('deviation_id').references(() => deviations.id, { onDelete: 'set null' }),
    answeredBy: uuid('answered_by'),
    answeredAt: instant('answered_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.runId, table.projectRowId] })],
);
