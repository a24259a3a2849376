import { z } from 'zod';
import {
  DEFAULT_SERVICE_ANSWER_COLOR,
  DEFAULT_SERVICE_ROW_TYPE,
  isHexColour,
  SERVICE_ROW_TYPES,
  type ServiceRowType,
} from '../rules/service-answers';
import { isValidUrl } from '../rules/url';
import { VALIDATION_MESSAGE_KEYS as MESSAGES, messageWithParams } from '../rules/validation-messages';
import { patchOf, socketEvent } from './define';
import { type Page, pageQuerySchema, pageSchema } from './paging';

/**
 * Service templates (SPEC §3 service module, §4 "changing a service row type reloads the whole
 * template", §5 URL and position-1 rules, §7 admin-service:* events and the /service-templates and
 * /global-service-answers REST routes; issue 15): the checklists service technicians answer. A
 * template has ordered groups, a group ordered rows, a row of an answer type ordered answers. Global
 * answer groups hold answer sets copied into rows; function groups, functions and function statuses
 * are reference lists a row may point at. Every change to a template's tree answers the whole
 * template and raises its version (what a project's copy records), and is pushed to the company as
 * `service-templates:changed`.
 */

export { DEFAULT_SERVICE_ANSWER_COLOR, DEFAULT_SERVICE_ROW_TYPE, SERVICE_ROW_TYPES, type ServiceRowType };

/** SPEC §3 "type group": how the technician's screen presents a group. */
export const SERVICE_GROUP_TYPES = ['checklist', 'measurements', 'functions', 'signOff'] as const;
export type ServiceGroupType = (typeof SERVICE_GROUP_TYPES)[number];
export const DEFAULT_SERVICE_GROUP_TYPE: ServiceGroupType = 'checklist';

/**
 * What a template is for (issue 16): `service` — a service item's checklist a technician answers on a
 * service visit; `checklist` — a quality checklist run against a project at a process step. Both are
 * built in the same editor from the same groups, rows and answers.
 */
export const SERVICE_TEMPLATE_PURPOSES = ['service', 'checklist'] as const;
export type ServiceTemplatePurpose = (typeof SERVICE_TEMPLATE_PURPOSES)[number];

export const SERVICE_TEMPLATE_LIMITS = {
  name: 200,
  info: 4_000,
  note: 4_000,
  url: 2_000,
  search: 200,
  /** Groups of a template, rows of a group, answers of a row: what one reorder or deletion may name. */
  groups: 200,
  rows: 500,
  answers: 50,
} as const;

const text = (max: number) => z.string().trim().max(max, messageWithParams(MESSAGES.tooLong, { max }));
const requiredName = text(SERVICE_TEMPLATE_LIMITS.name).min(1, MESSAGES.required);
const version = z.number().int().positive();
const urlField = text(SERVICE_TEMPLATE_LIMITS.url).refine(isValidUrl, MESSAGES.urlInvalid);
const colour = z.string().trim().refine(isHexColour, MESSAGES.colourInvalid);
/** A new place among the siblings, 0 first; a place past the last moves the entity last. */
const position = z.number().int().min(0).max(10_000);
const hasChanges = (changes: Record<string, unknown>) =>
  Object.values(changes).some((value) => value !== undefined);
const uniqueIds = (max: number) =>
  z
    .array(z.uuid())
    .max(max, messageWithParams(MESSAGES.tooMany, { max }))
    .refine((ids) => new Set(ids).size === ids.length, MESSAGES.duplicateId);
/**
 * SPEC §5: position 1 of a row's answers must be a positive OK value; a change that puts another
 * there is refused (CONFLICT, reason `firstAnswerNotOk`) unless the person confirmed it.
 */
const confirmation = { isNotOkFirstConfirmed: z.boolean().default(false) };

export const serviceTemplateFieldsSchema = z.object({
  name: requiredName,
  info: text(SERVICE_TEMPLATE_LIMITS.info).default(''),
  purpose: z.enum(SERVICE_TEMPLATE_PURPOSES).default('service'),
});
export const serviceGroupFieldsSchema = z.object({
  name: requiredName,
  typeGroup: z.enum(SERVICE_GROUP_TYPES).default(DEFAULT_SERVICE_GROUP_TYPE),
  info: text(SERVICE_TEMPLATE_LIMITS.info).default(''),
});
export const serviceRowFieldsSchema = z.object({
  name: requiredName,
  type: z.enum(SERVICE_ROW_TYPES).default(DEFAULT_SERVICE_ROW_TYPE),
  note: text(SERVICE_TEMPLATE_LIMITS.note).default(''),
  /** A link for the technician (the manufacturer's manual): empty or http(s) (SPEC §5). */
  url: urlField.default(''),
  /** An attached file (a wiring diagram), uploaded as type `service-file`. */
  fileId: z.uuid().nullable().default(null),
  /** The function (of the company's function groups) the row checks, if any. */
  functionId: z.uuid().nullable().default(null),
});
export const serviceAnswerFieldsSchema = z.object({
  name: requiredName,
  color: colour.default(DEFAULT_SERVICE_ANSWER_COLOR),
  isCommentRequired: z.boolean().default(false),
  isPictureRequired: z.boolean().default(false),
  isDeviationRequired: z.boolean().default(false),
});

