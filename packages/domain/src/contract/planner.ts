import { z } from 'zod';
import { DELIVERY_COLOURS } from '../rules/delivery-colour';
import { type IsoWeek, isValidIsoWeek } from '../rules/iso-week';
import { isDayPart } from '../rules/planner/day-parts';
import { ABSENCE_KINDS, type PlanBooking } from '../rules/planner/plan-bookings';
import type { RedDayName } from '../rules/red-days';
import { VALIDATION_MESSAGE_KEYS as MESSAGES } from '../rules/validation-messages';
import { collectionKeySchema } from './collection-key';
import type { CollectionValueDto } from './collections';
import { dateOnlySchema } from './date-only';
import { socketEvent } from './define';
import type { PlannerWorkGroup } from './profile';
import { type TaskDto, taskDtoSchema } from './tasks';

/**
 * The resource planner (SPEC §2 /planner, §3 Plan data, §4 Planner, §7 planner:get, plan:add,
 * plan:refresh, issue 14). Always two consecutive ISO weeks; a cell is one employee on one day and
 * holds bookings of projects, tasks or absences in quarters of a day (rules/planner). Every cell has
 * a version: a write names the version of each cell it read (0 for a cell never booked), so two
 * leaders booking the same cell at once never double book silently — the second is refused with
 * CONFLICT (`validation.planCellChanged`) and the fresh cells in `details.cells`.
 */

/** A week that exists: week 53 only in long years, never 54. */
export const isoWeekSchema = z
  .object({ year: z.number().int().min(2000).max(2100), week: z.number().int().min(1).max(53) })
  .refine(isValidIsoWeek, { message: MESSAGES.weekInvalid, path: ['week'] });

/** The most cells one request may touch: 150 employees over the two shown weeks, with room. */
export const MAX_PLAN_CELLS = 2_500;

const cellSchema = z.object({
  employeeId: z.uuid(),
  date: dateOnlySchema,
  /** The cell's version as the client read it; 0 for a cell never booked. */
  version: z.number().int().min(0),
});

const cellsSchema = z
  .array(cellSchema)
  .min(1, MESSAGES.required)
  .max(MAX_PLAN_CELLS)
  .refine(
    (cells) => new Set(cells.map((cell) => `${cell.employeeId}|${cell.date}`)).size === cells.length,
    MESSAGES.duplicateId,
  );

export const planSubjectSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('project'), projectId: z.uuid() }),
  z.object({ kind: z.literal('task'), taskId: z.uuid() }),
  z.object({ kind: z.literal('serviceItem'), serviceItemId: z.uuid() }),
  z.object({ kind: z.literal('absence'), absence: z.enum(ABSENCE_KINDS) }),
]);

/** `plan:add`: books the subject on every cell for a day part (1, 2 or 4 quarters). */
export const planAddSchema = z.object({
  cells: cellsSchema,
  subject: planSubjectSchema,
  dayPart: z.number().refine(isDayPart, MESSAGES.dayPartInvalid),
  /** The person saw the warning that some cell would hold more than a whole day, and books anyway. */
  isOverbookingConfirmed: z.boolean().default(false),
});
export type PlanAddInput = z.input<typeof planAddSchema>;

/** `plan:remove`: clears the cells, or only the given subject's bookings on them. */
export const planRemoveSchema = z.object({
  cells: cellsSchema,
  subject: planSubjectSchema.optional(),
});
export type PlanRemoveInput = z.input<typeof planRemoveSchema>;

/**
 * `plan:push-off`: the project's bookings on the cells move to each employee's next free working
 * day up to `until` (the last day the planner shows); what finds no day becomes a task (rules/planner/push-off.ts).
 */
export const planPushOffSchema = z
  .object({ projectId: z.uuid(), cells: cellsSchema, until: dateOnlySchema })
  .refine((input) => input.cells.every((cell) => cell.date <= input.until), {
    message: MESSAGES.rangeFromBeforeTo,
    path: ['until'],
  });
export type PlanPushOffInput = z.input<typeof planPushOffSchema>;

export type PlanBookingDto = PlanBooking;

