import type { DeviationActionDto, DeviationDto, QualityHistoryDto } from '@karm/domain/contract';
import { isActionOverdue } from '@karm/domain/rules';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import { todayIn } from '../../platform/clock';
import type { AppContext } from '../../platform/context';
import type { Executor } from '../../platform/db/client';
import { userNamesByIds } from '../auth/users.repository';
import { projectsForPlanner } from '../projects/projects-for-planner';
import { deviationActions, deviationHistory, type deviations } from './quality.tables';

export type DeviationRow = typeof deviations.$inferSelect;
export type ActionRow = typeof deviationActions.$inferSelect;

export const actionsOf = async (db: Executor, companyId: string, ids: string[]) =>
  ids.length === 0
    ? []
    : db
        .select()
        .from(deviationActions)
        .where(and(eq(deviationActions.companyId, companyId), inArray(deviationActions.deviationId, ids)))
        .orderBy(asc(deviationActions.position));

/** Deviations as the client reads them: names of the people, the project's number and name, actions. */
export const deviationDtos = async (
  ctx: AppContext,
  companyId: string,
  rows: DeviationRow[],
): Promise<DeviationDto[]> => {
  if (rows.length === 0) return [];
  const actions = await actionsOf(
    ctx.db,
    companyId,
    rows.map((row) => row.id),
  );
  const personIds = [
    ...rows.flatMap((row) => [row.reportedBy, row.handlerId]),
    ...actions.map((action) => action.responsibleId),
  ].filter((id): id is string => id !== null);
  const [names, projects] = await Promise.all([
    userNamesByIds(ctx.db, personIds),
    projectsForPlanner(
      ctx.db,
      companyId,
      rows.flatMap((row) => (row.projectId ? [row.projectId] : [])),
    ),
  ]);
  const projectById = new Map(projects.map((project) => [project.id, project]));
  const today = todayIn(ctx.clock);
  const nameOf = (id: string | null) => (id ? (names.get(id) ?? null) : null);
  const actionDto = (action: ActionRow): DeviationActionDto => ({
    id: action.id,
    description: action.description,
    kind: action.kind,
    responsibleId: action.responsibleId,
    responsibleName: nameOf(action.responsibleId),
    dueDate: action.dueDate,
    isDone: action.isDone,
    doneAt: action.doneAt?.toISOString() ?? null,
    isOverdue: isActionOverdue(action, today),
  });
  return rows.map((row) => {
    const own = actions.filter((action) => action.deviationId === row.id).map(actionDto);
    const project = row.projectId ? projectById.get(row.projectId) : undefined;
    return {
      id: row.id,
      number: row.number,
      title: row.title,
      description: row.description,
      category: row.category,
      severity: row.severity,
      status: row.status,
      date: row.date,
      projectId: row.projectId,
      projectNumber: project?.number ?? null,
      projectName: project?.name ?? null,
      serviceItemId: row.serviceItemId,
      product: row.product,
      supplier: row.supplier,
      pictureIds: row.pictureIds,
      reportedById: row.reportedBy,
      reportedByName: nameOf(row.reportedBy),
      reportedAt: row.reportedAt.toISOString(),
      handlerId: row.handlerId,
      handlerName: nameOf(row.handlerId),
      rootCause: row.rootCause,
      costOre: row.costOre,
      actions: own,
      hasOverdueActions: own.some((action) => action.isOverdue),
      closedAt: row.closedAt?.toISOString() ?? null,
      version: row.version,
    };
  });
};

/** A deviation's history, newest first, with who did it. */
export const deviationHistoryDtos = async (
  db: Executor,
  companyId: string,
  deviationId: string,
): Promise<QualityHistoryDto[]> => {
  const rows = await db
    .select()
    .from(deviationHistory)
    .where(and(eq(deviationHistory.companyId, companyId), eq(deviationHistory.deviationId, deviationId)))
    .orderBy(desc(deviationHistory.at), desc(deviationHistory.id));
  const names = await userNamesByIds(
    db,
    rows.flatMap((row) => (row.userId ? [row.userId] : [])),
  );
  return rows.map((row) => ({
    id: row.id,
    at: row.at.toISOString(),
    userName: row.userId ? (names.get(row.userId) ?? null) : null,
    action: row.action,
    changes: row.changes,
  }));
};