/** `admin-service:create`: a template, or a group, row or answer at the end of its parent. */
export const adminServiceCreateSchema = z.discriminatedUnion('entity', [
  serviceTemplateFieldsSchema.extend({ entity: z.literal('template') }),
  serviceGroupFieldsSchema.extend({ entity: z.literal('group'), templateId: z.uuid() }),
  serviceRowFieldsSchema.extend({ entity: z.literal('row'), groupId: z.uuid() }),
  serviceAnswerFieldsSchema.extend({ entity: z.literal('answer'), rowId: z.uuid(), ...confirmation }),
]);
export type AdminServiceCreateInput = z.input<typeof adminServiceCreateSchema>;

const changesOf = <Shape extends z.ZodRawShape>(fields: z.ZodObject<Shape>) =>
  patchOf(fields).refine(hasChanges, MESSAGES.required);
/** …of an entity that may also move to another `position` among its siblings. */
const movableChangesOf = <Shape extends z.ZodRawShape>(fields: z.ZodObject<Shape>) =>
  patchOf(fields).extend({ position: position.optional() }).refine(hasChanges, MESSAGES.required);

/**
 * `admin-service:update`: the fields that change, at the version read (stale → CONFLICT). A group,
 * row or answer may move to another `position` among its siblings; the others close up, so the order
 * stays 0…n−1. Changing a row to a type without answers removes its answers.
 */
export const adminServiceUpdateSchema = z.discriminatedUnion('entity', [
  z.object({
    entity: z.literal('template'),
    id: z.uuid(),
    version,
    changes: changesOf(serviceTemplateFieldsSchema),
  }),
  z.object({
    entity: z.literal('group'),
    id: z.uuid(),
    version,
    changes: movableChangesOf(serviceGroupFieldsSchema),
  }),
  z.object({
    entity: z.literal('row'),
    id: z.uuid(),
    version,
    changes: movableChangesOf(serviceRowFieldsSchema),
  }),
  z.object({
    entity: z.literal('answer'),
    id: z.uuid(),
    version,
    changes: movableChangesOf(serviceAnswerFieldsSchema),
    ...confirmation,
  }),
]);
export type AdminServiceUpdateInput = z.input<typeof adminServiceUpdateSchema>;

/** `admin-service:delete`, at the version read. A template in use on projects is refused (CONFLICT with the count). */
export const adminServiceDeleteSchema = z.discriminatedUnion('entity', [
  z.object({ entity: z.literal('template'), id: z.uuid(), version }),
  z.object({ entity: z.literal('group'), id: z.uuid(), version }),
  z.object({ entity: z.literal('row'), id: z.uuid(), version }),
  z.object({ entity: z.literal('answer'), id: z.uuid(), version, ...confirmation }),
]);
export type AdminServiceDeleteInput = z.input<typeof adminServiceDeleteSchema>;

export const serviceTemplateIdSchema = z.object({ id: z.uuid() });

/**
 * `admin-service:find-service-templates`: by name, paged on the server. Service templates unless a
 * `purpose` is named, so a service item's template picker never offers a quality checklist.
 */
export const serviceTemplateListQuerySchema = pageQuerySchema.extend({
  search: text(SERVICE_TEMPLATE_LIMITS.search).default(''),
  purpose: z.enum(SERVICE_TEMPLATE_PURPOSES).default('service'),
});
export type ServiceTemplateListQuery = z.input<typeof serviceTemplateListQuerySchema>;

/** `admin-service:delete-service-groups`: several groups (with their rows and answers) at once. */
export const deleteServiceGroupsSchema = z.object({
  ids: uniqueIds(SERVICE_TEMPLATE_LIMITS.groups).min(1, MESSAGES.required),
});

// --- REST (SPEC §7) ------------------------------------------------------------------------------

