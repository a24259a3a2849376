import { z } from 'zod';
import type { Anniversary } from '../rules/dashboard-anniversaries';
import type { ProjectGroup } from '../rules/dashboard-groups';
import {
  DASHBOARD_PERIODS,
  type DashboardPeriod,
  type DateRange,
  DEFAULT_DASHBOARD_PERIOD,
} from '../rules/dashboard-period';
import type { AbsenceKind } from '../rules/planner/plan-bookings';
import type { ProjectFilters, ProjectState } from '../rules/project-state';

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
export type DashboardProjectsDto = {
  today: string;
  states: Record<ProjectState, number>;
  groups: Record<ProjectGroup, number>;
};

/** GET /dashboard/completion?period=…: completed vs. due in the period, with the trend. */
export const dashboardCompletionQuerySchema = z.object({
  period: z.enum(DASHBOARD_PERIODS).default(DEFAULT_DASHBOARD_PERIOD),
});
export type DashboardCompletionQuery = z.input<typeof dashboardCompletionQuerySchema>;

export type CompletionBucketDto = {
  /** "2026" (a year) or "2026-11" (a month). */
  bucket: string;
  due: number;
  completed: number;
};

export type DashboardCompletionDto = {
  period: DashboardPeriod;
  /** The delivery dates counted: from (none over All Years) to today. */
  from: string | null;
  to: string;
  /** Projects (every state) with a delivery date in the period. */
  due: number;
  /** Of those, the completed ones. */
  completed: number;
  /** Whole per cent; null when nothing was due. */
  rate: number | null;
  trend: CompletionBucketDto[];
};

/** GET /dashboard/work-status: who works on what today, by the planner. */
export type WorkStatus = 'booked' | 'absent' | 'free';
export type WorkStatusBookingDto =
  | { kind: 'project'; projectId: string; number: number | null; name: string; quarters: number }
  | { kind: 'task'; taskId: string; name: string; quarters: number }
  /** A service item: its name reads like the planner's cell ("1042-3 Hovedinngang"). */
  | { kind: 'serviceItem'; serviceItemId: string; name: string; quarters: number }
  | { kind: 'absence'; absence: AbsenceKind; quarters: number };
export type WorkStatusEmployeeDto = {
  employeeId: string;
  name: string;
  workGroup: string | null;
  status: WorkStatus;
  bookings: WorkStatusBookingDto[];
};
export type DashboardWorkStatusDto = {
  date: string;
  year: number;
  week: number;
  counts: Record<WorkStatus, number>;
  employees: WorkStatusEmployeeDto[];
};

/** GET /dashboard/anniversaries: birthdays and anniversaries of employment in the next 14 days. */
export type DashboardAnniversariesDto = { today: string; days: number; items: Anniversary[] };

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
export type DashboardAlertDto =
  | { key: DashboardAlert; isAvailable: true; count: number }
  | { key: DashboardAlert; isAvailable: false; count: null };
export type DashboardAlertsDto = { today: string; items: DashboardAlertDto[] };

/** GET /dashboard/changes: the latest project history rows (who changed what, when). */
export const DASHBOARD_CHANGES_LIMIT = 15;
export type ProjectChangeDto = {
  id: string;
  projectId: string;
  projectNumber: number;
  projectName: string;
  userName: string | null;
  action: string;
  /** The names of the changed fields, when the row lists them. */
  fields: string[];
  at: string;
};
export type DashboardChangesDto = { items: ProjectChangeDto[] };

/** The alert "open high deviations": the deviation list's filter, shared by the count and its link. */
export const DASHBOARD_HIGH_DEVIATIONS = { status: 'not-closed', severity: 'high' } as const;
