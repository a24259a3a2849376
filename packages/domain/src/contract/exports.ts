import { z } from 'zod';
import { LOCALES } from '../i18n/index';
import { projectFiltersSchema } from '../rules/project-state';
import { customerQuerySchema } from './customers';
import { inquiryQuerySchema } from './inquiries';
import { invoiceListQuerySchema } from './invoices';
import { serverLogQuerySchema } from './logs';
import { offerListQuerySchema } from './offers';
import type { Access } from './permissions';
import { deviationListQuerySchema } from './quality';
import { taskListQuerySchema } from './tasks';
import { userListQuerySchema } from './users';

/**
 * Exports of the server-paged lists (issue 18): each list exports exactly what its current filters
 * select, as CSV or XLSX, streamed. One route per list — `POST /api/exports/<list>` with the list's own
 * filter object in the body — so each route carries the permission that reading the list already needs
 * and the access hook refuses before anything is validated or read.
 *
 * The download is fetched by the web app with the session's `token` header and saved as a blob (no
 * token in a URL; the filters are an object, which a signed link's query cannot carry whole).
 */
export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/**
 * Every exportable list with its filter schema (the one its list event or route validates with) and
 * the access rule of reading that list. Modules that add a paged list add it here and register its
 * columns and batch reader in the server's export registry.
 */
export const EXPORT_LISTS = {
  customers: { filters: customerQuerySchema, access: 'customers.read' },
  inquiries: { filters: inquiryQuerySchema, access: 'inquiries.read' },
  offers: { filters: offerListQuerySchema, access: 'offers.read' },
  projects: { filters: projectFiltersSchema, access: ['projects.read', 'projects.read-own'] },
  tasks: { filters: taskListQuerySchema, access: ['tasks.read', 'tasks.own'] },
  invoices: { filters: invoiceListQuerySchema, access: 'invoices.read' },
  logs: { filters: serverLogQuerySchema, access: 'system.manage' },
  users: { filters: userListQuerySchema, access: 'users.manage' },
  deviations: { filters: deviationListQuerySchema, access: 'quality.read' },
} as const satisfies Record<string, { filters: z.ZodType; access: Access }>;

export type ExportList = keyof typeof EXPORT_LISTS;
export const EXPORT_LIST_NAMES = Object.keys(EXPORT_LISTS) as ExportList[];

/** What the list's screen holds as its filters: paging fields are ignored (every selected row is exported). */
export type ExportFilters<L extends ExportList> = z.input<(typeof EXPORT_LISTS)[L]['filters']>;

/** The body of `POST /api/exports/<list>`: the format, the language of the headers, the list's filters. */
export const exportRequestSchema = <L extends ExportList>(list: L) =>
  z.object({
    format: z.enum(EXPORT_FORMATS),
    /** The headers' and CSV numbers' language; the user's language in the web app. */
    locale: z.enum(LOCALES).default('en'),
    filters: (EXPORT_LISTS[list].filters as z.ZodType).prefault(
      {},
    ) as unknown as (typeof EXPORT_LISTS)[L]['filters'],
  });
export type ExportRequest<L extends ExportList = ExportList> = {
  format: ExportFormat;
  locale?: (typeof LOCALES)[number];
  filters?: ExportFilters<L>;
};

/** The REST path of a list's export (under /api). */
export const exportPath = (list: ExportList) => `/exports/${list}`;

/**
 * CSV uses `;` in every language: Excel in Norway reads `,` as the decimal mark and would split
 * amounts at it; `;` opens in columns in Norwegian and English Excel alike, and LibreOffice asks.
 */
export const CSV_SEPARATOR = ';';
