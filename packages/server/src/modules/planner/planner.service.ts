import {
  type isoWeekSchema,
  PLAN_PUSHES,
  type PlanCellDto,
  type PlanChangeDto,
  type PlannerDto,
  type PlannerProjectDto,
  type PlannerServiceItemDto,
  type PlanOverbookingDetails,
  type planAddSchema,
  type planRemoveSchema,
  type TaskDto,
} from '@karm/domain/contract';
import {
  deliveryColour,
  isOverbooked,
  isoDayOfWeek,
  isoWeekOf,
  isWorkingDay,
  VALIDATION_MESSAGE_KEYS as MESSAGES,
  type PlanSubject,
  projectColour,
  quartersOfDay,
  redDayOf,
  twoConsecutiveWeeks,
  weekDates,
  withBooking,
  withoutSubject,
} from '@karm/domain/rules';
import type { z } from 'zod';
import { todayIn } from '../../platform/clock';
import { type Actor, type AppContext, can } from '../../platform/context';
import type { Executor } from '../../platform/db/client';
import { assertReferencesInCompany, type Reference } from '../../platform/db/references';
import { conflict } from '../../platform/errors';
import { newId } from '../../platform/ids';
import { valuesOf } from '../collections/collection-values';
import { employeeIdsOfUser } from '../employees/employees.service';
import { ACTIVE_EMPLOYEES_REFERABLE, employeesForPlanner } from '../employees/employees-for-planner';
import { ACTIVE_PROJECTS_REFERABLE, projectsForPlanner } from '../projects/projects-for-planner';
import { SERVICE_ITEMS_REFERABLE, serviceItemChoices } from '../service-work/service-item-choices';
import { TASKS_REFERABLE, tasksBetween, tasksByIds } from '../tasks/tasks.service';
import { suggestionsBetween } from './plan-suggestions';
import { cellsOfRows, lockPlanWeeks, planRowsOfWeeks } from './plan-weeks';

/**
 * The resource planner's use cases (SPEC §4, §7 planner:get, plan:add, plan:refresh; issue 14).
 * Reads are scoped to the company (a technician, `planner.read-own`, sees only their own row); every
 * write checks each employee, project and task it names against the company inside its transaction,
 * locks the employee-weeks (plan-weeks.ts), and pushes the changed cells after the commit.
 */

type PlanAddInput = z.output<typeof planAddSchema>;
type PlanRemoveInput = z.output<typeof planRemoveSchema>;

/** Employee, project and task ids of a write, each checked against the actor's company. */
export const planReferences = (
  cells: readonly { employeeId: string }[],
  subject: PlanSubject | undefined,
): Record<string, Reference> => ({
  ...Object.fromEntries(
    [...new Set(cells.map((cell) => cell.employeeId))].map((id, index) => [
      `cells.${index}.employeeId`,
      [ACTIVE_EMPLOYEES_REFERABLE, id] as const,
    ]),
  ),
  ...(subject?.kind === 'project' && { 'subject.projectId': [ACTIVE_PROJECTS_REFERABLE, subject.projectId] }),
  ...(subject?.kind === 'task' && { 'subject.taskId': [TASKS_REFERABLE, subject.taskId] }),
  ...(subject?.kind === 'serviceItem' && {
    'subject.serviceItemId': [SERVICE_ITEMS_REFERABLE, subject.serviceItemId],
  }),
});

/** The planner's view of service items: the project's number and colour with the item's number and name. */
export const plannerServiceItems = async (
  db: Executor,
  companyId: string,
  ids: Iterable<string>,
): Promise<PlannerServiceItemDto[]> =>
  (await serviceItemChoices(db, companyId, [...ids])).map((item) => ({
    id: item.id,
    projectId: item.projectId,
    projectNumber: item.projectNumber,
    projectName: item.projectName,
    colour: projectColour(item.projectNumber),
    number: item.number,
    name: item.name,
  }));