/** A booking as answered (the rule's `PlanBooking`, kept in step by `satisfies`). */
const bookingOf = { id: z.string(), quarters: z.number() };
export const planBookingDtoSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('project'), projectId: z.string(), ...bookingOf }),
  z.object({ kind: z.literal('task'), taskId: z.string(), ...bookingOf }),
  z.object({ kind: z.literal('serviceItem'), serviceItemId: z.string(), ...bookingOf }),
  z.object({ kind: z.literal('absence'), absence: z.enum(ABSENCE_KINDS), ...bookingOf }),
]) satisfies z.ZodType<PlanBooking>;

/** One employee on one day. */
export const planCellDtoSchema = z.object({
  employeeId: z.string(),
  date: z.string(),
  version: z.number(),
  bookings: z.array(planBookingDtoSchema),
});
export type PlanCellDto = z.output<typeof planCellDtoSchema>;

export type PlannerDayDto = {
  date: string;
  year: number;
  week: number;
  isWeekend: boolean;
  redDay: RedDayName | null;
  isWorkingDay: boolean;
};

export type PlannerEmployeeDto = {
  id: string;
  name: string;
  /** A key of `PlannerDto.workGroups`; null for an employee in no work group (shown last). */
  workGroup: PlannerWorkGroup | null;
};

/** A work group as the planner shows it: the company's list (collections `workGroup`), in its order. */
export type PlannerWorkGroupDto = Pick<CollectionValueDto, 'key' | 'labels' | 'isActive'>;

export const plannerProjectDtoSchema = z.object({
  id: z.string(),
  number: z.number(),
  name: z.string(),
  colour: z.string(),
  deliveryDate: z.string().nullable(),
  /** SPEC §4 delivery colour on today's date; null without a delivery date. */
  deliveryColour: z.enum(DELIVERY_COLOURS).nullable(),
  noteToPlanner: z.string(),
});
export type PlannerProjectDto = z.output<typeof plannerProjectDtoSchema>;

/**
 * A service item as a planner cell draws it: its project's number and colour, and the item's number
 * and name (or its checklist's name when it has none), e.g. "1042-3 Hovedinngang".
 */
export const plannerServiceItemDtoSchema = z.object({
  id: z.string(),
  projectId: z.string(),
  projectNumber: z.number(),
  projectName: z.string(),
  /** The project's colour (the item is drawn like its project). */
  colour: z.string(),
  number: z.number(),
  name: z.string(),
});
export type PlannerServiceItemDto = z.output<typeof plannerServiceItemDtoSchema>;

/** `planner:get` and `plan:refresh`: the two weeks with everything a planner screen draws. */
export type PlannerDto = {
  weeks: [IsoWeek, IsoWeek];
  days: PlannerDayDto[];
  /**
   * The company's work groups in its order, deactivated ones too (employees may still be in them);
   * rows are grouped by these.
   */
  workGroups: PlannerWorkGroupDto[];
  /** Active employees in work-group order, then by name. */
  employees: PlannerEmployeeDto[];
  /** The cells ever booked in the two weeks (a missing cell is empty at version 0). */
  cells: PlanCellDto[];
  /** Tasks dated in the two weeks (assigned ones show on their employee's day). */
  tasks: TaskDto[];
  /**
   * Every project booked in the two weeks or named by a task in them. The projects a person may
   * book are the company's active projects (`projects:all`).
   */
  projects: PlannerProjectDto[];
  /** Every service item booked in the two weeks. */
  serviceItems: PlannerServiceItemDto[];
  /** Suggested (not yet booked) plans in the two weeks, drawn dashed on their employee's day. */
  suggestions: PlanSuggestionDto[];
};

/**
 * A suggested plan (issue 14/19): a due agreement visit proposed for one of the agreement's service
 * workers on a day with room (rule `suggestVisitDay`). It books nothing until a planner accepts it
 * (it becomes a booking of the visit's task through plan:add's rules) or moves or dismisses it.
 */
export type PlanSuggestionDto = {
  id: string;
  employeeId: string;
  date: string;
  quarters: number;
  /** The task the booking will be of (the visit's task of this worker). */
  taskId: string;
  agreementId: string;
  projectId: string;
  /** "Service visit: 1042 Skole Lørenskog". */
  title: string;
  /** The day was full when it was suggested: accepting asks first. */
  isOverbooked: boolean;
  version: number;
};

