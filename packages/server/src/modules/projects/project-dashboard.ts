import type { ProjectChangeDto } from '@karm/domain/contract';
import type { ProjectFilters } from '@karm/domain/rules';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Actor, AppContext } from '../../platform/context';
import { userNamesByIds } from '../auth/users.repository';
import { countedCompletionTrend, deliveryBucket } from './project-counts';
import { projectFilterQueries, projectListCondition } from './project-filter';
import { projectHistory, projects } from './projects.tables';

/**
 * What the dashboard reads of projects. Counts go through the project list's own filter (the
 * dashboard's figures are the totals of the lists its cards open); only the list's total statement
 * runs — the page of rows it also describes is never awaited, so never sent.
 */
export const projectListTotal = async (ctx: AppContext, actor: Actor, filters: ProjectFilters) => {
  const { total } = await projectFilterQueries(ctx, actor, filters);
  const [row] = await total;
  return row?.total ?? 0;
};

/**
 * The completion trend: per year or month of the delivery date, the projects due and how many of
 * them are completed, under the same condition as the list (so the buckets add up to its total) —
 * from the kept delivery counts when they answer it.
 */
export const projectCompletionTrend = async (
  ctx: AppContext,
  actor: Actor,
  filters: ProjectFilters,
  bucket: 'year' | 'month',
) => {
  const { where, readScope } = await projectListCondition(ctx, actor, filters);
  const number = deliveryBucket(projects.deliveryDate, bucket);
  const rows = await (countedCompletionTrend(
    ctx.db,
    actor.companyId,
    filters,
    readScope === undefined,
    bucket,
  ) ??
    ctx.db
      .select({
        number: number.mapWith(Number),
        due: count(),
        completed: sql<number>`count(*) filter (where ${projects.state} = 'completed')`.mapWith(Number),
      })
      .from(projects)
      .where(where)
      .groupBy(number)
      .orderBy(number));
  return rows.map((row) => ({
    bucket:
      bucket === 'year'
        ? String(row.number)
        : `${Math.floor(row.number / 100)}-${String(row.number % 100).padStart(2, '0')}`,
    due: row.due,
    completed: row.completed,
  }));
};

const changedFields = (action: string, changes: Record<string, unknown>) =>
  action === 'updated' ? Object.keys(changes) : [];

/** The company's latest project history rows, newest first (served by project_history_company_latest_idx, which matches its order). */
export const latestProjectChanges = async (
  ctx: AppContext,
  companyId: string,
  limit: number,
): Promise<ProjectChangeDto[]> => {
  const rows = await ctx.db
    .select({
      id: projectHistory.id,
      projectId: projectHistory.projectId,
      userId: projectHistory.userId,
      action: projectHistory.action,
      changes: projectHistory.changes,
      at: projectHistory.at,
      projectNumber: projects.number,
      projectName: projects.name,
    })
    .from(projectHistory)
    .innerJoin(projects, eq(projects.id, projectHistory.projectId))
    .where(and(eq(projectHistory.companyId, companyId), eq(projects.companyId, companyId)))
    .orderBy(desc(projectHistory.at), desc(projectHistory.id))
    .limit(limit);
  const names = await userNamesByIds(
    ctx.db,
    rows.flatMap((row) => (row.userId ? [row.userId] : [])),
  );
  return rows.map((row) => ({
    id: row.id,
    projectId: row.projectId,
    projectNumber: row.projectNumber,
    projectName: row.projectName,
    userName: row.userId ? (names.get(row.userId) ?? null) : null,
    action: row.action,
    fields: changedFields(row.action, row.changes),
    at: row.at.toISOString(),
  }));
};
