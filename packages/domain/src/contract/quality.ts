import { z } from 'zod';
import { DEVIATION_STATUSES, type DeviationStatus } from '../rules/quality';
import { VALIDATION_MESSAGE_KEYS as MESSAGES, messageWithParams } from '../rules/validation-messages';
import { dateOnlySchema } from './date-only';
import { patchOf } from './define';
import { pageQuerySchema, pageSchema } from './paging';

/**
 * Quality (SPEC §1 "quality procedures, deviations and checklists", §2 `/quality`, issue 16):
 * deviations (non-conformances) traced to project, product and supplier, with actions, cost and
 * history; procedures with versions and read-acknowledgements; the Pareto aggregation. Checklists
 * (on the service template engine) are in `quality-checklists.ts`. Changes are pushed to the company as `quality:changed`.
 */

export { DEVIATION_STATUSES, type DeviationStatus };

const text = (max: number) => z.string().trim().max(max, messageWithParams(MESSAGES.tooLong, { max }));
const version = z.coerce.number().int().positive();

export const DEVIATION_CATEGORIES = [
  'product',
  'production',
  'installation',
  'service',
  'hms',
  'supplier',
  'customer-complaint',
] as const;
export type DeviationCategory = (typeof DEVIATION_CATEGORIES)[number];

export const DEVIATION_SEVERITIES = ['low', 'medium', 'high'] as const;
export type DeviationSeverity = (typeof DEVIATION_SEVERITIES)[number];

/** Corrective removes the cause of this deviation; preventive keeps it from happening elsewhere. */
export const ACTION_KINDS = ['corrective', 'preventive'] as const;
export type ActionKind = (typeof ACTION_KINDS)[number];

export const PROCEDURE_CATEGORIES = ['production', 'installation', 'service', 'hms', 'purchasing'] as const;
export type ProcedureCategory = (typeof PROCEDURE_CATEGORIES)[number];

export const QUALITY_LIMITS = {
  title: 200,
  text: 8_000,
  origin: 200,
  pictures: 20,
  files: 20,
  actions: 50,
  /** A procedure's HTML (before sanitising). */
  html: 200_000,
  /** 100 million kroner in øre. */
  costOre: 10_000_000_000,
} as const;

// --- deviations -----------------------------------------------------------------------------------

export const deviationActionDtoSchema = z.object({
  id: z.string(),
  description: z.string(),
  kind: z.enum(ACTION_KINDS),
  responsibleId: z.string().nullable(),
  responsibleName: z.string().nullable(),
  dueDate: z.string().nullable(),
  isDone: z.boolean(),
  doneAt: z.string().nullable(),
  /** Not done and past its due date. */
  isOverdue: z.boolean(),
});
export type DeviationActionDto = z.output<typeof deviationActionDtoSchema>;

export const deviationDtoSchema = z.object({
  id: z.string(),
  number: z.number(),
  title: z.string(),
  description: z.string(),
  category: z.enum(DEVIATION_CATEGORIES),
  severity: z.enum(DEVIATION_SEVERITIES),
  status: z.enum(DEVIATION_STATUSES),
  /** The day it happened or was found. */
  date: z.string(),
  projectId: z.string().nullable(),
  projectNumber: z.number().nullable(),
  projectName: z.string().nullable(),
  /** The service item it came from (set when service items land). */
  serviceItemId: z.string().nullable(),
  product: z.string(),
  supplier: z.string(),
  pictureIds: z.array(z.string()),
  reportedById: z.string().nullable(),
  reportedByName: z.string().nullable(),
  reportedAt: z.string(),
  handlerId: z.string().nullable(),
  handlerName: z.string().nullable(),
  rootCause: z.string(),
  costOre: z.number(),
  actions: z.array(deviationActionDtoSchema),
  hasOverdueActions: z.boolean(),
  closedAt: z.string().nullable(),
  version: z.number(),
});
export type DeviationDto = z.output<typeof deviationDtoSchema>;

/** GET /quality/deviations. */
export const deviationPageSchema = pageSchema(deviationDtoSchema);

/** One action as the dialog saves it: an `id` keeps an existing action, none adds one. */
export const deviationActionInputSchema = z.object({
  id: z.uuid().optional(),
  description: text(QUALITY_LIMITS.text).min(1, MESSAGES.required),
  kind: z.enum(ACTION_KINDS).default('corrective'),
  responsibleId: z.uuid().nullable().default(null),
  dueDate: dateOnlySchema.nullable().default(null),
  isDone: z.boolean().default(false),
});
export type DeviationActionInput = z.input<typeof deviationActionInputSchema>;

