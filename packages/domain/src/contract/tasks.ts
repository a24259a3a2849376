import { z } from 'zod';
import { VALIDATION_MESSAGE_KEYS as MESSAGES, messageWithParams } from '../rules/validation-messages';
import { dateOnlySchema } from './date-only';
import { patchOf } from './define';
import { pageQuerySchema, pageSchema } from './paging';

/**
 * Tasks (SPEC §3 Task, §4 "tasks are pending or marked done (undo possible)", §7 REST /tasks, issue
 * 14): a piece of work with a date, optionally for an employee and about a project or an offer.
 * Pushed-off planner cells become tasks. Changes are pushed to the company as `tasks:changed`.
 */

const text = (max: number) => z.string().trim().max(max, messageWithParams(MESSAGES.tooLong, { max }));
const version = z.coerce.number().int().positive();

/** SPEC §9: a new task is a service-item emergency unless the person picks another type. */
export const TASK_TYPES = ['service-item-emergency', 'service-item', 'project', 'offer', 'other'] as const;
export type TaskType = (typeof TASK_TYPES)[number];
export const DEFAULT_TASK_TYPE: TaskType = 'service-item-emergency';

/** What a task may be about: a project, an offer or a service item (an emergency item's task points at the item). */
export const TASK_ENTITY_TYPES = ['project', 'offer', 'serviceItem'] as const;
export type TaskEntityType = (typeof TASK_ENTITY_TYPES)[number];

export const TASK_LIMITS = { name: 200, text: 4_000 } as const;

export const taskDtoSchema = z.object({
  id: z.string(),
  name: z.string(),
  type: z.enum(TASK_TYPES),
  entityType: z.enum(TASK_ENTITY_TYPES).nullable(),
  entityId: z.string().nullable(),
  /**
   * The entity's number and name as lists show it ("1042 Skole Lørenskog"); a service item's number is
   * its number in the project and its name tells the project ("Hovedinngang · 1042 Skole Lørenskog").
   * Null without one.
   */
  entityNumber: z.number().nullable(),
  entityName: z.string().nullable(),
  /** A service item's project (where its link opens); null for other entities. */
  entityProjectId: z.string().nullable(),
  date: z.string(),
  description: z.string(),
  immediateAction: z.string(),
  /** The employee who does it, if anyone. */
  assigneeId: z.string().nullable(),
  assigneeName: z.string().nullable(),
  isDone: z.boolean(),
  /** When it was marked done (undo clears it). */
  doneAt: z.string().nullable(),
  createdAt: z.string(),
  version: z.number(),
});
export type TaskDto = z.output<typeof taskDtoSchema>;

/** GET /tasks. */
export const taskPageSchema = pageSchema(taskDtoSchema);

const taskFieldsSchema = z.object({
  name: text(TASK_LIMITS.name).min(1, MESSAGES.required),
  type: z.enum(TASK_TYPES).default(DEFAULT_TASK_TYPE),
  entityType: z.enum(TASK_ENTITY_TYPES).nullable().default(null),
  entityId: z.uuid().nullable().default(null),
  date: dateOnlySchema,
  description: text(TASK_LIMITS.text).default(''),
  immediateAction: text(TASK_LIMITS.text).default(''),
  assigneeId: z.uuid().nullable().default(null),
});

/** An entity is named by its type and id together, or not at all. */
const entityIsWhole = (task: { entityType?: unknown; entityId?: unknown }) =>
  (task.entityType === undefined) === (task.entityId === undefined) &&
  (task.entityType === null) === (task.entityId === null);

/** POST /tasks. */
export const taskCreateSchema = taskFieldsSchema.refine(entityIsWhole, {
  message: MESSAGES.required,
  path: ['entityId'],
});
export type TaskCreateInput = z.input<typeof taskCreateSchema>;

/** PATCH /tasks/{id}: the fields that change, at the version read; `isDone` marks done or undoes it. */
export const taskPatchSchema = z.object({
  version,
  changes: patchOf(taskFieldsSchema)
    .extend({ isDone: z.boolean().optional() })
    .refine(entityIsWhole, { message: MESSAGES.required, path: ['entityId'] })
    .refine((changes) => Object.values(changes).some((value) => value !== undefined), MESSAGES.required),
});
export type TaskPatchInput = z.input<typeof taskPatchSchema>;

/** DELETE /tasks/{id}?version=… */
export const taskDeleteQuerySchema = z.object({ version });

/**
 * GET /tasks filters: `mine` (pending, assigned to the asker's employee), `all` (pending), `overdue`
 * (pending with a date before today) and `done` (newest done first).
 */
export const TASK_FILTERS = ['mine', 'all', 'overdue', 'done'] as const;
export type TaskFilter = (typeof TASK_FILTERS)[number];

export const taskListQuerySchema = pageQuerySchema.extend({
  filter: z.enum(TASK_FILTERS).default('all'),
  /** Only the tasks about this project, offer or service item (a project's tasks tab). */
  entityId: z.uuid().optional(),
  /** Words of the name, description or immediate action. */
  search: text(100).optional(),
});
export type TaskListQuery = z.input<typeof taskListQuerySchema>;

export const TASK_PUSHES = { changed: 'tasks:changed' } as const;
/** Which tasks changed or went (ids), so lists and the planner re-read them; `deleted` are gone. */
export type TasksChangedPush = { ids: string[]; deleted?: string[] };
