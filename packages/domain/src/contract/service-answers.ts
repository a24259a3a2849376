import { z } from 'zod';
import { SERVICE_ROW_TYPES } from '../rules/service-answers';
import { isValidUrl } from '../rules/url';
import { VALIDATION_MESSAGE_KEYS as MESSAGES, messageWithParams } from '../rules/validation-messages';
import { dateOnlySchema } from './date-only';
import { patchOf } from './define';
import { SERVICE_GROUP_TYPES, serviceAnswerDtoSchema } from './service-templates';
import { serviceItemDtoSchema } from './service-work';

/**
 * Answering a service item's checklist (issue 19, SPEC §3 User answer: projectServiceAnswerId, text,
 * date, number, comment, pictureId, userId, createdAt, fileId). The checklist is the item's own
 * project copy of its template; an answer belongs to one row of it. A row of type single answer has
 * at most one user answer (choosing another replaces it), a multiple-answers row one per chosen
 * answer, every other row type one value. Each user answer carries a version: a change or removal
 * names the version it read, so two technicians on one item never overwrite each other silently.
 */

export const SERVICE_ANSWER_LIMITS = { text: 2000, comment: 2000, number: 1e12 } as const;

const text = (max: number) => z.string().trim().max(max, messageWithParams(MESSAGES.tooLong, { max }));
const version = z.coerce.number().int().positive();
const numberValue = z
  .number()
  .finite()
  .min(-SERVICE_ANSWER_LIMITS.number, MESSAGES.numberTooLarge)
  .max(SERVICE_ANSWER_LIMITS.number, MESSAGES.numberTooLarge);

/** The value fields of a user answer; which one a row uses follows its type (the server checks). */
const valueFieldsSchema = z.object({
  text: text(SERVICE_ANSWER_LIMITS.text).default(''),
  number: numberValue.nullable().default(null),
  date: dateOnlySchema.nullable().default(null),
  comment: text(SERVICE_ANSWER_LIMITS.comment).default(''),
  /** A `service-picture` upload: a photo of what was found. */
  pictureId: z.uuid().nullable().default(null),
  /** A `service-picture` upload on a signature row: the customer's signature. */
  fileId: z.uuid().nullable().default(null),
});

/**
 * POST /service-project/user-service-answer: an answer to one row of the item's checklist. On a row
 * that already has its one answer, `replaces` names it at the version read — the old one is deleted
 * in the same transaction, and a stale or missing `replaces` is a conflict, never an overwrite.
 */
export const userAnswerCreateSchema = valueFieldsSchema.extend({
  serviceItemId: z.uuid(),
  projectRowId: z.uuid(),
  /** The chosen answer of a single- or multiple-answers row; null on other rows. */
  projectServiceAnswerId: z.uuid().nullable().default(null),
  replaces: z.object({ id: z.uuid(), version }).nullable().default(null),
});
export type UserAnswerCreateInput = z.input<typeof userAnswerCreateSchema>;

/** PATCH /service-project/user-service-answer/{id}: changed values at the version read. */
export const userAnswerPatchSchema = z.object({
  version,
  changes: patchOf(valueFieldsSchema).refine(
    (changes) => Object.values(changes).some((value) => value !== undefined),
    MESSAGES.required,
  ),
});
export type UserAnswerPatchInput = z.input<typeof userAnswerPatchSchema>;

export const userAnswerParamsSchema = z.object({ id: z.uuid() });
export const userAnswerDeleteQuerySchema = z.object({ version });
/** GET /service-project/user-service-answer?serviceItemId=… */
export const userAnswersQuerySchema = z.object({ serviceItemId: z.uuid() });

/**
 * GET /service-project/data/full: by the project copy (SPEC §7 projectServiceTemplateId) or by the
 * item that owns it; the `company-id` header, when sent, must be the session's company.
 */
