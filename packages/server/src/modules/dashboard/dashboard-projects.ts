import {
  DASHBOARD_PROJECT_LISTS,
  type DashboardCompletionDto,
  type DashboardCompletionQuery,
  type DashboardProjectsDto,
} from '@karm/domain/contract';
import {
  completionRate,
  DEFAULT_DASHBOARD_PERIOD,
  DEFAULT_PROJECT_FILTERS,
  PROJECT_GROUPS,
  PROJECT_STATES,
  type ProjectFilters,
  periodRange,
  trendBucketOf,
} from '@karm/domain/rules';
import { todayIn } from '../../platform/clock';
import type { Actor, AppContext } from '../../platform/context';
import { projectCompletionTrend, projectListTotal } from '../projects/project-dashboard';

/** The list's filters as the projects screen opens them from a dashboard link. */
export const listFilters = (changes: Partial<ProjectFilters>): ProjectFilters => ({
  ...DEFAULT_PROJECT_FILTERS,
  ...changes,
});

const countEach = async <Key extends string>(
  keys: readonly Key[],
  count: (key: Key) => Promise<number>,
): Promise<Record<Key, number>> =>
  Object.fromEntries(await Promise.all(keys.map(async (key) => [key, await count(key)] as const))) as Record<
    Key,
    number
  >;

/** The project status overview: active, completed, archived and the four dashboard groups. */
export const dashboardProjects = async (ctx: AppContext, actor: Actor): Promise<DashboardProjectsDto> => {
  const total = (changes: Partial<ProjectFilters>) => projectListTotal(ctx, actor, listFilters(changes));
  const [states, groups] = await Promise.all([
    countEach(PROJECT_STATES, (state) => total(DASHBOARD_PROJECT_LISTS.state(state))),
    countEach(PROJECT_GROUPS, (group) => total(DASHBOARD_PROJECT_LISTS.group(group))),
  ]);
  return { today: todayIn(ctx.clock), states, groups };
};

/**
 * The completion rate: projects due in the period (delivery date come) and how many are completed.
 * Read once, as the trend: its buckets hold every project of the due list (the period always ends
 * today, so every one has a delivery date and a bucket), and the completed list is the due list's
 * completed projects — so the two totals are the buckets' sums, not two more counts of 100 000 rows.
 */
export const dashboardCompletion = async (
  ctx: AppContext,
  actor: Actor,
  query: DashboardCompletionQuery,
): Promise<DashboardCompletionDto> => {
  const period = query.period ?? DEFAULT_DASHBOARD_PERIOD;
  const range = periodRange(period, todayIn(ctx.clock));
  const trend = await projectCompletionTrend(
    ctx,
    actor,
    listFilters(DASHBOARD_PROJECT_LISTS.due(range)),
    trendBucketOf(period),
  );
  const due = trend.reduce((sum, bucket) => sum + bucket.due, 0);
  const completed = trend.reduce((sum, bucket) => sum + bucket.completed, 0);
  return {
    period,
    from: range.from,
    to: range.to,
    due,
    completed,
    rate: completionRate(completed, due),
    trend,
  };
};
