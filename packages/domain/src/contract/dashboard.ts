import { z } from 'zod';
import type { Anniversary } from '../rules/dashboard-anniversaries';
import { PROJECT_GROUPS, type ProjectGroup } from '../rules/dashboard-groups';
import { DASHBOARD_PERIODS, type DateRange, DEFAULT_DASHBOARD_PERIOD } from '../rules/dashboard-period';
import { ABSENCE_KINDS } from '../rules/planner/plan-bookings';
import { PROJECT_STATES, type ProjectFilters, type ProjectState } from '../rules/project-state';

/**
 * The dashboard (SPEC §1 widgets, §2 `/`, §9 birthdays window and All Years default; issue 17). One
 * REST route per widget, so the page loads with one round trip per widget, all in parallel, each with
 * its own loading state. Every count is the total of the list its card links to: the server reads it
 * through that list's own filter, never a second copy of the rule.
 *
 * "Today's messages" belongs to the messages module and is not served here.
 */
export const DASHBOARD_ROUTES = {
  projects: '/dashboard/projects',
  completion: '/dashboard/completion',
  workStatus: '/dashboard/work-status',
  anniversaries: '/dashboard/anniversaries',
  alerts: '/dashboard/alerts',
  changes: '/dashboard/changes',
} as const;
export type DashboardWidget = keyof typeof DASHBOARD_ROUTES;

/**
 * The project list behind each project figure: the card opens the list with these filters (everyone's
 * projects) and the server counts that same list's total.
 */
export const DASHBOARD_PROJECT_LISTS = {
  state: (state: ProjectState): Partial<ProjectFilters> => ({ who: 'alle', status: state }),
  group: (group: ProjectGroup): Partial<ProjectFilters> => ({ who: 'alle', status: 'all', group }),
  due: (range: DateRange): Partial<ProjectFilters> => ({
    who: 'alle',
    status: 'all',
    fromDate: range.from,
    toDate: range.to,
  }),
  completed: (range: DateRange): Partial<ProjectFilters> => ({
    who: 'alle',
    status: 'completed',
    fromDate: range.from,
    toDate: range.to,
  }),
};

/** GET /dashboard/projects: the project status overview (states and the four groups). */
export const dashboardProjectsDtoSchema = z.object({
  today: z.string(),
  states: z.record(z.enum(PROJECT_STATES), z.number()),
  groups: z.record(z.enum(PROJECT_GROUPS), z.number()),
});
export type DashboardProjectsDto = z.output<typeof dashboardProjectsDtoSchema>;

/** GET /dashboard/completion?period=…: completed vs. due in the period, with the trend. */
export const dashboardCompletionQuerySchema = z.object({
  period: z.enum(DASHBOARD_PERIODS).default(DEFAULT_DASHBOARD_PERIOD),
});
export type DashboardCompletionQuery = z.input<typeof dashboardCompletionQuerySchema>;

export const completionBucketDtoSchema = z.object({
  /** "2026" (a year) or "2026-11" (a month). */
  bucket: z.string(),
  due: z.number(),
  completed: z.number(),
});
export type CompletionBucketDto = z.output<typeof completionBucketDtoSchema>;

export const dashboardCompletionDtoSchema = z.object({
  period: z.enum(DASHBOARD_PERIODS),
  /** The delivery dates counted: from (none over All Years) to today. */
  from: z.string().nullable(),
  to: z.string(),
  /** Projects (every state) with a delivery date in the period. */
  due: z.number(),
  /** Of those, the completed ones. */
  completed: z.number(),
  /** Whole per cent; null when nothing was due. */
  rate: z.number().nullable(),
  trend: z.array(completionBucketDtoSchema),
});
export type DashboardCompletionDto = z.output<typeof dashboardCompletionDtoSchema>;

