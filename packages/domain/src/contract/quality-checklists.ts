import { z } from 'zod';
import { SERVICE_ROW_TYPES } from '../rules/service-answers';
import { VALIDATION_MESSAGE_KEYS as MESSAGES, messageWithParams } from '../rules/validation-messages';
import { pageQuerySchema, pageSchema } from './paging';
import { DEVIATION_CATEGORIES } from './quality';
import { SERVICE_GROUP_TYPES, serviceAnswerDtoSchema } from './service-templates';

/**
 * Quality checklists (SPEC §1 "checklists", §2 checklist view dialog, issue 16): a template of
 * purpose `checklist` (the service template engine: groups → rows → answers) run against a project
 * at a process step. Starting a run copies the template to the project (as a service item's copy
 * is made), so later edits of the template never change what was answered. Each row is answered
 * with one of its answers (OK / not OK / not applicable), a comment and pictures; an answer that
 * requires a deviation raises one in one click; completing signs the run and keeps it as a PDF
 * document of the project.
 */

export const CHECKLIST_STATUSES = ['open', 'completed'] as const;
export type ChecklistStatus = (typeof CHECKLIST_STATUSES)[number];

export const CHECKLIST_LIMITS = {
  comment: 4_000,
  value: 4_000,
  signedName: 200,
  /** A signature drawn on the screen, as a PNG data URL. */
  signature: 400_000,
  pictures: 10,
  answers: 50,
} as const;

const text = (max: number) => z.string().trim().max(max, messageWithParams(MESSAGES.tooLong, { max }));
const version = z.number().int().positive();

/** POST /quality/checklists: run a checklist template on a project at one of its process steps. */
export const checklistStartSchema = z.object({
  projectId: z.uuid(),
  templateId: z.uuid(),
  /** The process column (e.g. "before delivery", "after installation"); none for a loose run. */
  processColumnId: z.uuid().nullable().default(null),
  /** What a deviation raised from the run is filed under. */
  deviationCategory: z.enum(DEVIATION_CATEGORIES).default('installation'),
});
export type ChecklistStartInput = z.input<typeof checklistStartSchema>;

/** PUT /quality/checklists/{id}/items/{rowId}: one item's answer, at the run's version. */
export const checklistItemSchema = z.object({
  version,
  answerIds: z
    .array(z.uuid())
    .max(CHECKLIST_LIMITS.answers)
    .refine((ids) => new Set(ids).size === ids.length, MESSAGES.duplicateId)
    .default([]),
  /** A row of another type (text, number, date) keeps its value as text. */
  value: text(CHECKLIST_LIMITS.value).default(''),
  comment: text(CHECKLIST_LIMITS.comment).default(''),
  pictureIds: z.array(z.uuid()).max(CHECKLIST_LIMITS.pictures).default([]),
});
export type ChecklistItemInput = z.input<typeof checklistItemSchema>;

export const checklistItemParamsSchema = z.object({ id: z.uuid(), rowId: z.uuid() });

/** POST /quality/checklists/{id}/items/{rowId}/deviation: one click, at the run's version. */
export const checklistDeviationSchema = z.object({ version });

/** A drawn signature: a PNG as a data URL (checked again from its bytes on the server). */
export const drawnSignatureSchema = z
  .string()
  .max(CHECKLIST_LIMITS.signature, messageWithParams(MESSAGES.tooLong, { max: CHECKLIST_LIMITS.signature }))
  .regex(/^data:image\/png;base64,[A-Za-z0-9+/=]+$/, MESSAGES.signatureInvalid);

/** POST /quality/checklists/{id}/complete: signed with a name and, if drawn, a signature. */
export const checklistCompleteSchema = z.object({
  version,
  signedName: text(CHECKLIST_LIMITS.signedName).min(1, MESSAGES.required),
  signature: drawnSignatureSchema.nullable().default(null),
});
export type ChecklistCompleteInput = z.input<typeof checklistCompleteSchema>;

/** GET /quality/checklists: newest first, paged on the server. */
export const checklistListQuerySchema = pageQuerySchema.extend({
  projectId: z.uuid().optional(),
  templateId: z.uuid().optional(),
  status: z.enum(CHECKLIST_STATUSES).optional(),
  /** Words of the checklist's name, the project's name, or the checklist or project number. */
  search: text(100).optional(),
});
export type ChecklistListQuery = z.input<typeof checklistListQuerySchema>;

/** A checklist run as the list shows it. */
export const checklistDtoSchema = z.object({
  id: z.string(),
  number: z.number(),
  name: z.string(),
  status: z.enum(CHECKLIST_STATUSES),
  projectId: z.string(),
  projectNumber: z.number().nullable(),
  projectName: z.string().nullable(),
  templateId: z.string().nullable(),
  processColumnId: z.string().nullable(),
  /** The process step's name in Norwegian and English (the reader's language picks). */
  stepNameNo: z.string().nullable(),
  stepNameEn: z.string().nullable(),
  deviationCategory: z.enum(DEVIATION_CATEGORIES),
  startedAt: z.string(),
  startedByName: z.string().nullable(),
  /** Items answered of the items to answer. */
  answeredCount: z.number(),
  itemCount: z.number(),
  notOkCount: z.number(),
  completedAt: z.string().nullable(),
  signedName: z.string().nullable(),
  /** The signed PDF, a document of the project. */
  pdfFileId: z.string().nullable(),
  version: z.number(),
});
export type ChecklistDto = z.output<typeof checklistDtoSchema>;

/** GET /quality/checklists. */
export const checklistPageSchema = pageSchema(checklistDtoSchema);

/** An answer a checklist row offers: the service template's answer, without its place in the editor. */
export const checklistAnswerOptionDtoSchema = serviceAnswerDtoSchema.pick({
  id: true,
  name: true,
  color: true,
  isCommentRequired: true,
  isPictureRequired: true,
  isDeviationRequired: true,
});
export type ChecklistAnswerOptionDto = z.output<typeof checklistAnswerOptionDtoSchema>;

/** One row of the run's copy with what was answered. */
export const checklistItemDtoSchema = z.object({
  rowId: z.string(),
  name: z.string(),
  type: z.enum(SERVICE_ROW_TYPES),
  note: z.string(),
  answers: z.array(checklistAnswerOptionDtoSchema),
  answerIds: z.array(z.string()),
  value: z.string(),
  comment: z.string(),
  pictureIds: z.array(z.string()),
  deviationId: z.string().nullable(),
  deviationNumber: z.number().nullable(),
  answeredByName: z.string().nullable(),
  answeredAt: z.string().nullable(),
});
export type ChecklistItemDto = z.output<typeof checklistItemDtoSchema>;

export const checklistGroupDtoSchema = z.object({
  id: z.string(),
  name: z.string(),
  typeGroup: z.enum(SERVICE_GROUP_TYPES),
  info: z.string(),
  items: z.array(checklistItemDtoSchema),
});
export type ChecklistGroupDto = z.output<typeof checklistGroupDtoSchema>;

/** GET /quality/checklists/{id}: the checklist view dialog. */
export const checklistDetailDtoSchema = checklistDtoSchema.extend({
  info: z.string(),
  groups: z.array(checklistGroupDtoSchema),
});
export type ChecklistDetailDto = z.output<typeof checklistDetailDtoSchema>;

/** A process step a checklist is run at. */
export const checklistStepDtoSchema = z.object({
  id: z.string(),
  nameNo: z.string(),
  nameEn: z.string(),
});
export type ChecklistStepDto = z.output<typeof checklistStepDtoSchema>;
