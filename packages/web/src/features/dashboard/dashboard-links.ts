import type { ProjectFilters } from '@karm/domain/rules';

/**
 * Where the dashboard's cards lead: built in `app/` from the route table (features do not import the
 * app), so every card links to the list behind its figure with that list's filter.
 */
export type DashboardLinks = {
  /** The project list with these filters over the defaults. */
  projects: (filters: Partial<ProjectFilters>) => string;
  /** One project's dialog over the list. */
  project: (projectId: string) => string;
  planner: string;
  tasksOverdue: string;
  offersOverdue: string;
  inquiriesOverdue: string;
  invoicesPastDue: string;
  syncLog: string;
  quality: string;
};
