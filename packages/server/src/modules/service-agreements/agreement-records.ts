import {
  SERVICE_AGREEMENT_PUSHES,
  type ServiceAgreementDto,
  type ServiceAgreementsChangedPush,
  TASK_LIMITS,
} from '@karm/domain/contract';
import { VALIDATION_MESSAGE_KEYS as MESSAGES } from '@karm/domain/rules';
import { and, eq } from 'drizzle-orm';
import { type Actor, type AppContext, administrativeActor } from '../../platform/context';
import type { Executor } from '../../platform/db/client';
import { assertReferencesInCompany, type Referable } from '../../platform/db/references';
import { conflict, notFound, validationError } from '../../platform/errors';
import { employeeSummaries } from '../employees/employees.service';
import { ACTIVE_EMPLOYEES_REFERABLE } from '../employees/employees-for-planner';
import {
  dropSuggestionsOfTasks,
  pushSuggestions,
  suggestionsOfTasks,
  suggestVisitPlans,
} from '../planner/plan-suggestions';
import { projectsForPlanner } from '../projects/projects-for-planner';
import { listServiceItems } from '../service-work/service-items.service';
import { deleteTask, getTask, insertTasks, pushTasksChanged, updateTask } from '../tasks/tasks.service';
import { serviceAgreementHistory, serviceAgreements } from './service-agreements.tables';

/**
 * What every use case of service agreements shares: the answer's shape, the checks of what an
 * agreement points at, the lock at the version read, the history row, and the visit's tasks.
 */

export type AgreementRow = typeof serviceAgreements.$inferSelect;
export type Changes = Record<string, { from: unknown; to: unknown }>;

/** Service workers are active employees of the company (from `GET employee/service`). */
const SERVICE_WORKERS_REFERABLE: Referable = {
  ...ACTIVE_EMPLOYEES_REFERABLE,
  message: MESSAGES.serviceWorkerUnknown,
};

/** Checks, in the caller's transaction, that the workers are the company's and the items the project's. */
export const assertAgreementReferences = async (
  ctx: AppContext,
  tx: Executor,
  actor: Actor,
  projectId: string,
  values: { serviceWorkerIds?: readonly string[]; itemIds?: readonly string[] },
) => {
  await assertReferencesInCompany(
    tx,
    actor.companyId,
    Object.fromEntries(
      (values.serviceWorkerIds ?? []).map((id, index) => [
        `serviceWorkerIds.${index}`,
        [SERVICE_WORKERS_REFERABLE, id] as const,
      ]),
    ),
  );
  // Service work's own use case answers the project's items (and refuses a project of another company).
  const items = await listServiceItems({ ...ctx, db: tx as AppContext['db'] }, actor, projectId);
  const onProject = new Set(items.map((item) => item.id));
  const fields: Record<string, string> = {};
  for (const [index, id] of (values.itemIds ?? []).entries()) {
    if (!onProject.has(id)) fields[`itemIds.${index}`] = MESSAGES.serviceItemNotOnProject;
  }
  if (Object.keys(fields).length > 0) throw validationError(fields);
  return onProject;
};

export const readAgreement = async (db: Executor, companyId: string, id: string) => {
  const [row] = await db
    .select()
    .from(serviceAgreements)
    .where(and(eq(serviceAgreements.companyId, companyId), eq(serviceAgreements.id, id)));
  if (!row) throw notFound('Service agreement');
  return row;
};

/** The agreement, locked, of this company and at the version the client read. */
export const lockAgreement = async (tx: Executor, companyId: string, id: string, version: number) => {
  const [row] = await tx
    .select()
    .from(serviceAgreements)
    .where(and(eq(serviceAgreements.companyId, companyId), eq(serviceAgreements.id, id)))
    .for('update');
  if (!row) throw notFound('Service agreement');
  if (row.version !== version) {
    throw conflict(MESSAGES.serviceAgreementChanged, { currentVersion: row.version });
  }
  return row;
};

export const writeHistory = (
  tx: Executor,
  actor: Actor,
  agreementId: string,
  action: 'created' | 'updated' | 'visitDone' | 'priceIndexed',
  changes: Changes,
  at: Date,
) =>
  tx.insert(serviceAgreementHistory).values({
    companyId: actor.companyId,
    agreementId,
    userId: actor.userId,
    action,
    changes,
    at,
  });

