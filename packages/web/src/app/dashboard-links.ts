import { DASHBOARD_HIGH_DEVIATIONS } from '@karm/domain/contract';
import type { DashboardLinks } from '@/features/dashboard';
import { href, ROUTES } from './routes';

/** The lists behind the dashboard's figures, each opened with the filter the figure counts by. */
export const DASHBOARD_LINKS: DashboardLinks = {
  projects: href.projectsFiltered,
  project: (projectId) => href.open('projects', projectId),
  planner: ROUTES.planner,
  tasksOverdue: `${ROUTES.tasks}?filter=overdue`,
  offersOverdue: `${ROUTES.offer}?overdue=true`,
  inquiriesOverdue: `${ROUTES.inquiries}?deadline=overdue`,
  invoicesPastDue: `${ROUTES.admin}?tab=invoices&filter=pastDue`,
  syncLog: `${ROUTES.admin}?tab=accounting`,
  quality: `${ROUTES.quality}?tab=deviations&status=${DASHBOARD_HIGH_DEVIATIONS.status}&severity=${DASHBOARD_HIGH_DEVIATIONS.severity}`,
};
