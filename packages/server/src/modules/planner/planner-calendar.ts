import { CALENDAR_MAX_PLAN_ENTRIES, serviceItemLabel } from '@karm/domain/contract';
import type { PlanBooking } from '@karm/domain/rules';
import type { AppContext } from '../../platform/context';
import { employeeSummaries } from '../employees/employees.service';
import { projectsForPlanner } from '../projects/projects-for-planner';
import { serviceItemChoices } from '../service-work/service-item-choices';
import { taskNamesByIds } from '../tasks/tasks.service';
import { cellsOfRows, planRowsOfWeeks, weeksBetween } from './plan-weeks';

/**
 * The planner's bookings as the calendar shows them (issue 17, layers "my plans" and "everybody's
 * plans"): read by the ISO weeks of the range only, named (project, task, service item, absence),
 * and — for everybody's — one entry per day and subject naming who is on it, so a month of a large
 * company stays a few hundred entries. The answer is cut at `CALENDAR_MAX_PLAN_ENTRIES`.
 */

export type PlanCalendarEntry = {
  key: string;
  date: string;
  title: string;
  absence?: string;
  target: { type: 'project' | 'task' | 'planner'; id: string };
  employeeNames: string[];
};

const subjectKeyOf = (booking: PlanBooking) => {
  switch (booking.kind) {
    case 'project':
      return `project:${booking.projectId}`;
    case 'task':
      return `task:${booking.taskId}`;
    case 'serviceItem':
      return `serviceItem:${booking.serviceItemId}`;
    case 'absence':
      return `absence:${booking.absence}`;
  }
};

export const planCalendarEntries = async (
  ctx: AppContext,
  companyId: string,
  range: { from: string; to: string },
  options: { employeeIds?: readonly string[]; perPerson: boolean },
): Promise<PlanCalendarEntry[]> => {
  if (options.employeeIds?.length === 0) return [];
  const rows = await planRowsOfWeeks(
    ctx.db,
    companyId,
    weeksBetween(range.from, range.to),
    options.employeeIds,
  );
  const bookings = cellsOfRows(rows)
    .filter((cell) => cell.date >= range.from && cell.date <= range.to)
    .flatMap((cell) =>
      cell.bookings.map((booking) => ({ employeeId: cell.employeeId, date: cell.date, booking })),
    );
  const idsOf = <K extends PlanBooking['kind']>(
    kind: K,
    pick: (booking: Extract<PlanBooking, { kind: K }>) => string,
  ) =>
    bookings.flatMap(({ booking }) =>
      booking.kind === kind ? [pick(booking as Extract<PlanBooking, { kind: K }>)] : [],
    );
  const [names, projects, taskNames, items] = await Promise.all([
    employeeSummaries(
      ctx,
      companyId,
      bookings.map((booking) => booking.employeeId),
    ),
    projectsForPlanner(ctx.db, companyId, [...new Set(idsOf('project', (booking) => booking.projectId))]),
    taskNamesByIds(ctx.db, companyId, [...new Set(idsOf('task', (booking) => booking.taskId))]),
    serviceItemChoices(ctx.db, companyId, [
      ...new Set(idsOf('serviceItem', (booking) => booking.serviceItemId)),
    ]),
  ]);
  const projectById = new Map(projects.map((project) => [project.id, project]));
  const itemById = new Map(items.map((item) => [item.id, item]));
  const describe = (booking: PlanBooking): Omit<PlanCalendarEntry, 'key' | 'date' | 'employeeNames'> => {
    switch (booking.kind) {
      case 'project': {
        const project = projectById.get(booking.projectId);
        return {
          title: project ? `${project.number} ${project.name}` : '',
          target: { type: 'project', id: booking.projectId },
        };
      }
      case 'task':
        return { title: taskNames.get(booking.taskId) ?? '', target: { type: 'task', id: booking.taskId } };
      case 'serviceItem': {
        const item = itemById.get(booking.serviceItemId);
        return {
          title: item ? serviceItemLabel(item) : '',
          target: item ? { type: 'project', id: item.projectId } : { type: 'planner', id: '' },
        };
      }
      case 'absence':
        return { title: '', absence: booking.absence, target: { type: 'planner', id: '' } };
    }
  };
  const entries = new Map<string, PlanCalendarEntry>();
  for (const { employeeId, date, booking } of bookings) {
    const key = `${date}:${subjectKeyOf(booking)}${options.perPerson ? `:${employeeId}` : ''}`;
    const name = names.get(employeeId)?.displayName ?? '';
    const existing = entries.get(key);
    if (existing) {
      existing.employeeNames.push(name);
      continue;
    }
    const described = describe(booking);
    entries.set(key, {
      key,
      date,
      ...described,
      target: described.target.type === 'planner' ? { type: 'planner', id: date } : described.target,
      employeeNames: [name],
    });
  }
  for (const entry of entries.values()) entry.employeeNames.sort((a, b) => a.localeCompare(b));
  return [...entries.values()]
    .sort((a, b) => a.date.localeCompare(b.date) || a.title.localeCompare(b.title))
    .slice(0, CALENDAR_MAX_PLAN_ENTRIES);
};
