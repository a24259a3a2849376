/**
 * The dashboard's graph periods (SPEC §9 "default graph period: All Years"): all years, or the
 * current year, quarter or month up to today. Projects are "due" in a period when their delivery
 * date lies in it and has come (on or before today).
 */
export const DASHBOARD_PERIODS = ['all', 'year', 'quarter', 'month'] as const;
export type DashboardPeriod = (typeof DASHBOARD_PERIODS)[number];
export const DEFAULT_DASHBOARD_PERIOD: DashboardPeriod = 'all';

export type DateRange = { from: string | null; to: string };

export const periodRange = (period: DashboardPeriod, today: string): DateRange => {
  const year = today.slice(0, 4);
  const month = Number(today.slice(5, 7));
  switch (period) {
    case 'all':
      return { from: null, to: today };
    case 'year':
      return { from: `${year}-01-01`, to: today };
    case 'quarter': {
      const first = Math.floor((month - 1) / 3) * 3 + 1;
      return { from: `${year}-${String(first).padStart(2, '0')}-01`, to: today };
    }
    case 'month':
      return { from: `${today.slice(0, 7)}-01`, to: today };
  }
};

/** The trend's buckets: years over all years, months otherwise. */
export const trendBucketOf = (period: DashboardPeriod): 'year' | 'month' =>
  period === 'all' ? 'year' : 'month';

/** Completed as a share of due, in whole per cent; null when nothing was due. */
export const completionRate = (completed: number, due: number): number | null =>
  due === 0 ? null : Math.round((completed / due) * 100);