const deviationFieldsSchema = z.object({
  title: text(QUALITY_LIMITS.title).min(1, MESSAGES.required),
  description: text(QUALITY_LIMITS.text).default(''),
  category: z.enum(DEVIATION_CATEGORIES),
  severity: z.enum(DEVIATION_SEVERITIES).default('medium'),
  date: dateOnlySchema,
  projectId: z.uuid().nullable().default(null),
  product: text(QUALITY_LIMITS.origin).default(''),
  supplier: text(QUALITY_LIMITS.origin).default(''),
  pictureIds: z.array(z.uuid()).max(QUALITY_LIMITS.pictures).default([]),
  handlerId: z.uuid().nullable().default(null),
  rootCause: text(QUALITY_LIMITS.text).default(''),
  costOre: z.number().int().min(0).max(QUALITY_LIMITS.costOre).default(0),
  /** The whole list of actions: actions left out are removed. */
  actions: z.array(deviationActionInputSchema).max(QUALITY_LIMITS.actions).default([]),
});

/** POST /quality/deviations: a new deviation is open. */
export const deviationCreateSchema = deviationFieldsSchema;
export type DeviationCreateInput = z.input<typeof deviationCreateSchema>;

/** PATCH /quality/deviations/{id}: the fields that change (and the status), at the version read. */
export const deviationPatchSchema = z.object({
  version,
  changes: patchOf(deviationFieldsSchema)
    .extend({ status: z.enum(DEVIATION_STATUSES).optional() })
    .refine((changes) => Object.values(changes).some((value) => value !== undefined), MESSAGES.required),
});
export type DeviationPatchInput = z.input<typeof deviationPatchSchema>;

/** What the Pareto chart groups by; a bar's list is the deviation list filtered by the same key. */
export const PARETO_DIMENSIONS = ['product', 'supplier', 'category'] as const;
export type ParetoDimension = (typeof PARETO_DIMENSIONS)[number];

/** Deviations dated in a period (both ends included). */
const periodSchema = z.object({ from: dateOnlySchema.optional(), to: dateOnlySchema.optional() });

/** GET /quality/deviations: paged, newest first. `product`/`supplier` match exactly (a Pareto bar). */
export const deviationListQuerySchema = pageQuerySchema.extend(periodSchema.shape).extend({
  status: z.enum([...DEVIATION_STATUSES, 'not-closed'] as const).optional(),
  severity: z.enum(DEVIATION_SEVERITIES).optional(),
  category: z.enum(DEVIATION_CATEGORIES).optional(),
  handlerId: z.uuid().optional(),
  projectId: z.uuid().optional(),
  product: text(QUALITY_LIMITS.origin).optional(),
  supplier: text(QUALITY_LIMITS.origin).optional(),
  /** Only deviations with an action past its due date. */
  overdue: z.enum(['true', 'false']).optional(),
  /** Words of the title, description, product, supplier or the number. */
  search: text(100).optional(),
});
export type DeviationListQuery = z.input<typeof deviationListQuerySchema>;

/** GET /quality/pareto. */
export const paretoQuerySchema = periodSchema.extend({
  by: z.enum(PARETO_DIMENSIONS),
  measure: z.enum(['count', 'cost']).default('count'),
});
export type ParetoQuery = z.input<typeof paretoQuerySchema>;

/** One bar: the key is the product, supplier or category (an empty product or supplier is ''). */
export const paretoBarDtoSchema = z.object({
  key: z.string(),
  count: z.number(),
  costOre: z.number(),
  cumulativePercent: z.number(),
});
export type ParetoBarDto = z.output<typeof paretoBarDtoSchema>;
export const paretoDtoSchema = z.object({
  bars: z.array(paretoBarDtoSchema),
  totalCount: z.number(),
  totalCostOre: z.number(),
});
export type ParetoDto = z.output<typeof paretoDtoSchema>;
/** Bars beyond these are left off (the cumulative share stays that of the whole). */
export const PARETO_MAX_BARS = 20;

export const qualityHistoryDtoSchema = z.object({
  id: z.string(),
  at: z.string(),
  userName: z.string().nullable(),
  action: z.string(),
  /** Field → value before and after (actions: their descriptions). */
  changes: z.record(z.string(), z.object({ from: z.unknown(), to: z.unknown() })),
});
export type QualityHistoryDto = z.output<typeof qualityHistoryDtoSchema>;

// --- procedures -----------------------------------------------------------------------------------

