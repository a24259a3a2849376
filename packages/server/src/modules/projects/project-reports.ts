import { REPORT_NONE_KEY, type ReportRange, reportProjectList } from '@karm/domain/contract';
import { DEFAULT_PROJECT_FILTERS, PROJECT_STATES, type ProjectFilters } from '@karm/domain/rules';
import { asc, count, sql } from 'drizzle-orm';
import type { Actor, AppContext } from '../../platform/context';
import { projectListCondition } from './project-filter';
import { projects } from './projects.tables';

/**
 * The project list's filters behind a report's figures: everyone's projects, every state, the delivery
 * date within the period — the list a report's bar opens, whose total is the bar's sum.
 */
export const projectReportFilters = (range: ReportRange): ProjectFilters => ({
  ...DEFAULT_PROJECT_FILTERS,
  ...reportProjectList(range),
});

/**
 * Projects per state, grouped by the month (a year over All Years) of the delivery date or by project
 * category, counted under the project list's own condition, so each row adds up to the list's total.
 */
export const projectsByStateReport = async (
  ctx: AppContext,
  actor: Actor,
  range: ReportRange,
  by: 'year' | 'month' | 'category',
) => {
  const { where } = await projectListCondition(ctx, actor, projectReportFilters(range));
  // Literal formats, not parameters: the grouped expression must equal the selected one.
  const key =
    by === 'category'
      ? sql<string | null>`${projects.projectCategory}`
      : sql<
          string | null
        >`to_char(${projects.deliveryDate}, ${sql.raw(by === 'year' ? "'YYYY'" : "'YYYY-MM'")})`;
  const rows = await ctx.db
    .select({
      key,
      ...Object.fromEntries(
        PROJECT_STATES.map((state) => [
          state,
          sql<number>`count(*) filter (where ${projects.state} = ${sql.raw(`'${state}'`)})`.mapWith(Number),
        ]),
      ),
      total: count(),
    })
    .from(projects)
    .where(where)
    .groupBy(key)
    .orderBy(asc(key));
  return rows.map((row) => {
    const values = row as unknown as Record<string, number>;
    return {
      key: (row.key as string | null) ?? REPORT_NONE_KEY,
      label: null,
      values: Object.fromEntries(PROJECT_STATES.map((state) => [state, values[state] ?? 0])),
    };
  });
};
