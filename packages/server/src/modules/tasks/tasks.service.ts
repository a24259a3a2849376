import {
  type Page,
  TASK_PUSHES,
  type TaskDto,
  type TaskEntityType,
  type TasksChangedPush,
  type taskCreateSchema,
  type taskListQuerySchema,
  type taskPatchSchema,
} from '@karm/domain/contract';
import { VALIDATION_MESSAGE_KEYS as MESSAGES } from '@karm/domain/rules';
import { and, asc, count, desc, eq, gte, ilike, inArray, lt, lte, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { todayIn } from '../../platform/clock';
import { type Actor, type AppContext, can } from '../../platform/context';
import type { Executor } from '../../platform/db/client';
import { assertReferencesInCompany, type Referable, type Reference } from '../../platform/db/references';
import { containsPattern } from '../../platform/db/search-terms';
import { conflict, forbidden, notFound } from '../../platform/errors';
import { userNamesByIds } from '../auth/users.repository';
import { employeeIdsOfUser, employeeSummaries, userIdsOfEmployees } from '../employees/employees.service';
import { ACTIVE_EMPLOYEES_REFERABLE } from '../employees/employees-for-planner';
import { OFFERS_REFERABLE, offerLabels } from '../offers/offers-referable';
import { PROJECTS_REFERABLE, projectsForPlanner } from '../projects/projects-for-planner';
import { SERVICE_ITEMS_REFERABLE, serviceItemChoices } from '../service-work/service-item-choices';
import { notify } from '../subscriptions/notifications';
import { tasks } from './tasks.tables';

/**
 * Tasks (SPEC §3, §4, §7 REST /tasks). Whoever holds `tasks.write` creates, changes and deletes them;
 * a technician (`tasks.own`) reads the tasks assigned to them and marks those done or undoes it.
 */

type TaskRow = typeof tasks.$inferSelect;
export type TaskValues = z.output<typeof taskCreateSchema>;

export const TASKS_REFERABLE: Referable = { table: tasks, id: tasks.id, companyId: tasks.companyId };

const ENTITY_REFERABLE: Record<TaskEntityType, Referable> = {
  project: PROJECTS_REFERABLE,
  offer: OFFERS_REFERABLE,
  serviceItem: SERVICE_ITEMS_REFERABLE,
};

const entityIdsOf = (rows: readonly TaskRow[], type: TaskEntityType) =>
  rows.flatMap((row) => (row.entityType === type && row.entityId ? [row.entityId] : []));

/** Tasks as the client reads them: with the assignee's name and the number and name of the entity. */
export const taskDtos = async (ctx: AppContext, companyId: string, rows: TaskRow[]): Promise<TaskDto[]> => {
  if (rows.length === 0) return [];
  const [names, projectRows, offerRows, itemRows] = await Promise.all([
    employeeSummaries(
      ctx,
      companyId,
      rows.flatMap((row) => (row.assigneeId ? [row.assigneeId] : [])),
    ),
    projectsForPlanner(ctx.db, companyId, entityIdsOf(rows, 'project')),
    offerLabels(ctx.db, companyId, entityIdsOf(rows, 'offer')),
    serviceItemChoices(ctx.db, companyId, entityIdsOf(rows, 'serviceItem')),
  ]);
  const entities = new Map<string, { number: number; name: string; projectId?: string }>([
    ...[...projectRows, ...offerRows].map((entity) => [entity.id, entity] as const),
    // A service item reads "3 Hovedinngang · 1042 Skole Lørenskog": its number, name and project.
    ...itemRows.map(
      (item) =>
        [
          item.id,
          {
            number: item.number,
            name: `${item.name} · ${item.projectNumber} ${item.projectName}`,
            projectId: item.projectId,
          },
        ] as const,
    ),
  ]);
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    type: row.type,
    entityType: row.entityType,
    entityId: row.entityId,
    entityNumber: row.entityId ? (entities.get(row.entityId)?.number ?? null) : null,
    entityName: row.entityId ? (entities.get(row.entityId)?.name ?? null) : null,
    entityProjectId: row.entityId ? (entities.get(row.entityId)?.projectId ?? null) : null,
    date: row.date,
    description: row.description,
    immediateAction: row.immediateAction,
    assigneeId: row.assigneeId,
    assigneeName: row.assigneeId ? (names.get(row.assigneeId)?.displayName ?? null) : null,
    isDone: row.isDone,
    doneAt: row.doneAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    version: row.version,
  }));
};

