import type { ReportRange } from '@karm/domain/contract';
import type { ReportLinks } from '@/features/reports';
import { href, ROUTES } from './routes';

/** `&from=…&to=…` for the bounds a period has (All Years has none). */
const periodParams = (period: ReportRange) =>
  (period.from ? `&from=${period.from}` : '') + (period.to ? `&to=${period.to}` : '');

/** The lists behind the reports' rows, each opened with the filter and period the row counts by. */
export const REPORT_LINKS: ReportLinks = {
  projects: href.projectsFiltered,
  invoices: (filter, period) => `${ROUTES.admin}?tab=invoices&filter=${filter}${periodParams(period)}`,
  offers: (statusId, period) =>
    `${ROUTES.offer}?statusId=${encodeURIComponent(statusId)}${periodParams(period)}`,
};