const serviceItemIdsOf = (cells: readonly PlanCellDto[]) =>
  cells.flatMap((cell) =>
    cell.bookings.flatMap((booking) => (booking.kind === 'serviceItem' ? [booking.serviceItemId] : [])),
  );

/** The planner's view of projects, with their colour and today's delivery colour. */
export const plannerProjects = async (
  ctx: AppContext,
  db: Executor,
  companyId: string,
  ids: Iterable<string>,
): Promise<PlannerProjectDto[]> => {
  const today = todayIn(ctx.clock);
  const rows = await projectsForPlanner(db, companyId, [...new Set(ids)]);
  return rows
    .map((row) => ({
      ...row,
      colour: projectColour(row.number),
      deliveryColour: row.deliveryDate ? deliveryColour(row.deliveryDate, today) : null,
    }))
    .sort((a, b) => a.number - b.number);
};

const projectIdsOf = (cells: readonly PlanCellDto[], tasks: readonly TaskDto[] = []) => [
  ...cells.flatMap((cell) =>
    cell.bookings.flatMap((booking) => (booking.kind === 'project' ? [booking.projectId] : [])),
  ),
  ...tasks.flatMap((task) => (task.entityType === 'project' && task.entityId ? [task.entityId] : [])),
];

/** planner:get and plan:refresh — the given ISO week and the next, with everything the screen draws. */
export const getPlanner = async (
  ctx: AppContext,
  actor: Actor,
  input: z.output<typeof isoWeekSchema>,
): Promise<PlannerDto> => {
  const weeks = twoConsecutiveWeeks(input);
  const dates = weeks.flatMap(weekDates);
  const ownIds = can(actor, 'planner.read')
    ? undefined
    : (await employeeIdsOfUser(ctx.db, actor.companyId, actor.userId)).map((row) => row.id);
  const range = { from: dates[0]!, to: dates[dates.length - 1]! };
  const [employees, rows, tasks, groups, suggested] = await Promise.all([
    employeesForPlanner(ctx.db, actor.companyId, ownIds),
    planRowsOfWeeks(ctx.db, actor.companyId, weeks, ownIds),
    tasksBetween(ctx, actor, range.from, range.to),
    valuesOf(ctx.db, actor.companyId, 'workGroup'),
    suggestionsBetween(ctx.db, actor.companyId, range, ownIds),
  ]);
  // A suggestion whose task was done meanwhile is no longer drawn.
  const openTasks = new Set(
    (
      await tasksByIds(
        ctx,
        actor.companyId,
        suggested.map((suggestion) => suggestion.taskId),
      )
    ).flatMap((task) => (task.isDone ? [] : [task.id])),
  );
  // Rows follow the company's order of its work groups; a key the list no longer has is no group.
  const orderOf = new Map(groups.map((group, index) => [group.key, index]));
  const workGroupOrder = (group: string | null) =>
    group === null ? groups.length : (orderOf.get(group) ?? groups.length);
  const listed = new Set(employees.map((employee) => employee.id));
  // Plans of an employee no longer active stay stored but are not drawn.
  const cells = cellsOfRows(rows).filter((cell) => listed.has(cell.employeeId));
  return {
    weeks: [weeks[0], weeks[1]],
    days: dates.map((date) => {
      const redDay = redDayOf(date);
      return {
        date,
        ...isoWeekOf(date),
        isWeekend: isoDayOfWeek(date) >= 6,
        redDay: redDay?.name ?? null,
        isWorkingDay: isWorkingDay(date),
      };
    }),
    workGroups: groups.map(({ key, labels, isActive }) => ({ key, labels, isActive })),
    employees: employees
      .map((employee) => ({
        ...employee,
        workGroup: employee.workGroup !== null && orderOf.has(employee.workGroup) ? employee.workGroup : null,
      }))
      .sort((a, b) => workGroupOrder(a.workGroup) - workGroupOrder(b.workGroup)),
    cells,
    tasks,
    projects: await plannerProjects(ctx, ctx.db, actor.companyId, projectIdsOf(cells, tasks)),
    serviceItems: await plannerServiceItems(ctx.db, actor.companyId, serviceItemIdsOf(cells)),
    suggestions: suggested.filter(
      (suggestion) => listed.has(suggestion.employeeId) && openTasks.has(suggestion.taskId),
    ),
  };
};

