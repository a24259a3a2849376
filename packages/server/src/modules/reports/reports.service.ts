import {
  percentOf,
  REPORTS,
  type ReportDto,
  type ReportKey,
  type ReportPeriodValue,
  type ReportRange,
  type ReportRowDto,
  reportRange,
} from '@karm/domain/contract';
import { todayIn } from '../../platform/clock';
import type { Actor, AppContext } from '../../platform/context';
import { revenueReport } from '../invoices/invoice-reports';
import { funnelReport, hitRateReport, offersByStatusReport } from '../offers/offer-reports';
import { capacityByWorkGroupReport } from '../planner/planner-reports';
import { projectsByStateReport } from '../projects/project-reports';
import { deviationsByCategoryReport } from '../quality/deviation-reports';
import { serviceVisitsReport } from '../service-work/service-reports';

type Rows = ReportRowDto[];
type Read = (
  ctx: AppContext,
  actor: Actor,
  range: ReportRange,
) => Promise<Rows | { isAvailable: boolean; rows: Rows }>;

/** Reports whose rows overlap or follow one another (a funnel, invoiced and of it paid): no sum. */
const WITHOUT_TOTAL: ReadonlySet<ReportKey> = new Set(['funnel', 'revenue']);

/** The per cent columns, from a row's counts (the same rule for each row and the total row). */
const RATES: Partial<
  Record<
    ReportKey,
    (
      values: Record<string, number | null>,
      first: Record<string, number | null> | undefined,
    ) => Record<string, number | null>
  >
> = {
  hitRateByOwnerType: (v) => ({ rate: percentOf(v.won ?? 0, (v.won ?? 0) + (v.lost ?? 0)) }),
  hitRateByCategory: (v) => ({ rate: percentOf(v.won ?? 0, (v.won ?? 0) + (v.lost ?? 0)) }),
  funnel: (v, first) => ({ rate: percentOf(v.count ?? 0, first?.count ?? 0) }),
  capacityByWorkGroup: (v) => ({ use: percentOf(v.booked ?? 0, (v.capacity ?? 0) - (v.absent ?? 0)) }),
};

/** Where each report's rows come from: the module that owns the records counts them. */
const READERS: Record<ReportKey, Read> = {
  offersByStatus: (ctx, actor, range) => offersByStatusReport(ctx, actor.companyId, range),
  hitRateByOwnerType: (ctx, actor, range) => hitRateReport(ctx, actor.companyId, range, 'ownerType'),
  hitRateByCategory: (ctx, actor, range) => hitRateReport(ctx, actor.companyId, range, 'projectCategory'),
  funnel: (ctx, actor, range) => funnelReport(ctx, actor.companyId, range),
  // Over All Years a bar per year, otherwise per month (the dashboard's trend does the same).
  projectsByMonth: (ctx, actor, range) =>
    projectsByStateReport(ctx, actor, range, range.from === null ? 'year' : 'month'),
  projectsByCategory: (ctx, actor, range) => projectsByStateReport(ctx, actor, range, 'category'),
  revenue: (ctx, actor, range) => revenueReport(ctx, actor.companyId, range),
  capacityByWorkGroup: (ctx, actor, range) => capacityByWorkGroupReport(ctx, actor.companyId, range),
  serviceVisits: (ctx, actor, range) => serviceVisitsReport(ctx, actor.companyId, range),
  deviationsByCategory: (ctx, actor, range) => deviationsByCategoryReport(ctx, actor.companyId, range),
};

const withRates = (report: ReportKey, rows: Rows): Rows => {
  const rate = RATES[report];
  if (!rate) return rows;
  const first = rows[0]?.values;
  return rows.map((row) => ({ ...row, values: { ...row.values, ...rate(row.values, first) } }));
};

/** Each count, amount and day column summed; the rates over the sums. */
const totalsOf = (report: ReportKey, rows: Rows): Record<string, number | null> => {
  const measures = REPORTS[report].measures;
  if (WITHOUT_TOTAL.has(report)) return Object.fromEntries(measures.map(({ key }) => [key, null]));
  const sums: Record<string, number | null> = Object.fromEntries(
    measures
      .filter(({ type }) => type !== 'percent')
      .map(({ key }) => [key, rows.reduce((sum, row) => sum + (row.values[key] ?? 0), 0)]),
  );
  return { ...sums, ...RATES[report]?.(sums, sums) };
};

/** GET /reports/<report>: the report's rows for the period, with rates and totals. */
export const readReport = async (
  ctx: AppContext,
  actor: Actor,
  report: ReportKey,
  period: ReportPeriodValue,
): Promise<ReportDto> => {
  const range = reportRange(period, todayIn(ctx.clock));
  const read = await READERS[report](ctx, actor, range);
  const { isAvailable, rows } = Array.isArray(read) ? { isAvailable: true, rows: read } : read;
  const rated = withRates(report, rows);
  return {
    report,
    period: period.period,
    from: range.from,
    to: range.to,
    isAvailable,
    rows: rated,
    totals: totalsOf(report, rated),
  };
};
