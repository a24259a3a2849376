import {
  type InvoiceListFilter,
  REPORT_INVOICE_FILTERS,
  type ReportDto,
  type ReportRowDto,
  reportProjectList,
} from '@karm/domain/contract';
import type { ProjectFilters } from '@karm/domain/rules';

/** Where the lists behind the reports' rows open (features do not import the route table; `app/` builds these). */
export type ReportLinks = {
  projects: (filters: Partial<ProjectFilters>) => string;
  invoices: (filter: InvoiceListFilter) => string;
  offers: (statusId: string) => string;
};

/**
 * The list a row stands for, when there is one whose total is the row's: a month's or year's projects
 * (the project list with those delivery dates), and over All Years a status's offers and a revenue
 * row's invoices (those lists have no date filter, so a narrower period has no list to open).
 */
export const reportRowHref = (links: ReportLinks, dto: ReportDto, row: ReportRowDto): string | null => {
  const range = { from: dto.from, to: dto.to };
  if (dto.report === 'projectsByMonth' && row.key !== 'none') {
    return links.projects(reportProjectList(range, row.key));
  }
  if (dto.report === 'offersByStatus' && dto.from === null && row.key !== 'none') {
    return links.offers(row.key);
  }
  if (dto.report === 'revenue' && dto.from === null && row.key in REPORT_INVOICE_FILTERS) {
    return links.invoices(REPORT_INVOICE_FILTERS[row.key as keyof typeof REPORT_INVOICE_FILTERS]);
  }
  return null;
};
