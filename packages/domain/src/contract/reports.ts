import { z } from 'zod';
import { LOCALES } from '../i18n/index';
import { EXPORT_FORMATS } from './exports';

/**
 * Reports (`/report`, SPEC §1 "reports", §2 the pie chart dialog, §9 default graph period All Years;
 * issue 17). Every report is one table — a row per bar of its chart, a column per measure — read by
 * one REST route (`GET /api/reports/<report>`) with the period in the query, and exported as exactly
 * that table (`POST /api/reports/<report>/export`, CSV or XLSX through the exports module's writers).
 * Every route asks for `reports.read`; every aggregation is counted in SQL, scoped to the company.
 */
export const REPORT_PERIODS = ['all', 'year', 'quarter', 'month'] as const;
export type ReportPeriod = (typeof REPORT_PERIODS)[number];
export const DEFAULT_REPORT_PERIOD: ReportPeriod = 'all';

/**
 * The period: All Years (SPEC §9's default, no bounds), or one chosen year, quarter (`part` 1–4) or
 * month (`part` 1–12) of a year. Without a year the current one is meant.
 */
export const reportPeriodSchema = z
  .object({
    period: z.enum(REPORT_PERIODS).default(DEFAULT_REPORT_PERIOD),
    year: z.coerce.number().int().min(1990).max(2200).optional(),
    part: z.coerce.number().int().min(1).max(12).optional(),
  })
  .refine((value) => value.period !== 'quarter' || value.part === undefined || value.part <= 4, {
    path: ['part'],
    message: 'A quarter is 1–4',
  });
export type ReportPeriodQuery = z.input<typeof reportPeriodSchema>;
export type ReportPeriodValue = z.output<typeof reportPeriodSchema>;

export type ReportRange = { from: string | null; to: string | null };

const pad = (value: number) => String(value).padStart(2, '0');
const lastDayOf = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** The dates (inclusive) a period covers; `today` picks the current year, quarter or month when none is given. */
export const reportRange = (query: ReportPeriodValue, today: string): ReportRange => {
  const year = query.year ?? Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7));
  switch (query.period) {
    case 'all':
      return { from: null, to: null };
    case 'year':
      return { from: `${year}-01-01`, to: `${year}-12-31` };
    case 'quarter': {
      const quarter = query.part ?? Math.floor((month - 1) / 3) + 1;
      const first = (quarter - 1) * 3 + 1;
      return {
        from: `${year}-${pad(first)}-01`,
        to: `${year}-${pad(first + 2)}-${pad(lastDayOf(year, first + 2))}`,
      };
    }
    case 'month': {
      const chosen = query.part ?? month;
      return {
        from: `${year}-${pad(chosen)}-01`,
        to: `${year}-${pad(chosen)}-${pad(lastDayOf(year, chosen))}`,
      };
    }
  }
};

/** How a measure is shown and exported: a count, øre (shown as kroner), days, or whole per cent. */
export type ReportMeasureType = 'number' | 'money' | 'days' | 'percent';
export type ReportMeasure = { key: string; type: ReportMeasureType };

/**
 * Every report: its measures (the table's columns after the row label), where its row labels come
 * from (`labels`: an i18n key prefix, `<prefix>.<row key>`; `server`: the row carries its label, e.g.
 * an offer status's name) and which measures its chart draws (a share of a whole when `stacked`).
 */
export const REPORTS = {
  offersByStatus: {
    measures: [
      { key: 'count', type: 'number' },
      { key: 'value', type: 'money' },
    ],
    labels: 'server',
    chart: ['count'],
  },
  hitRateByOwnerType: {
    measures: [
      { key: 'won', type: 'number' },
      { key: 'lost', type: 'number' },
      { key: 'rate', type: 'percent' },
    ],
    labels: 'pipeline:ownerType',
    chart: ['won', 'lost'],
  },
  hitRateByCategory: {
    measures: [
      { key: 'won', type: 'number' },
      { key: 'lost', type: 'number' },
      { key: 'rate', type: 'percent' },
    ],
    labels: 'pipeline:projectCategory',
    chart: ['won', 'lost'],
  },
  funnel: {
    measures: [
      { key: 'count', type: 'number' },
      { key: 'rate', type: 'percent' },
    ],
    labels: 'reports:rows',
    chart: ['count'],
  },
  projectsByMonth: {
    measures: [
      { key: 'active', type: 'number' },
      { key: 'completed', type: 'number' },
      { key: 'archived', type: 'number' },
    ],
    labels: 'none',
    chart: ['active', 'completed', 'archived'],
  },
  projectsByCategory: {
    measures: [
      { key: 'active', type: 'number' },
      { key: 'completed', type: 'number' },
      { key: 'archived', type: 'number' },
    ],
    labels: 'pipeline:projectCategory',
    chart: ['active', 'completed', 'archived'],
  },
  revenue: {
    measures: [
      { key: 'count', type: 'number' },
      { key: 'amount', type: 'money' },
    ],
    labels: 'reports:rows',
    chart: ['amount'],
  },
  capacityByWorkGroup: {
    measures: [
      { key: 'capacity', type: 'days' },
      { key: 'booked', type: 'days' },
      { key: 'absent', type: 'days' },
      { key: 'use', type: 'percent' },
    ],
    labels: 'common:workGroups',
    chart: ['booked', 'absent'],
  },
  serviceVisits: {
    measures: [{ key: 'count', type: 'number' }],
    labels: 'reports:rows',
    chart: ['count'],
  },
  deviationsByCategory: {
    measures: [
      { key: 'count', type: 'number' },
      { key: 'open', type: 'number' },
      { key: 'cost', type: 'money' },
    ],
    labels: 'quality:categories',
    chart: ['count'],
  },
} as const satisfies Record<
  string,
  { measures: readonly ReportMeasure[]; labels: string; chart: readonly string[] }
