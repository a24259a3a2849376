import type { ReportLinks } from '@/features/reports';
import { href, ROUTES } from './routes';

/** The lists behind the reports' rows, each opened with the filter the row counts by. */
export const REPORT_LINKS: ReportLinks = {
  projects: href.projectsFiltered,
  invoices: (filter) => `${ROUTES.admin}?tab=invoices&filter=${filter}`,
  offers: (statusId) => `${ROUTES.offer}?statusId=${encodeURIComponent(statusId)}`,
};
