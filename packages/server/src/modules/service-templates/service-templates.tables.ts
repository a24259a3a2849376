import type { ServiceGroupType, ServiceRowType, ServiceTemplatePurpose } from '@karm/domain/contract';
import { boolean, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, instant, primaryId, updatedAt, version } from '../../platform/db/columns';
import { companies } from '../company/company.tables';

const companyId = () =>
  uuid('company_id')
    .notNull()
    .references(() => companies.id, { onDelete: 'cascade' });

/** 0 first. Siblings' positions are unique and dense (0…n−1): every change writes the whole order. */
const position = () => integer('position').notNull();

/** A group's own fields, in a template and in a project's copy. */
const groupColumns = () => ({
  name: text('name').notNull(),
  typeGroup: text('type_group').$type<ServiceGroupType>().notNull(),
  info: text('info').notNull().default(''),
});

/** A row's own fields, in a template and in a project's copy. */
const rowColumns = () => ({
  name: text('name').notNull(),
  type: text('type').$type<ServiceRowType>().notNull(),
  note: text('note').notNull().default(''),
  url: text('url').notNull().default(''),
  /** An upload of type `service-file`; the files module asks before deleting it (file users). */
  fileId: uuid('file_id'),
});

/** An answer's own fields, in a template, a global set and a project's copy. */
const answerColumns = () => ({
  name: text('name').notNull(),
  color: text('color').notNull(),
  isCommentRequired: boolean('is_comment_required').notNull().default(false),
  isPictureRequired: boolean('is_picture_required').notNull().default(false),
  isDeviationRequired: boolean('is_deviation_required').notNull().default(false),
});

/**
 * One row per company once its starter templates, global answers and function lists are stored
 * (by the first write that needs them). Until then reads answer the starters from memory, with the
 * ids the write will give them (README "Reads never write").
 */
export const serviceTemplateSettings = pgTable('service_template_settings', {
  companyId: uuid('company_id')
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  storedAt: instant('stored_at').notNull().defaultNow(),
});

/**
 * SPEC §3 service template: name, info. `version` rises with every change of the template or its
 * tree. `purpose` (issue 16): a service item's checklist or a quality checklist run on a project.
 */
export const serviceTemplates = pgTable(
  'service_templates',
  {
    id: primaryId(),
    companyId: companyId(),
    name: text('name').notNull(),
    info: text('info').notNull().default(''),
    purpose: text('purpose').$type<ServiceTemplatePurpose>().notNull().default('service'),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index('service_templates_company_name_idx').on(table.companyId, table.purpose, table.name)],
);

/** SPEC §3 service group: name, type group, info, order, serviceTemplateId. */
export const serviceGroups = pgTable(
  'service_groups',
  {
    id: primaryId(),
    companyId: companyId(),
    templateId: uuid('template_id')
      .notNull()
      .references(() => serviceTemplates.id, { onDelete: 'cascade' }),
    ...groupColumns(),
    position: position(),
    version: version(),
  },
  (table) => [uniqueIndex('service_groups_template_position_key').on(table.templateId, table.position)],
);

/** Function groups of the company (sensors, drive unit, emergency opening…): reference lists for rows. */
export const serviceFunctionGroups = pgTable(
  'service_function_groups',
  {
    id: primaryId(),
    companyId: companyId(),
    name: text('name').notNull(),
    position: position(),
    version: version(),
  },
  (table) => [
    uniqueIndex('service_function_groups_company_position_key').on(table.companyId, table.position),
  ],
);