const publishChange = async (
  ctx: AppContext,
  companyId: string,
  event: (typeof PLAN_PUSHES)['added' | 'updated'],
  cells: PlanCellDto[],
  tasks: TaskDto[] = [],
): Promise<PlanChangeDto> => {
  const change = {
    cells,
    tasks,
    projects: await plannerProjects(ctx, ctx.db, companyId, projectIdsOf(cells, tasks)),
    serviceItems: await plannerServiceItems(ctx.db, companyId, serviceItemIdsOf(cells)),
  };
  ctx.realtime.toCompany(companyId, event, change);
  return change;
};

/**
 * plan:add — books the subject for the day part on every cell, all or nothing. A cell changed since
 * it was read refuses the whole request (CONFLICT, the fresh cells in the details); so does a cell
 * that would hold more than a whole day, unless the person confirmed the overbooking.
 */
export const addPlan = async (ctx: AppContext, actor: Actor, input: PlanAddInput) => {
  const cells = await ctx.db.transaction((tx) => bookCells(ctx, tx, actor, input));
  return publishChange(ctx, actor.companyId, PLAN_PUSHES.added, cells);
};

/**
 * plan:add's rules in the caller's transaction (accepting a suggested plan and dispatch bookings
 * make more changes in the same transaction); the caller publishes the cells after the commit.
 */
export const bookCells = async (ctx: AppContext, tx: Executor, actor: Actor, input: PlanAddInput) => {
  await assertReferencesInCompany(tx, actor.companyId, planReferences(input.cells, input.subject));
  const weeks = await lockPlanWeeks(tx, actor.companyId, input.cells);
  weeks.assertVersions(input.cells);
  const overbooked: PlanOverbookingDetails['cells'] = [];
  for (const { employeeId, date } of input.cells) {
    const bookings = withBooking(weeks.bookingsOn(employeeId, date), input.subject, input.dayPart, newId);
    if (isOverbooked(bookings)) overbooked.push({ employeeId, date, quarters: quartersOfDay(bookings) });
    weeks.set(employeeId, date, bookings);
  }
  if (overbooked.length > 0 && !input.isOverbookingConfirmed) {
    throw conflict(MESSAGES.planOverbooked, {
      reason: 'overbooked',
      cells: overbooked,
    } satisfies PlanOverbookingDetails);
  }
  return weeks.write(ctx.clock.now());
};

/** Pushes cells booked by `bookCells` once their transaction committed (plan:added). */
export const publishBooked = (ctx: AppContext, companyId: string, cells: PlanCellDto[]) =>
  publishChange(ctx, companyId, PLAN_PUSHES.added, cells);

/** plan:remove — clears the cells, or only the subject's bookings on them, at the versions read. */
export const removePlan = async (ctx: AppContext, actor: Actor, input: PlanRemoveInput) => {
  const cells = await ctx.db.transaction(async (tx) => {
    await assertReferencesInCompany(tx, actor.companyId, planReferences(input.cells, undefined));
    const weeks = await lockPlanWeeks(tx, actor.companyId, input.cells);
    weeks.assertVersions(input.cells);
    for (const { employeeId, date } of input.cells) {
      const bookings = weeks.bookingsOn(employeeId, date);
      weeks.set(employeeId, date, input.subject ? withoutSubject(bookings, input.subject) : []);
    }
    return weeks.write(ctx.clock.now());
  });
  return publishChange(ctx, actor.companyId, PLAN_PUSHES.updated, cells);
};