const assignedToActor = (db: Executor, actor: Actor) =>
  inArray(tasks.assigneeId, employeeIdsOfUser(db, actor.companyId, actor.userId));

/** Only the actor's own tasks, for a technician; no narrowing for whoever reads all tasks. */
const ownScope = (db: Executor, actor: Actor): SQL | undefined =>
  can(actor, 'tasks.read', 'tasks.write') ? undefined : assignedToActor(db, actor);

/**
 * The tasks the actor may change: any for whoever holds `tasks.write`; otherwise (`tasks.own`) only
 * their own, even when they may read all of them.
 */
const changeScope = (db: Executor, actor: Actor): SQL | undefined =>
  can(actor, 'tasks.write') ? undefined : assignedToActor(db, actor);

const referencesOf = (values: Partial<TaskValues>): Record<string, Reference> => ({
  assigneeId: [ACTIVE_EMPLOYEES_REFERABLE, values.assigneeId],
  ...(values.entityType && { entityId: [ENTITY_REFERABLE[values.entityType], values.entityId] }),
});

export const pushTasksChanged = (
  ctx: AppContext,
  companyId: string,
  ids: string[],
  deleted: string[] = [],
) => {
  if (ids.length > 0)
    ctx.realtime.toCompany(companyId, TASK_PUSHES.changed, { ids, deleted } satisfies TasksChangedPush);
};

/** Inserts tasks inside the caller's transaction, after checking what they point at (push off makes them too). */
export const insertTasks = async (tx: Executor, actor: Actor, values: TaskValues[]) => {
  if (values.length === 0) return [];
  for (const task of values) await assertReferencesInCompany(tx, actor.companyId, referencesOf(task));
  return tx
    .insert(tasks)
    .values(values.map((task) => ({ ...task, companyId: actor.companyId, createdBy: actor.userId })))
    .returning();
};

/** Tells the person a task was given to (not when they gave it to themselves), with the task. */
const notifyAssignee = async (ctx: AppContext, tx: Executor, actor: Actor, row: TaskRow) => {
  if (!row.assigneeId) return;
  const userId = (await userIdsOfEmployees(tx, actor.companyId, [row.assigneeId])).get(row.assigneeId);
  if (!userId || userId === actor.userId) return;
  await notify(ctx, tx, {
    companyId: actor.companyId,
    kind: 'taskAssigned',
    userIds: [userId],
    url: `/tasks?open=${row.id}`,
    facts: async () => ({
      kind: 'taskAssigned',
      name: row.name,
      date: row.date,
      by: (await userNamesByIds(tx, [actor.userId])).get(actor.userId) ?? 'Karm',
    }),
  });
};

/** POST /tasks. */
export const createTask = async (ctx: AppContext, actor: Actor, input: TaskValues) => {
  const [row] = await ctx.db.transaction(async (tx) => {
    const rows = await insertTasks(tx, actor, [input]);
    if (rows[0]) await notifyAssignee(ctx, tx, actor, rows[0]);
    return rows;
  });
  if (!row) throw new Error('Task insert returned nothing');
  pushTasksChanged(ctx, actor.companyId, [row.id]);
  return (await taskDtos(ctx, actor.companyId, [row]))[0]!;
};

const lockOwnTask = async (tx: Executor, actor: Actor, id: string, version: number) => {
  const [row] = await tx
    .select()
    .from(tasks)
    .where(and(eq(tasks.companyId, actor.companyId), eq(tasks.id, id), changeScope(tx, actor)))
    .for('update');
  if (!row) throw notFound('Task');
  if (row.version !== version) throw conflict(MESSAGES.taskChanged, { currentVersion: row.version });
  return row;
};