export const serviceDataFullQuerySchema = z
  .object({ projectServiceTemplateId: z.uuid().optional(), serviceItemId: z.uuid().optional() })
  .refine((query) => Boolean(query.projectServiceTemplateId) !== Boolean(query.serviceItemId), {
    message: MESSAGES.required,
    path: ['serviceItemId'],
  });
export type ServiceDataFullQuery = z.input<typeof serviceDataFullQuerySchema>;

export const userAnswerDtoSchema = z.object({
  id: z.string(),
  serviceItemId: z.string(),
  projectRowId: z.string(),
  projectServiceAnswerId: z.string().nullable(),
  text: z.string(),
  number: z.number().nullable(),
  date: z.string().nullable(),
  comment: z.string(),
  pictureId: z.string().nullable(),
  fileId: z.string().nullable(),
  /** The deviation this answer raised in the quality module, if its answer asks for one. */
  deviationId: z.string().nullable(),
  deviationNumber: z.number().nullable(),
  userId: z.string().nullable(),
  userName: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  version: z.number(),
});
export type UserAnswerDto = z.output<typeof userAnswerDtoSchema>;

/** POST answers what it created and what it deleted (the replaced answer), SPEC §7. */
export const userAnswerCreateResultDtoSchema = z.object({
  created: z.array(userAnswerDtoSchema),
  deleted: z.array(z.string()),
  item: serviceItemDtoSchema,
});
export type UserAnswerCreateResultDto = z.output<typeof userAnswerCreateResultDtoSchema>;
export const userAnswerChangeResultDtoSchema = z.object({
  answer: userAnswerDtoSchema,
  item: serviceItemDtoSchema,
});
export type UserAnswerChangeResultDto = z.output<typeof userAnswerChangeResultDtoSchema>;
export const userAnswerDeleteResultDtoSchema = z.object({
  id: z.string(),
  item: serviceItemDtoSchema,
});
export type UserAnswerDeleteResultDto = z.output<typeof userAnswerDeleteResultDtoSchema>;

/** An answer of the item's copy: what the template's answer was when copied (no order or version to edit). */
export const projectServiceAnswerDtoSchema = serviceAnswerDtoSchema.omit({ position: true, version: true });
export type ProjectServiceAnswerDto = z.output<typeof projectServiceAnswerDtoSchema>;

export const projectServiceRowDtoSchema = z.object({
  id: z.string(),
  name: z.string(),
  type: z.enum(SERVICE_ROW_TYPES),
  note: z.string(),
  url: z.string(),
  fileId: z.string().nullable(),
  functionName: z.string().nullable(),
  answers: z.array(projectServiceAnswerDtoSchema),
});
export type ProjectServiceRowDto = z.output<typeof projectServiceRowDtoSchema>;

export const projectServiceGroupDtoSchema = z.object({
  id: z.string(),
  name: z.string(),
  typeGroup: z.enum(SERVICE_GROUP_TYPES),
  info: z.string(),
  rows: z.array(projectServiceRowDtoSchema),
});
export type ProjectServiceGroupDto = z.output<typeof projectServiceGroupDtoSchema>;

/** GET /service-project/data/full: the item, its project, its checklist in order and the answers so far. */
export const serviceDataFullDtoSchema = z.object({
  item: serviceItemDtoSchema,
  project: z.object({ id: z.string(), number: z.number(), name: z.string() }),
  template: z.object({ id: z.string(), name: z.string(), info: z.string() }),
  groups: z.array(projectServiceGroupDtoSchema),
  answers: z.array(userAnswerDtoSchema),
});
export type ServiceDataFullDto = z.output<typeof serviceDataFullDtoSchema>;

/** Pushed to the company after every change of an item's answers: open screens of that item read again. */
export const SERVICE_ANSWER_PUSHES = { changed: 'service-answers:changed' } as const;
export type ServiceAnswersChangedPush = { serviceItemId: string; projectId: string; by: string };

/** The URL row's value is empty or http(s) (SPEC §5). */
export const isServiceAnswerUrl = (value: string) => value === '' || isValidUrl(value);