export const serviceFunctions = pgTable(
  'service_functions',
  {
    id: primaryId(),
    companyId: companyId(),
    groupId: uuid('group_id')
      .notNull()
      .references(() => serviceFunctionGroups.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    position: position(),
    version: version(),
  },
  (table) => [uniqueIndex('service_functions_group_position_key').on(table.groupId, table.position)],
);

/** What a technician may record of a function (working, fault, replaced). */
export const serviceFunctionStatuses = pgTable(
  'service_function_statuses',
  {
    id: primaryId(),
    companyId: companyId(),
    name: text('name').notNull(),
    color: text('color').notNull(),
    position: position(),
    version: version(),
  },
  (table) => [
    uniqueIndex('service_function_statuses_company_position_key').on(table.companyId, table.position),
  ],
);

/**
 * SPEC §3 service row: name, type (default text), note, url, order, serviceGroupId, fileId. The
 * template is kept on the row too, so a template's rows are read by one index scan.
 */
export const serviceRows = pgTable(
  'service_rows',
  {
    id: primaryId(),
    companyId: companyId(),
    templateId: uuid('template_id')
      .notNull()
      .references(() => serviceTemplates.id, { onDelete: 'cascade' }),
    groupId: uuid('group_id')
      .notNull()
      .references(() => serviceGroups.id, { onDelete: 'cascade' }),
    ...rowColumns(),
    functionId: uuid('function_id').references(() => serviceFunctions.id),
    position: position(),
    version: version(),
  },
  (table) => [
    uniqueIndex('service_rows_group_position_key').on(table.groupId, table.position),
    index('service_rows_template_idx').on(table.templateId),
    index('service_rows_company_file_idx').on(table.companyId, table.fileId),
    index('service_rows_function_idx').on(table.functionId),
  ],
);

/** SPEC §3 service answer: name, color (#999999), the three requirements, order. */
export const serviceAnswers = pgTable(
  'service_answers',
  {
    id: primaryId(),
    companyId: companyId(),
    templateId: uuid('template_id')
      .notNull()
      .references(() => serviceTemplates.id, { onDelete: 'cascade' }),
    rowId: uuid('row_id')
      .notNull()
      .references(() => serviceRows.id, { onDelete: 'cascade' }),
    ...answerColumns(),
    position: position(),
    version: version(),
  },
  (table) => [
    uniqueIndex('service_answers_row_position_key').on(table.rowId, table.position),
    index('service_answers_template_idx').on(table.templateId),
  ],
);

/** SPEC §3 global answer group: a reusable answer set ("OK / Not OK / Not applicable"). */
export const globalAnswerGroups = pgTable(
  'global_answer_groups',
  {
    id: primaryId(),
    companyId: companyId(),
    name: text('name').notNull(),
    position: position(),
    version: version(),
  },
  (table) => [uniqueIndex('global_answer_groups_company_position_key').on(table.companyId, table.position)],
);

/** SPEC §3 global service answer: groupId, order, and the answer's own fields. */
export const globalAnswers = pgTable(
  'global_answers',
  {
    id: primaryId(),
    companyId: companyId(),
    groupId: uuid('group_id')
      .notNull()
      .references(() => globalAnswerGroups.id, { onDelete: 'cascade' }),
    ...answerColumns(),
    position: position(),
    version: version(),
  },
  (table) => [uniqueIndex('global_answers_group_position_key').on(table.groupId, table.position)],
);

/**
 * SPEC §3 "project service group, row and answer mirror the template": a project's own copy of a
 * template, made when a service item takes it, so later edits of the template never change what
 * was answered. `templateVersion` is the template's version at the copy; `sourceTemplateId` is how
 * "where it is in use" is counted. The project is another module's record (no foreign key): the
 * projects module's removal hook takes the copies along.
 */
export const projectServiceTemplates = pgTable(
  'project_service_templates',
  {
    id: primaryId(),
    companyId: companyId(),
    projectId: uuid('project_id').notNull(),
    sourceTemplateId: uuid('source_template_id').references(() => serviceTemplates.id, {
      onDelete: 'set null',
    }),
    templateVersion: integer('template_version').notNull(),
    name: text('name').notNull(),
    info: text('info').notNull().default(''),
    createdAt: createdAt(),
  },
  (table) => [
    index('project_service_templates_company_project_idx').on(table.companyId, table.projectId),
    index('project_service_templates_source_idx').on(table.sourceTemplateId),
  ],
);

export const projectServiceGroups = pgTable(
  'project_service_groups',
  {
    id: primaryId(),
    companyId: companyId(),
    projectTemplateId: uuid('project_template_id')
      .notNull()
      .references(() => projectServiceTemplates.id, { onDelete: 'cascade' }),
    sourceGroupId: uuid('source_group_id'),
    ...groupColumns(),
    position: position(),
  },
  (table) => [
    uniqueIndex('project_service_groups_template_position_key').on(table.projectTemplateId, table.position),
  ],
);

export const projectServiceRows = pgTable(
  'project_service_rows',
  {
    id: primaryId(),
    companyId: companyId(),
    projectTemplateId: uuid('project_template_id')
      .notNull()
      .references(() => projectServiceTemplates.id, { onDelete: 'cascade' }),
    projectGroupId: uuid('project_group_id')
      .notNull()
      .references(() => projectServiceGroups.id, { onDelete: 'cascade' }),
    sourceRowId: uuid('source_row_id'),
    ...rowColumns(),
    /** The function the row checked, and its name then (the function list may change later). */
    functionId: uuid('function_id'),
    functionName: text('function_name'),
    position: position(),
  },
  (table) => [
    uniqueIndex('project_service_rows_group_position_key').on(table.projectGroupId, table.position),
    index('project_service_rows_template_idx').on(table.projectTemplateId),
    index('project_service_rows_company_file_idx').on(table.companyId, table.fileId),
  ],
);

export const projectServiceAnswers = pgTable(
  'project_service_answers',
  {
    id: primaryId(),
    companyId: companyId(),
    projectTemplateId: uuid('project_template_id')
      .notNull()
      .references(() => projectServiceTemplates.id, { onDelete: 'cascade' }),
    projectRowId: uuid('project_row_id')
      .notNull()
      .references(() => projectServiceRows.id, { onDelete: 'cascade' }),
    sourceAnswerId: uuid('source_answer_id'),
    ...answerColumns(),
    position: position(),
  },
  (table) => [
    uniqueIndex('project_service_answers_row_position_key').on(table.projectRowId, table.position),
    index('project_service_answers_template_idx').on(table.projectTemplateId),
  ],
);