export const procedureVersionDtoSchema = z.object({
  versionNumber: z.number(),
  effectiveDate: z.string(),
  reason: z.string(),
  createdAt: z.string(),
  createdByName: z.string().nullable(),
});
export type ProcedureVersionDto = z.output<typeof procedureVersionDtoSchema>;

export const procedureDtoSchema = z.object({
  id: z.string(),
  number: z.number(),
  title: z.string(),
  category: z.enum(PROCEDURE_CATEGORIES),
  ownerId: z.string().nullable(),
  ownerName: z.string().nullable(),
  reviewDate: z.string().nullable(),
  isReviewDue: z.boolean(),
  fileIds: z.array(z.string()),
  currentVersion: procedureVersionDtoSchema,
  /** Whether the asker has acknowledged the current version. */
  isAcknowledgedByMe: z.boolean(),
  acknowledgedCount: z.number(),
  memberCount: z.number(),
  version: z.number(),
});
export type ProcedureDto = z.output<typeof procedureDtoSchema>;

/** GET /quality/procedures. */
export const procedurePageSchema = pageSchema(procedureDtoSchema);

export const procedureAcknowledgementDtoSchema = z.object({
  userId: z.string(),
  name: z.string(),
  /** When they confirmed the current version; null: not yet. */
  acknowledgedAt: z.string().nullable(),
});
export type ProcedureAcknowledgementDto = z.output<typeof procedureAcknowledgementDtoSchema>;

export const procedureDetailDtoSchema = procedureDtoSchema.extend({
  /** The current version's text, sanitised HTML. */
  html: z.string(),
  versions: z.array(procedureVersionDtoSchema),
  acknowledgements: z.array(procedureAcknowledgementDtoSchema),
});
export type ProcedureDetailDto = z.output<typeof procedureDetailDtoSchema>;

const procedureFieldsSchema = z.object({
  title: text(QUALITY_LIMITS.title).min(1, MESSAGES.required),
  category: z.enum(PROCEDURE_CATEGORIES),
  ownerId: z.uuid().nullable().default(null),
  reviewDate: dateOnlySchema.nullable().default(null),
  fileIds: z.array(z.uuid()).max(QUALITY_LIMITS.files).default([]),
});

const procedureVersionFieldsSchema = z.object({
  html: z
    .string()
    .max(QUALITY_LIMITS.html, messageWithParams(MESSAGES.tooLong, { max: QUALITY_LIMITS.html }))
    .min(1, MESSAGES.richTextEmpty),
  effectiveDate: dateOnlySchema,
  reason: text(QUALITY_LIMITS.text).default(''),
});

/** POST /quality/procedures: the procedure and its first version. */
export const procedureCreateSchema = procedureFieldsSchema.extend(procedureVersionFieldsSchema.shape);
export type ProcedureCreateInput = z.input<typeof procedureCreateSchema>;

/** PATCH /quality/procedures/{id}: what it is called, whose it is, when to review, its files. */
export const procedurePatchSchema = z.object({
  version,
  changes: patchOf(procedureFieldsSchema).refine(
    (changes) => Object.values(changes).some((value) => value !== undefined),
    MESSAGES.required,
  ),
});
export type ProcedurePatchInput = z.input<typeof procedurePatchSchema>;

/** POST /quality/procedures/{id}/versions: a new text; everyone is asked to read it again. */
export const procedureVersionCreateSchema = procedureVersionFieldsSchema.extend({
  version,
  reason: text(QUALITY_LIMITS.text).min(1, MESSAGES.required),
});
export type ProcedureVersionCreateInput = z.input<typeof procedureVersionCreateSchema>;

/** POST /quality/procedures/{id}/acknowledge: "I have read version n" (a newer one is refused). */
export const procedureAcknowledgeSchema = z.object({ versionNumber: z.number().int().positive() });

/** GET /quality/procedures. */
export const procedureListQuerySchema = pageQuerySchema.extend({
  category: z.enum(PROCEDURE_CATEGORIES).optional(),
  /** Only those whose review date has passed. */
  reviewDue: z.enum(['true', 'false']).optional(),
  /** Only those the asker has not acknowledged. */
  unread: z.enum(['true', 'false']).optional(),
  search: text(100).optional(),
});
export type ProcedureListQuery = z.input<typeof procedureListQuerySchema>;

/** A member of the company, for the case handler, owner and responsible pickers. */
export const qualityPersonDtoSchema = z.object({
  id: z.string(),
  name: z.string(),
});
export type QualityPersonDto = z.output<typeof qualityPersonDtoSchema>;

export const QUALITY_PUSHES = { changed: 'quality:changed' } as const;
export type QualityChangedPush = { kind: 'deviation' | 'procedure' | 'checklist'; id: string };