const suggestionRef = { id: z.uuid(), version: z.number().int().positive() };

/** `plan:suggestion-accept`: books the suggestion on its cell (a full day asks first, as plan:add). */
export const planSuggestionAcceptSchema = z.object({
  ...suggestionRef,
  isOverbookingConfirmed: z.boolean().default(false),
});
export type PlanSuggestionAcceptInput = z.input<typeof planSuggestionAcceptSchema>;

/** `plan:suggestion-move`: the suggestion to another service worker or day (still only suggested). */
export const planSuggestionMoveSchema = z.object({
  ...suggestionRef,
  employeeId: z.uuid(),
  date: dateOnlySchema,
});
export type PlanSuggestionMoveInput = z.input<typeof planSuggestionMoveSchema>;

/** `plan:suggestion-dismiss`: the suggestion goes; the visit stays due (dispatch, due list). */
export const planSuggestionDismissSchema = z.object(suggestionRef);
export type PlanSuggestionDismissInput = z.input<typeof planSuggestionDismissSchema>;

/** Pushed after suggestions changed: the new or moved ones, and the ids of those gone. */
export type PlanSuggestionsPush = { suggestions: PlanSuggestionDto[]; removedIds: string[] };

/** What a write changed: its cells at their new versions, and the tasks it made (push off). */
export const planChangeDtoSchema = z.object({
  cells: z.array(planCellDtoSchema),
  tasks: z.array(taskDtoSchema),
  projects: z.array(plannerProjectDtoSchema),
  serviceItems: z.array(plannerServiceItemDtoSchema),
});
export type PlanChangeDto = z.output<typeof planChangeDtoSchema>;

/** The refusal of a write that would put more than a whole day on a cell (CONFLICT, `planOverbooked`). */
export type PlanOverbookingDetails = {
  reason: 'overbooked';
  cells: { employeeId: string; date: string; quarters: number }[];
};
/** The refusal of a write naming a cell's older version (CONFLICT, `planCellChanged`). */
export type PlanStaleDetails = { reason: 'stale'; cells: PlanCellDto[] };

/**
 * Pushed to the company's room after a committed change (SPEC §7 "plan additions, updates and
 * refresh"): additions and updates carry the changed cells; a refresh (many cells at once, e.g. a
 * removed project's plans) tells open planners to re-read.
 */
export const PLAN_PUSHES = {
  added: 'plan:added',
  updated: 'plan:updated',
  refreshed: 'plan:refreshed',
  suggestions: 'plan:suggestions',
} as const;
export type PlanChangedPush = PlanChangeDto;

/**
 * The admin tab "resource planner": who is in which work group. Every active employee with their
 * group and version; an administrator moves one to another group (or none) at the version read.
 */
export type WorkGroupMemberDto = { id: string; name: string; workGroup: string | null; version: number };

export const workGroupAssignSchema = z.object({
  employeeId: z.uuid(),
  version: z.number().int().positive(),
  /** A key of the company's work-group list, or null for none. */
  workGroup: collectionKeySchema.nullable(),
});
export type WorkGroupAssignInput = z.input<typeof workGroupAssignSchema>;

export const plannerEvents = {
  'planner:get': socketEvent<PlannerDto>()(isoWeekSchema),
  'plan:refresh': socketEvent<PlannerDto>()(isoWeekSchema),
  'plan:add': socketEvent<PlanChangeDto>()(planAddSchema),
  'plan:remove': socketEvent<PlanChangeDto>()(planRemoveSchema),
  'plan:push-off': socketEvent<PlanChangeDto>()(planPushOffSchema),
  'plan:suggestion-accept': socketEvent<PlanChangeDto>()(planSuggestionAcceptSchema),
  'plan:suggestion-move': socketEvent<PlanSuggestionDto>()(planSuggestionMoveSchema),
  'plan:suggestion-dismiss': socketEvent<{ id: string }>()(planSuggestionDismissSchema),
  'planner:work-group-members': socketEvent<WorkGroupMemberDto[]>()(z.unknown()),
  'planner:assign-work-group': socketEvent<WorkGroupMemberDto>()(workGroupAssignSchema),
};
