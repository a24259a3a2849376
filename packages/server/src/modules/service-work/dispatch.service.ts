import type {
  DispatchEntryDto,
  DispatchEntryKind,
  dispatchAssignSchema,
  dispatchQuerySchema,
  Page,
  ServiceItemChoiceDto,
  TaskDto,
} from '@karm/domain/contract';
import { serviceItemLabel } from '@karm/domain/contract';
import type { PlanSubject } from '@karm/domain/rules';
import { and, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { BUSINESS_TIME_ZONE, todayIn } from '../../platform/clock';
import type { Actor, AppContext } from '../../platform/context';
import { containsPattern } from '../../platform/db/search-terms';
import { employeeSummaries } from '../employees/employees.service';
import { dropSuggestionsOfTasks, pushSuggestions } from '../planner/plan-suggestions';
import { bookingsOfSubjects, currentCellVersion } from '../planner/plan-weeks';
import { bookCells, publishBooked } from '../planner/planner.service';
import { serviceProjectIdsMatching } from '../projects/service-projects';
import {
  type DispatchVisit,
  dispatchVisits,
  visitTaskForWorker,
} from '../service-agreements/dispatch-visits';
import {
  assignTaskInTransaction,
  openServiceTaskKeys,
  openTaskIdsAboutServiceItem,
  pushTasksChanged,
  tasksByIds,
} from '../tasks/tasks.service';
import { dueServiceVisitKeys, visitTaskIds } from './dispatch-due-visits';
import { serviceItemChoices } from './service-item-choices';
import { serviceItems } from './service-work.tables';

/**
 * Service assignment (issue 19): the service leader's dispatch list — emergency service items, open
 * service tasks and visits that agreements make due (dispatch-due-visits.ts) — paged on the server as
 * one list, oldest wanted day first; and booking an entry for a service worker on a day, which is
 * the planner's plan:add (its rules: company checks, a day holds at most a whole day unless the
 * overbooking is confirmed, concurrent bookings refused) — nothing of it is repeated here.
 */

type Key = { kind: DispatchEntryKind; id: string; date: string };

const emergencyItemIds = (ctx: AppContext, companyId: string) =>
  ctx.db
    .select({ id: serviceItems.id })
    .from(serviceItems)
    .where(and(eq(serviceItems.companyId, companyId), eq(serviceItems.emergencyType, 'emergency')));

const emergencyKeys = (ctx: AppContext, companyId: string, term: string | undefined) =>
  ctx.db
    .select({
      kind: sql<string>`'emergency'`.as('kind'),
      id: serviceItems.id,
      date: sql<string>`(${serviceItems.createdAt} at time zone ${sql.raw(`'${BUSINESS_TIME_ZONE}'`)})::date::text`.as(
        'date',
      ),
    })
    .from(serviceItems)
    .where(
      and(
        eq(serviceItems.companyId, companyId),
        eq(serviceItems.emergencyType, 'emergency'),
        term
          ? or(
              inArray(serviceItems.projectId, serviceProjectIdsMatching(ctx.db, companyId, term)),
              ilike(serviceItems.name, containsPattern(term)),
              ilike(serviceItems.floor, containsPattern(term)),
            )
          : undefined,
      ),
    );

const rowsOf = async <T>(ctx: AppContext, query: SQL) =>
  ((await ctx.db.execute(query)) as unknown as { rows: T[] }).rows;

const subjectOf = (key: Key): DispatchEntryDto['subject'] =>
  key.kind === 'task'
    ? { kind: 'task', taskId: key.id }
    : key.kind === 'visit'
      ? { kind: 'visit', agreementId: key.id }
      : { kind: 'serviceItem', serviceItemId: key.id };

const entryOf = (
  key: Key,
  item: ServiceItemChoiceDto | null,
  task: TaskDto | undefined,
  visit: DispatchVisit | undefined,
): Omit<DispatchEntryDto, 'bookings'> => {
  if (visit) {
    return {
      kind: key.kind,
      subject: subjectOf(key),
      date: key.date,
      title: visit.projectLabel,
      visit: visit.visit,
      // The first item with a place puts the visit on the map.
      serviceItem: visit.visit.items.find((covered) => covered.location) ?? visit.visit.items[0] ?? null,
      projectId: visit.projectId,
      projectLabel: visit.projectLabel,
      description: '',
    };
  }
  const projectLabel = item
    ? `${item.projectNumber} ${item.projectName}`
    : task?.entityType === 'project' && task.entityNumber !== null
      ? `${task.entityNumber} ${task.entityName ?? ''}`.trim()
      : null;
  return {
    kind: key.kind,
    subject: subjectOf(key),
    date: key.date,
    title: task ? task.name : item ? serviceItemLabel(item) : '',
    visit: null,
    serviceItem: item,
    projectId: item?.projectId ?? (task?.entityType === 'project' ? task.entityId : null),
    projectLabel,
    // An item's floor travels with the item; the description is the task's own text.
    description: task ? [task.description, task.immediateAction].filter(Boolean).join(' — ') : '',
  };
};

/** GET /service-project/dispatch: what needs a service worker, oldest wanted day first, paged. */
export const listDispatch = async (
  ctx: AppContext,
  actor: Actor,
  query: z.output<typeof dispatchQuerySchema>,
): Promise<Page<DispatchEntryDto>> => {
  const { companyId } = actor;
  const today = todayIn(ctx.clock);
  const term = query.search?.trim() || undefined;
  const wanted = (kind: DispatchEntryKind) => query.kind === undefined || query.kind === kind;
  const parts = [
    wanted('emergency') ? emergencyKeys(ctx, companyId, term).getSQL() : null,
    wanted('task')
      ? openServiceTaskKeys(ctx.db, companyId, {
          search: term,
          // An emergency item's own task is the item's entry, not a second one.
          exceptServiceItems: emergencyItemIds(ctx, companyId).getSQL(),
          // A due visit's tasks are the visit's entry, not entries of their own.
          exceptTasks: visitTaskIds(ctx.db, companyId),
        }).getSQL()
      : null,
    wanted('visit') ? dueServiceVisitKeys(ctx.db, companyId, { search: term, today }) : null,
  ].filter((part): part is SQL => part !== null);
  const empty = { items: [], total: 0, page: query.page, pageSize: query.pageSize };
  if (parts.length === 0) return empty;
  const union = sql.join(
    parts.map((part) => sql`(${part})`),
    sql` union all `,
  );
  const [keys, [counted]] = await Promise.all([
    rowsOf<Key>(
      ctx,
      sql`select kind, id, date from (${union}) as entries order by date, kind, id limit ${query.pageSize} offset ${(query.page - 1) * query.pageSize}`,
    ),
    rowsOf<{ total: number }>(ctx, sql`select count(*)::int as total from (${union}) as entries`),
  ]);
  if (keys.length === 0) return { ...empty, total: Number(counted?.total ?? 0) };

  const tasks = await tasksByIds(
    ctx,
    companyId,
    keys.flatMap((key) => (key.kind === 'task' ? [key.id] : [])),
  );
  const taskById = new Map(tasks.map((task) => [task.id, task]));
  const itemIdOf = (key: Key) => {
    if (key.kind === 'visit') return null;
    if (key.kind !== 'task') return key.id;
    const task = taskById.get(key.id);
    return task?.entityType === 'serviceItem' ? task.entityId : null;
  };
  const items = await serviceItemChoices(
    ctx.db,
    companyId,
    keys.flatMap((key) => itemIdOf(key) ?? []),
  );
  const itemById = new Map(items.map((item) => [item.id, item]));
  const visits = await dispatchVisits(
    ctx,
    companyId,
    keys.flatMap((key) => (key.kind === 'visit' ? [key.id] : [])),
    today,
  );
  // A visit is booked as its tasks (one per worker): its bookings are theirs together.
  const subjectsOf = (key: Key): PlanSubject[] =>
    key.kind === 'visit'
      ? (visits.get(key.id)?.visitTaskIds ?? []).map((taskId) => ({ kind: 'task', taskId }))
      : [subjectOf(key) as PlanSubject];
  const bookings = await Promise.all(
    keys.map(async (key) =>
      (await bookingsOfSubjects(ctx.db, companyId, subjectsOf(key), today))
        .flat()
        .sort((a, b) => a.date.localeCompare(b.date)),
    ),
  );

  const names = await employeeSummaries(
    ctx,
    companyId,
    bookings.flat().map((booking) => booking.employeeId),
  );
  return {
    items: keys.map((key, index) => {
      const itemId = itemIdOf(key);
      return {
        ...entryOf(
          key,
          itemId ? (itemById.get(itemId) ?? null) : null,
          taskById.get(key.id),
          key.kind === 'visit' ? visits.get(key.id) : undefined,
        ),
        bookings: (bookings[index] ?? []).map((booking) => ({
          ...booking,
          employeeName: names.get(booking.employeeId)?.displayName ?? '',
        })),
      };
    }),
    total: Number(counted?.total ?? 0),
    page: query.page,
    pageSize: query.pageSize,
  };
};

/**
 * POST /service-project/dispatch/assign: one cell of the planner for the worker and day, booked
 * through plan:add's rules at the cell's version as stored now, and the worker made the assignee of
 * the task behind the entry (issue 14) — the task itself, the emergency item's open task, or the
 * visit's task of that worker — all in one transaction. A booked task's suggested plan goes.
 */
export const assignDispatch = async (
  ctx: AppContext,
  actor: Actor,
  input: z.output<typeof dispatchAssignSchema>,
) => {
  const { companyId } = actor;
  const { cells, changedTaskIds, removedSuggestions } = await ctx.db.transaction(async (tx) => {
    const now = ctx.clock.now();
    let subject: PlanSubject;
    const changedTaskIds: string[] = [];
    let bookedTaskId: string | null;
    if (input.subject.kind === 'visit') {
      const { taskId, changedTaskId } = await visitTaskForWorker(
        ctx,
        tx,
        actor,
        input.subject.agreementId,
        input.employeeId,
      );
      subject = { kind: 'task', taskId };
      if (changedTaskId) changedTaskIds.push(changedTaskId);
      bookedTaskId = taskId;
    } else {
      subject = input.subject;
      // An emergency item's task is its oldest open task about the item.
      bookedTaskId =
        input.subject.kind === 'task'
          ? input.subject.taskId
          : ((await openTaskIdsAboutServiceItem(tx, companyId, input.subject.serviceItemId))[0] ?? null);
    }
    const version = await currentCellVersion(tx, companyId, input.employeeId, input.date);
    // plan:add's checks come first: a task or item of another company is refused before any change.
    const cells = await bookCells(ctx, tx, actor, {
      cells: [{ employeeId: input.employeeId, date: input.date, version }],
      subject,
      dayPart: input.dayPart,
      isOverbookingConfirmed: input.isOverbookingConfirmed,
    });
    if (bookedTaskId && (await assignTaskInTransaction(tx, companyId, bookedTaskId, input.employeeId, now)))
      changedTaskIds.push(bookedTaskId);
    const removedSuggestions = await dropSuggestionsOfTasks(
      tx,
      companyId,
      bookedTaskId ? [bookedTaskId] : [],
    );
    return { cells, changedTaskIds: [...new Set(changedTaskIds)], removedSuggestions };
  });
  pushTasksChanged(ctx, companyId, changedTaskIds);
  pushSuggestions(ctx, companyId, [], removedSuggestions);
  return publishBooked(ctx, companyId, cells);
};
