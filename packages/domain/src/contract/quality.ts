import { z } from 'zod';
import { DEVIATION_STATUSES, type DeviationStatus } from '../rules/quality';
import { VALIDATION_MESSAGE_KEYS as MESSAGES, messageWithParams } from '../rules/validation-messages';
import { dateOnlySchema } from './date-only';
import { patchOf } from './define';
import { pageQuerySchema } from './paging';

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

export type DeviationActionDto = {
  id: string;
  description: string;
  kind: ActionKind;
  responsibleId: string | null;
  responsibleName: string | null;
  dueDate: string | null;
  isDone: boolean;
  doneAt: string | null;
  /** Not done and past its due date. */
  isOverdue: boolean;
};

export type DeviationDto = {
  id: string;
  number: number;
  title: string;
  description: string;
  category: DeviationCategory;
  severity: DeviationSeverity;
  status: DeviationStatus;
  /** The day it happened or was found. */
  date: string;
  projectId: string | null;
  projectNumber: number | null;
  projectName: string | null;
  /** The service item it came from (set when service items land). */
  serviceItemId: string | null;
  product: string;
  supplier: string;
  pictureIds: string[];
  reportedById: string | null;
  reportedByName: string | null;
  reportedAt: string;
  handlerId: string | null;
  handlerName: string | null;
  rootCause: string;
  costOre: number;
  actions: DeviationActionDto[];
  hasOverdueActions: boolean;
  closedAt: string | null;
  version: number;
};

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
export type ParetoBarDto = { key: string; count: number; costOre: number; cumulativePercent: number };
export type ParetoDto = { bars: ParetoBarDto[]; totalCount: number; totalCostOre: number };
/** Bars beyond these are left off (the cumulative share stays that of the whole). */
export const PARETO_MAX_BARS = 20;

export type QualityHistoryDto = {
  id: string;
  at: string;
  userName: string | null;
  action: string;
  /** Field → value before and after (actions: their descriptions). */
  changes: Record<string, { from: unknown; to: unknown }>;
};

// --- procedures -----------------------------------------------------------------------------------

export type ProcedureVersionDto = {
  versionNumber: number;
  effectiveDate: string;
  reason: string;
  createdAt: string;
  createdByName: string | null;
};

export type ProcedureDto = {
  id: string;
  number: number;
  title: string;
  category: ProcedureCategory;
  ownerId: string | null;
  ownerName: string | null;
  reviewDate: string | null;
  isReviewDue: boolean;
  fileIds: string[];
  currentVersion: ProcedureVersionDto;
  /** Whether the asker has acknowledged the current version. */
  isAcknowledgedByMe: boolean;
  acknowledgedCount: number;
  memberCount: number;
  version: number;
};

export type ProcedureAcknowledgementDto = {
  userId: string;
  name: string;
  /** When they confirmed the current version; null: not yet. */
  acknowledgedAt: string | null;
};

export type ProcedureDetailDto = ProcedureDto & {
  /** The current version's text, sanitised HTML. */
  html: string;
  versions: ProcedureVersionDto[];
  acknowledgements: ProcedureAcknowledgementDto[];
};

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
export type QualityPersonDto = { id: string; name: string };

export const QUALITY_PUSHES = { changed: 'quality:changed' } as const;
export type QualityChangedPush = { kind: 'deviation' | 'procedure' | 'checklist'; id: string };