export const agreementDtos = async (
  ctx: AppContext,
  companyId: string,
  rows: AgreementRow[],
  itemsOnProject?: ReadonlySet<string>,
): Promise<ServiceAgreementDto[]> => {
  const names = await employeeSummaries(
    ctx,
    companyId,
    rows.flatMap((row) => row.serviceWorkerIds),
  );
  return rows.map((row) => ({
    id: row.id,
    projectId: row.projectId,
    serviceWorkers: row.serviceWorkerIds.map((id) => names.get(id) ?? { id, displayName: '' }),
    interval: row.interval,
    startDate: row.startDate,
    pricePerVisitOre: row.pricePerVisitOre,
    pricePerYearOre: row.pricePerYearOre,
    itemIds: itemsOnProject ? row.itemIds.filter((id) => itemsOnProject.has(id)) : row.itemIds,
    contactName: row.contactName,
    contactEmail: row.contactEmail,
    contactPhone: row.contactPhone,
    lastVisitDate: row.lastVisitDate,
    nextVisitDate: row.nextVisitDate,
    createdAt: row.createdAt.toISOString(),
    version: row.version,
  }));
};

/**
 * The tasks of an agreement's next visit, made in the caller's transaction: one per service worker
 * (one for nobody when it has none), of type service item, about the project, on the visit's date.
 */
export const insertVisitTasks = async (ctx: AppContext, tx: Executor, actor: Actor, row: AgreementRow) => {
  if (row.nextVisitDate === null) return [];
  const [project] = await projectsForPlanner(tx, actor.companyId, [row.projectId]);
  const name = `Service visit: ${project ? `${project.number} ${project.name}` : ''}`.slice(
    0,
    TASK_LIMITS.name,
  );
  const assignees = row.serviceWorkerIds.length > 0 ? row.serviceWorkerIds : [null];
  const created = await insertTasks(
    tx,
    actor,
    assignees.map((assigneeId) => ({
      name,
      type: 'service-item' as const,
      entityType: 'project' as const,
      entityId: row.projectId,
      date: row.nextVisitDate as string,
      description: '',
      immediateAction: '',
      assigneeId,
    })),
  );
  // Each worker's task is suggested in their plan (issue 14/19); announceAgreements pushes them.
  await suggestVisitPlans(
    ctx,
    tx,
    actor.companyId,
    created.flatMap((task) =>
      task.assigneeId
        ? [
            {
              taskId: task.id,
              employeeId: task.assigneeId,
              dueDate: task.date,
              agreementId: row.id,
              projectId: row.projectId,
              title: name,
            },
          ]
        : [],
    ),
  );
  return created.map((task) => task.id);
};

/**
 * After the agreement's transaction: the tasks of the visit that is no longer next are marked done
 * (the visit was made) or removed (its date or workers changed), through the tasks module's own use
 * cases. A task someone already removed or finished is left alone; a failure here is logged, never
 * undoing the agreement. Their suggested plans go first (open planners are told).
 */
export const settleOldVisitTasks = async (
  ctx: AppContext,
  actor: Actor,
  taskIds: readonly string[],
  how: 'done' | 'removed',
) => {
  pushSuggestions(ctx, actor.companyId, [], await dropSuggestionsOfTasks(ctx.db, actor.companyId, taskIds));
  const system = administrativeActor(actor.companyId, actor.userId, actor.sessionId);
  for (const id of taskIds) {
    try {
      const task = await getTask(ctx, system, id);
      if (task.isDone) continue;
      if (how === 'done')
        await updateTask(ctx, system, id, { version: task.version, changes: { isDone: true } });
      else await deleteTask(ctx, system, id, task.version);
    } catch (error) {
      ctx.logger.warn({ err: error, taskId: id }, 'service agreement: could not settle a visit task');
    }
  }
};

export const announceAgreements = async (
  ctx: AppContext,
  companyId: string,
  projectIds: string[],
  newTaskIds: string[],
) => {
  pushSuggestions(ctx, companyId, await suggestionsOfTasks(ctx.db, companyId, newTaskIds), []);
  if (projectIds.length > 0) {
    ctx.realtime.toCompany(companyId, SERVICE_AGREEMENT_PUSHES.changed, {
      projectIds,
    } satisfies ServiceAgreementsChangedPush);
  }
  pushTasksChanged(ctx, companyId, newTaskIds);
};
