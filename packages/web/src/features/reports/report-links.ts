import {
  type InvoiceListFilter,
  REPORT_INVOICE_FILTERS,
  type ReportDto,
  type ReportRange,
  type ReportRowDto,
  reportProjectList,
} from '@karm/domain/contract';
import type { ProjectFilters } from '@karm/domain/rules';

/** Where the lists behind the reports' rows open (features do not import the route table; `app/` builds these). */
export type ReportLinks = {
  projects: (filters: Partial<ProjectFilters>) => string;
  invoices: (filter: InvoiceListFilter, period: ReportRange) => string;
  offers: (statusId: string, period: ReportRange) => string;
};

/**
 * The list a row stands for, when there is one whose total is the row's: a month's or year's projects
 * (the project list with those delivery dates), a status's offers created in the period, and a revenue
 * row's invoices dated in it ("invoiced" has no list filter of its own).
 */
export const reportRowHref = (links: ReportLinks, dto: ReportDto, row: ReportRowDto): string | null => {
  const range = { from: dto.from, to: dto.to };
  if (dto.report === 'projectsByMonth' && row.key !== 'none') {
    return links.projects(reportProjectList(range, row.key));
  }
  if (dto.report === 'offersByStatus' && row.key !== 'none') {
    return links.offers(row.key, range);
  }
  if (dto.report === 'revenue' && row.key in REPORT_INVOICE_FILTERS) {
    return links.invoices(REPORT_INVOICE_FILTERS[row.key as keyof typeof REPORT_INVOICE_FILTERS], range);
  }
  return null;
};