/** POST /service-templates/copy: the whole template under a new name (by default "<name> (kopi)"). */
export const serviceTemplateCopySchema = z.object({ id: z.uuid(), name: requiredName.optional() });
/** POST /service-templates/service-groups/copy: after the source, or last in another template. */
export const serviceGroupCopySchema = z.object({ id: z.uuid(), targetTemplateId: z.uuid().optional() });
/** POST /service-templates/service-rows/copy: after the source, or last in another group. */
export const serviceRowCopySchema = z.object({ id: z.uuid(), targetGroupId: z.uuid().optional() });
/** POST /service-templates/service-answers/copy/from-global-group: the group's answers, after the row's own. */
export const serviceAnswersFromGlobalSchema = z.object({
  rowId: z.uuid(),
  globalGroupId: z.uuid(),
  ...confirmation,
});
/** POST /service-templates/service-groups/reorder: every group of the template once, in the new order. */
export const serviceGroupReorderSchema = z.object({
  templateId: z.uuid(),
  ids: uniqueIds(SERVICE_TEMPLATE_LIMITS.groups),
});
/** POST /service-templates/service-rows/reorder: every row of the group once. */
export const serviceRowReorderSchema = z.object({
  groupId: z.uuid(),
  ids: uniqueIds(SERVICE_TEMPLATE_LIMITS.rows),
});
/** POST /service-templates/service-answers/reorder: every answer of the row once. */
export const serviceAnswerReorderSchema = z.object({
  rowId: z.uuid(),
  ids: uniqueIds(SERVICE_TEMPLATE_LIMITS.answers),
  ...confirmation,
});

/** DELETE …?version=…: the version read. */
export const serviceVersionQuerySchema = z.object({ version: z.coerce.number().int().positive() });
/** DELETE /global-service-answers/{id}?version=…&isNotOkFirstConfirmed=true */
export const globalAnswerDeleteQuerySchema = serviceVersionQuerySchema.extend({
  isNotOkFirstConfirmed: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
});

export const globalAnswerGroupCreateSchema = z.object({ name: requiredName });
export const globalAnswerGroupPatchSchema = z.object({
  version,
  changes: z.object({ name: requiredName.optional() }).refine(hasChanges, MESSAGES.required),
});
export const globalAnswerGroupReorderSchema = z.object({ ids: uniqueIds(SERVICE_TEMPLATE_LIMITS.groups) });
export const globalAnswerListQuerySchema = z.object({ groupId: z.uuid() });
export const globalAnswerCreateSchema = serviceAnswerFieldsSchema.extend({
  groupId: z.uuid(),
  ...confirmation,
});
export const globalAnswerPatchSchema = z.object({
  version,
  changes: movableChangesOf(serviceAnswerFieldsSchema),
  ...confirmation,
});
export const globalAnswerReorderSchema = z.object({
  groupId: z.uuid(),
  ids: uniqueIds(SERVICE_TEMPLATE_LIMITS.answers),
  ...confirmation,
});

/** Function groups (sensors, drive unit…), their functions, and the statuses a function may have. */
export const serviceFunctionGroupCreateSchema = z.object({ name: requiredName });
export const serviceFunctionCreateSchema = z.object({ groupId: z.uuid(), name: requiredName });
export const serviceFunctionStatusCreateSchema = z.object({
  name: requiredName,
  color: colour.default(DEFAULT_SERVICE_ANSWER_COLOR),
});
export const serviceFunctionNamePatchSchema = z.object({
  version,
  changes: z.object({ name: requiredName.optional() }).refine(hasChanges, MESSAGES.required),
});
export const serviceFunctionStatusPatchSchema = z.object({
  version,
  changes: z
    .object({ name: requiredName.optional(), color: colour.optional() })
    .refine(hasChanges, MESSAGES.required),
});

// --- answers -------------------------------------------------------------------------------------

/** An answer of a row (the row it belongs to is the one it is listed under). */
export const serviceAnswerDtoSchema = z.object({
  id: z.string(),
  name: z.string(),
  color: z.string(),
  isCommentRequired: z.boolean(),
  isPictureRequired: z.boolean(),
  isDeviationRequired: z.boolean(),
  /** 0 first; the editor shows position + 1. */
  position: z.number(),
  version: z.number(),
});
export type ServiceAnswerDto = z.output<typeof serviceAnswerDtoSchema>;

export const serviceRowDtoSchema = z.object({
  id: z.string(),
  groupId: z.string(),
  name: z.string(),
  type: z.enum(SERVICE_ROW_TYPES),
  note: z.string(),
  url: z.string(),
  fileId: z.string().nullable(),
  /** The attached file's name, for the link. */
  fileName: z.string().nullable(),
  functionId: z.string().nullable(),
  position: z.number(),
  version: z.number(),
  /** Only rows of an answer type have any. */
  answers: z.array(serviceAnswerDtoSchema),
});
export type ServiceRowDto = z.output<typeof serviceRowDtoSchema>;