/** PATCH /tasks/{id}: changes fields, or marks done (`isDone: true`) and undoes it (`false`). */
export const updateTask = async (
  ctx: AppContext,
  actor: Actor,
  id: string,
  input: z.output<typeof taskPatchSchema>,
) => {
  const { isDone, ...fields } = input.changes;
  const changesFields = Object.values(fields).some((value) => value !== undefined);
  // A technician marks their own tasks done or undoes it; changing a task is the planners'.
  if (changesFields && !can(actor, 'tasks.write')) throw forbidden('Only marking done is allowed');
  const row = await ctx.db.transaction(async (tx) => {
    const current = await lockOwnTask(tx, actor, id, input.version);
    const entityType = fields.entityType === undefined ? current.entityType : fields.entityType;
    await assertReferencesInCompany(
      tx,
      actor.companyId,
      referencesOf({ ...fields, entityType, entityId: fields.entityId ?? undefined }),
    );
    const now = ctx.clock.now();
    const doneChanges =
      isDone === undefined || isDone === current.isDone
        ? {}
        : { isDone, doneAt: isDone ? now : null, doneBy: isDone ? actor.userId : null };
    const [updated] = await tx
      .update(tasks)
      .set({ ...fields, ...doneChanges, updatedAt: now, version: current.version + 1 })
      .where(eq(tasks.id, current.id))
      .returning();
    if (updated!.assigneeId !== current.assigneeId) await notifyAssignee(ctx, tx, actor, updated!);
    return updated!;
  });
  pushTasksChanged(ctx, actor.companyId, [row.id]);
  return (await taskDtos(ctx, actor.companyId, [row]))[0]!;
};

/** Hooks that must let go of a task before it is deleted (the planner's bookings of it). */
type TaskRemovalHook = (tx: Executor, companyId: string, taskId: string, now: Date) => Promise<unknown>;
const taskRemovalHooks: TaskRemovalHook[] = [];
export const registerTaskRemovalHook = (hook: TaskRemovalHook) => {
  taskRemovalHooks.push(hook);
};

/** DELETE /tasks/{id}: the task and its bookings in the planner, in one transaction. */
export const deleteTask = async (ctx: AppContext, actor: Actor, id: string, version: number) => {
  await ctx.db.transaction(async (tx) => {
    const row = await lockOwnTask(tx, actor, id, version);
    for (const hook of taskRemovalHooks) await hook(tx, actor.companyId, row.id, ctx.clock.now());
    await tx.delete(tasks).where(eq(tasks.id, row.id));
  });
  pushTasksChanged(ctx, actor.companyId, [id], [id]);
  return { id };
};

const searchOf = (term: string) => {
  const pattern = containsPattern(term);
  return or(
    ilike(tasks.name, pattern),
    ilike(tasks.description, pattern),
    ilike(tasks.immediateAction, pattern),
  );
};

/** GET /tasks/{id}: one task as the actor may read it (the task drawer re-reads it after a conflict). */
export const getTask = async (ctx: AppContext, actor: Actor, id: string) => {
  const [row] = await ctx.db
    .select()
    .from(tasks)
    .where(and(eq(tasks.companyId, actor.companyId), eq(tasks.id, id), ownScope(ctx.db, actor)));
  if (!row) throw notFound('Task');
  return (await taskDtos(ctx, actor.companyId, [row]))[0]!;
};

/** GET /tasks: by filter, paged; pending ones by date, done ones newest done first. */
export const listTasks = async (
  ctx: AppContext,
  actor: Actor,
  query: z.output<typeof taskListQuerySchema>,
): Promise<Page<TaskDto>> => {
  const today = todayIn(ctx.clock);
  const byFilter = {
    all: eq(tasks.isDone, false),
    mine: and(eq(tasks.isDone, false), assignedToActor(ctx.db, actor)),
    overdue: and(eq(tasks.isDone, false), lt(tasks.date, today)),
    done: eq(tasks.isDone, true),
  }[query.filter];
  const where = and(
    eq(tasks.companyId, actor.companyId),
    byFilter,
    ownScope(ctx.db, actor),
    query.entityId ? eq(tasks.entityId, query.entityId) : undefined,
    query.search ? searchOf(query.search) : undefined,
  );
  const order =
    query.filter === 'done' ? [desc(tasks.doneAt), desc(tasks.id)] : [asc(tasks.date), asc(tasks.id)];
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select()
      .from(tasks)
      .where(where)
      .orderBy(...order)
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    ctx.db.select({ count: count() }).from(tasks).where(where),
  ]);
  return {
    items: await taskDtos(ctx, actor.companyId, rows),
    total: total?.count ?? 0,
    page: query.page,
    pageSize: query.pageSize,
  };
};