/** GET /dashboard/work-status: who works on what today, by the planner. */
const WORK_STATUSES = ['booked', 'absent', 'free'] as const;
export type WorkStatus = (typeof WORK_STATUSES)[number];
export const workStatusBookingDtoSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('project'),
    projectId: z.string(),
    number: z.number().nullable(),
    name: z.string(),
    quarters: z.number(),
  }),
  z.object({ kind: z.literal('task'), taskId: z.string(), name: z.string(), quarters: z.number() }),
  /** A service item: its name reads like the planner's cell ("1042-3 Hovedinngang"). */
  z.object({
    kind: z.literal('serviceItem'),
    serviceItemId: z.string(),
    name: z.string(),
    quarters: z.number(),
  }),
  z.object({ kind: z.literal('absence'), absence: z.enum(ABSENCE_KINDS), quarters: z.number() }),
]);
export type WorkStatusBookingDto = z.output<typeof workStatusBookingDtoSchema>;
export const workStatusEmployeeDtoSchema = z.object({
  employeeId: z.string(),
  name: z.string(),
  workGroup: z.string().nullable(),
  status: z.enum(WORK_STATUSES),
  bookings: z.array(workStatusBookingDtoSchema),
});
export type WorkStatusEmployeeDto = z.output<typeof workStatusEmployeeDtoSchema>;
export const dashboardWorkStatusDtoSchema = z.object({
  date: z.string(),
  year: z.number(),
  week: z.number(),
  counts: z.record(z.enum(WORK_STATUSES), z.number()),
  employees: z.array(workStatusEmployeeDtoSchema),
});
export type DashboardWorkStatusDto = z.output<typeof dashboardWorkStatusDtoSchema>;

/** A birthday or an anniversary of employment (the rule's `Anniversary`, kept in step by `satisfies`). */
const anniversarySchema = z.object({
  personId: z.string(),
  name: z.string(),
  kind: z.enum(['birthday', 'employment']),
  /** The day it is celebrated (YYYY-MM-DD), today or within the window. */
  date: z.string(),
  /** Years turned (birthday) or years employed (anniversary). */
  years: z.number(),
  /** Days from today (0 = today). */
  daysAway: z.number(),
  /** A round number: every tenth birthday, every fifth year of employment. */
  isRound: z.boolean(),
}) satisfies z.ZodType<Anniversary>;

/** GET /dashboard/anniversaries: birthdays and anniversaries of employment in the next 14 days. */
export const dashboardAnniversariesDtoSchema = z.object({
  today: z.string(),
  days: z.number(),
  items: z.array(anniversarySchema),
});
export type DashboardAnniversariesDto = z.output<typeof dashboardAnniversariesDtoSchema>;

/**
 * GET /dashboard/alerts. Each alert is a count and the list it opens; an alert whose module is not
 * built yet (deviations: the quality module) says so with `isAvailable: false`. An alert the asker
 * may not read is left out.
 */
export const DASHBOARD_ALERTS = [
  'offersPastDeadline',
  'inquiriesPastDeadline',
  'deliveriesPastDue',
  'invoicesPastDue',
  'failedSyncs',
  'highDeviations',
  'overdueTasks',
] as const;
export type DashboardAlert = (typeof DASHBOARD_ALERTS)[number];
export const dashboardAlertDtoSchema = z.discriminatedUnion('isAvailable', [
  z.object({ key: z.enum(DASHBOARD_ALERTS), isAvailable: z.literal(true), count: z.number() }),
  z.object({ key: z.enum(DASHBOARD_ALERTS), isAvailable: z.literal(false), count: z.null() }),
]);
export type DashboardAlertDto = z.output<typeof dashboardAlertDtoSchema>;
export const dashboardAlertsDtoSchema = z.object({
  today: z.string(),
  items: z.array(dashboardAlertDtoSchema),
});
export type DashboardAlertsDto = z.output<typeof dashboardAlertsDtoSchema>;

/** GET /dashboard/changes: the latest project history rows (who changed what, when). */
export const DASHBOARD_CHANGES_LIMIT = 15;
export const projectChangeDtoSchema = z.object({
  id: z.string(),
  projectId: z.string(),
  projectNumber: z.number(),
  projectName: z.string(),
  userName: z.string().nullable(),
  action: z.string(),
  /** The names of the changed fields, when the row lists them. */
  fields: z.array(z.string()),
  at: z.string(),
});
export type ProjectChangeDto = z.output<typeof projectChangeDtoSchema>;
export const dashboardChangesDtoSchema = z.object({ items: z.array(projectChangeDtoSchema) });
export type DashboardChangesDto = z.output<typeof dashboardChangesDtoSchema>;

/** The alert "open high deviations": the deviation list's filter, shared by the count and its link. */
export const DASHBOARD_HIGH_DEVIATIONS = { status: 'not-closed', severity: 'high' } as const;