>;
export type ReportKey = keyof typeof REPORTS;
export const REPORT_KEYS = Object.keys(REPORTS) as ReportKey[];
export type ReportMeasureKey<R extends ReportKey> = (typeof REPORTS)[R]['measures'][number]['key'];

/** A row's key when what it groups by is empty (no category, no owner type, no work group). */
export const REPORT_NONE_KEY = 'none';

export const reportRowDtoSchema = z.object({
  /** What the row groups by: a status id, a code, a month `2026-11`, a year `2026`, or a fixed key. */
  key: z.string(),
  /** The row's name when the server knows it (an offer status's name); else from `labels`. */
  label: z.string().nullable(),
  values: z.record(z.string(), z.number().nullable()),
});
export type ReportRowDto = z.output<typeof reportRowDtoSchema>;

export const reportDtoSchema = z.object({
  report: z.enum(REPORT_KEYS),
  period: z.enum(REPORT_PERIODS),
  from: z.string().nullable(),
  to: z.string().nullable(),
  /**
   * False when the module behind the report has nothing to count yet (no service items): the screen
   * says so instead of drawing an empty chart.
   */
  isAvailable: z.boolean(),
  rows: z.array(reportRowDtoSchema),
  /** The sum of each count and amount column; a rate over the totals. */
  totals: z.record(z.string(), z.number().nullable()),
});
export type ReportDto = z.output<typeof reportDtoSchema>;

/** GET /reports/<report>. */
export const reportPath = (report: ReportKey) => `/reports/${report}`;
/** POST /reports/<report>/export: the report's table as a file. */
export const reportExportPath = (report: ReportKey) => `/reports/${report}/export`;

export const reportExportRequestSchema = z.object({
  format: z.enum(EXPORT_FORMATS),
  locale: z.enum(LOCALES).default('en'),
  period: reportPeriodSchema.prefault({}),
});
export type ReportExportRequest = z.input<typeof reportExportRequestSchema>;

/** Whole per cent of part in whole; null when the whole is nothing. */
export const percentOf = (part: number, whole: number): number | null =>
  whole === 0 ? null : Math.round((part / whole) * 100);

/**
 * The project list a row of the project reports stands for: everyone's projects, every state, the
 * delivery dates of the row's month or year (within the period). The server counts under exactly these
 * filters (over the list's defaults); the screen links the row to the list with them.
 */
export const reportProjectList = (range: ReportRange, rowKey?: string) => {
  const bounds =
    rowKey && /^\d{4}(-\d{2})?$/.test(rowKey)
      ? rowKey.length === 4
        ? { from: `${rowKey}-01-01`, to: `${rowKey}-12-31` }
        : {
            from: `${rowKey}-01`,
            to: `${rowKey}-${pad(lastDayOf(Number(rowKey.slice(0, 4)), Number(rowKey.slice(5, 7))))}`,
          }
      : { from: null, to: null };
  const later = (a: string | null, b: string | null) => (a && b ? (a > b ? a : b) : (a ?? b));
  const earlier = (a: string | null, b: string | null) => (a && b ? (a < b ? a : b) : (a ?? b));
  return {
    who: 'alle' as const,
    status: 'all' as const,
    fromDate: later(range.from, bounds.from),
    toDate: earlier(range.to, bounds.to),
  };
};

/** The invoice list filter each revenue row counts as (none for "invoiced": the list has no such filter). */
export const REPORT_INVOICE_FILTERS = {
  paid: 'paid',
  notSent: 'notSent',
  unpaid: 'unpaid',
  pastDue: 'pastDue',
} as const;