/** Tasks dated from `from` to `to` (the planner's two weeks), within the actor's scope. */
export const tasksBetween = async (ctx: AppContext, actor: Actor, from: string, to: string) =>
  taskDtos(
    ctx,
    actor.companyId,
    await ctx.db
      .select()
      .from(tasks)
      .where(
        and(
          eq(tasks.companyId, actor.companyId),
          gte(tasks.date, from),
          lte(tasks.date, to),
          // A technician's planner shows their own tasks; planners and readers see all.
          can(actor, 'tasks.read', 'tasks.write', 'planner.read')
            ? undefined
            : assignedToActor(ctx.db, actor),
        ),
      )
      .orderBy(asc(tasks.date), asc(tasks.id)),
  );

/** Task names by id (the dashboard's work status names the tasks people are booked on). */
export const taskNamesByIds = async (db: Executor, companyId: string, ids: readonly string[]) => {
  if (ids.length === 0) return new Map<string, string>();
  const rows = await db
    .select({ id: tasks.id, name: tasks.name })
    .from(tasks)
    .where(and(eq(tasks.companyId, companyId), inArray(tasks.id, [...ids])));
  return new Map(rows.map((row) => [row.id, row.name]));
};

/** The task types a service worker is sent out for (the dispatch list of service work). */
const SERVICE_TASK_TYPES = ['service-item-emergency', 'service-item'] as const;

/**
 * Open service tasks of the company as a subquery of dispatch keys (`kind`, `id`, `date` as text),
 * for service work's dispatch list to page together with its own entries. Tasks about one of
 * `exceptServiceItems` (a subquery of service item ids the list shows already) are left out.
 */
export const openServiceTaskKeys = (
  db: Executor,
  companyId: string,
  options: { search?: string; exceptServiceItems?: SQL; exceptTasks?: SQL },
) =>
  db
    .select({
      kind: sql<string>`'task'`.as('kind'),
      id: tasks.id,
      date: sql<string>`${tasks.date}::text`.as('date'),
    })
    .from(tasks)
    .where(
      and(
        eq(tasks.companyId, companyId),
        eq(tasks.isDone, false),
        inArray(tasks.type, [...SERVICE_TASK_TYPES]),
        options.search ? searchOf(options.search) : undefined,
        options.exceptServiceItems
          ? // "is not distinct from": a task about nothing (null) must stay, which "=" would make unknown.
            sql`not (${tasks.entityType} is not distinct from 'serviceItem' and coalesce(${tasks.entityId} in (${options.exceptServiceItems}), false))`
          : undefined,
        options.exceptTasks ? sql`${tasks.id} not in (${options.exceptTasks})` : undefined,
      ),
    );

/** The given tasks of the company as the client reads them. */
export const tasksByIds = async (ctx: AppContext, companyId: string, ids: readonly string[]) =>
  ids.length === 0
    ? []
    : taskDtos(
        ctx,
        companyId,
        await ctx.db
          .select()
          .from(tasks)
          .where(and(eq(tasks.companyId, companyId), inArray(tasks.id, [...ids]))),
      );

/**
 * In the caller's transaction: the worker booked for a task becomes its assignee (issue 14: booking
 * from dispatch or accepting a suggested plan names who does it). Answers whether it changed, so the
 * caller pushes the task after the commit; a task of another company or already done is left alone.
 */
export const assignTaskInTransaction = async (
  tx: Executor,
  companyId: string,
  taskId: string,
  employeeId: string,
  now: Date,
) => {
  const changed = await tx
    .update(tasks)
    .set({ assigneeId: employeeId, updatedAt: now, version: sql`${tasks.version} + 1` })
    .where(
      and(
        eq(tasks.companyId, companyId),
        eq(tasks.id, taskId),
        eq(tasks.isDone, false),
        sql`${tasks.assigneeId} is distinct from ${employeeId}`,
      ),
    )
    .returning({ id: tasks.id });
  return changed.length > 0;
};

/** The open tasks about a service item (an emergency item's task), oldest first. */
export const openTaskIdsAboutServiceItem = async (db: Executor, companyId: string, serviceItemId: string) =>
  (
    await db
      .select({ id: tasks.id })
      .from(tasks)
      .where(
        and(
          eq(tasks.companyId, companyId),
          eq(tasks.isDone, false),
          eq(tasks.entityType, 'serviceItem'),
          eq(tasks.entityId, serviceItemId),
        ),
      )
      .orderBy(asc(tasks.createdAt))
  ).map((row) => row.id);