export const serviceGroupDtoSchema = z.object({
  id: z.string(),
  templateId: z.string(),
  name: z.string(),
  typeGroup: z.enum(SERVICE_GROUP_TYPES),
  info: z.string(),
  position: z.number(),
  version: z.number(),
  rows: z.array(serviceRowDtoSchema),
});
export type ServiceGroupDto = z.output<typeof serviceGroupDtoSchema>;

/** A template as the list shows it. */
export const serviceTemplateDtoSchema = z.object({
  id: z.string(),
  name: z.string(),
  info: z.string(),
  purpose: z.enum(SERVICE_TEMPLATE_PURPOSES),
  /** Raised by every change of the template or its tree; a project's copy records the version it copied. */
  version: z.number(),
  groupCount: z.number(),
  rowCount: z.number(),
  /** Where it is in use: how many project copies were made of it. */
  usage: z.number(),
});
export type ServiceTemplateDto = z.output<typeof serviceTemplateDtoSchema>;

/** `admin-service:get-full-service-template`: the whole tree, in order. */
export const serviceTemplateFullDtoSchema = serviceTemplateDtoSchema.extend({
  groups: z.array(serviceGroupDtoSchema),
});
export type ServiceTemplateFullDto = z.output<typeof serviceTemplateFullDtoSchema>;

/** A page of templates (GET /quality/checklists/templates). */
export const serviceTemplatePageSchema = pageSchema(serviceTemplateDtoSchema);

export const globalServiceAnswerDtoSchema = serviceAnswerDtoSchema.extend({ groupId: z.string() });
export type GlobalServiceAnswerDto = z.output<typeof globalServiceAnswerDtoSchema>;
export const globalAnswerGroupDtoSchema = z.object({
  id: z.string(),
  name: z.string(),
  position: z.number(),
  version: z.number(),
  answers: z.array(globalServiceAnswerDtoSchema),
});
export type GlobalAnswerGroupDto = z.output<typeof globalAnswerGroupDtoSchema>;
export const globalAnswerGroupsDtoSchema = z.array(globalAnswerGroupDtoSchema);

export const serviceFunctionDtoSchema = z.object({
  id: z.string(),
  groupId: z.string(),
  name: z.string(),
  position: z.number(),
  version: z.number(),
});
export type ServiceFunctionDto = z.output<typeof serviceFunctionDtoSchema>;
export const serviceFunctionGroupDtoSchema = z.object({
  id: z.string(),
  name: z.string(),
  position: z.number(),
  version: z.number(),
  functions: z.array(serviceFunctionDtoSchema),
});
export type ServiceFunctionGroupDto = z.output<typeof serviceFunctionGroupDtoSchema>;
export const serviceFunctionStatusDtoSchema = z.object({
  id: z.string(),
  name: z.string(),
  color: z.string(),
  position: z.number(),
  version: z.number(),
});
export type ServiceFunctionStatusDto = z.output<typeof serviceFunctionStatusDtoSchema>;
/** GET /service-templates/functions: the reference lists rows point at. */
export const serviceFunctionsDtoSchema = z.object({
  groups: z.array(serviceFunctionGroupDtoSchema),
  statuses: z.array(serviceFunctionStatusDtoSchema),
});
export type ServiceFunctionsDto = z.output<typeof serviceFunctionsDtoSchema>;

/** Why a change was refused (CONFLICT `details.reason`); `count` for a template in use or a function used. */
export type ServiceTemplateConflictDetails =
  | { reason: 'firstAnswerNotOk'; name: string }
  | { reason: 'templateInUse'; count: number }
  | { reason: 'functionInUse'; count: number }
  | { reason: 'stale'; currentVersion: number | null };

export const SERVICE_TEMPLATE_PUSHES = { changed: 'service-templates:changed' } as const;
/**
 * Which templates changed and their new version (null: deleted), and whether the global answers or
 * the function lists changed: open editors and lists read again what they show.
 */
export type ServiceTemplatesChangedPush = {
  templates: { id: string; version: number | null }[];
  isGlobalAnswersChanged: boolean;
  isFunctionsChanged: boolean;
};

export const serviceTemplateEvents = {
  'admin-service:create': socketEvent<ServiceTemplateFullDto>()(adminServiceCreateSchema),
  'admin-service:update': socketEvent<ServiceTemplateFullDto>()(adminServiceUpdateSchema),
  'admin-service:delete': socketEvent<ServiceTemplateFullDto | { id: string }>()(adminServiceDeleteSchema),
  'admin-service:get-full-service-template': socketEvent<ServiceTemplateFullDto>()(serviceTemplateIdSchema),
  'admin-service:find-service-templates': socketEvent<Page<ServiceTemplateDto>>()(
    serviceTemplateListQuerySchema,
  ),
  'admin-service:delete-service-groups': socketEvent<ServiceTemplateFullDto[]>()(deleteServiceGroupsSchema),
};
