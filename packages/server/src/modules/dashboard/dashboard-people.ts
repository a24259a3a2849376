import type {
  DashboardAnniversariesDto,
  DashboardWorkStatusDto,
  WorkStatus,
  WorkStatusBookingDto,
  WorkStatusEmployeeDto,
} from '@karm/domain/contract';
import { serviceItemLabel } from '@karm/domain/contract';
import { ANNIVERSARY_WINDOW_DAYS, type PlanBooking, upcomingAnniversaries } from '@karm/domain/rules';
import { todayIn } from '../../platform/clock';
import type { Actor, AppContext } from '../../platform/context';
import { datedMembersOfCompany } from '../auth/users.repository';
import { employeesForPlanner } from '../employees/employees-for-planner';
import { bookingsOnDay } from '../planner/plan-weeks';
import { projectsForPlanner } from '../projects/projects-for-planner';
import { serviceItemChoices } from '../service-work/service-item-choices';
import { taskNamesByIds } from '../tasks/tasks.service';

/** Birthdays and anniversaries of employment in the next 14 days (SPEC §1, §9). */
export const dashboardAnniversaries = async (
  ctx: AppContext,
  actor: Actor,
): Promise<DashboardAnniversariesDto> => {
  const today = todayIn(ctx.clock);
  const people = await datedMembersOfCompany(ctx.db, actor.companyId);
  return { today, days: ANNIVERSARY_WINDOW_DAYS, items: upcomingAnniversaries(people, today) };
};

/** Booked when anything but an absence is booked; absent when only absences are; free otherwise. */
const statusOf = (bookings: readonly PlanBooking[]): WorkStatus => {
  if (bookings.some((booking) => booking.kind !== 'absence')) return 'booked';
  return bookings.length > 0 ? 'absent' : 'free';
};

const STATUS_ORDER: Record<WorkStatus, number> = { booked: 0, absent: 1, free: 2 };

/** Who is booked on what today, who is absent and who is free, from the resource planner. */
export const dashboardWorkStatus = async (ctx: AppContext, actor: Actor): Promise<DashboardWorkStatusDto> => {
  const date = todayIn(ctx.clock);
  const [people, day] = await Promise.all([
    employeesForPlanner(ctx.db, actor.companyId),
    bookingsOnDay(ctx.db, actor.companyId, date),
  ]);
  const booked = [...day.bookings.values()].flat();
  const projectIds = booked.flatMap((booking) => (booking.kind === 'project' ? [booking.projectId] : []));
  const taskIds = booked.flatMap((booking) => (booking.kind === 'task' ? [booking.taskId] : []));
  const itemIds = booked.flatMap((booking) =>
    booking.kind === 'serviceItem' ? [booking.serviceItemId] : [],
  );
  const [projectRows, taskNames, itemRows] = await Promise.all([
    projectsForPlanner(ctx.db, actor.companyId, [...new Set(projectIds)]),
    taskNamesByIds(ctx.db, actor.companyId, [...new Set(taskIds)]),
    serviceItemChoices(ctx.db, actor.companyId, itemIds),
  ]);
  const itemById = new Map(itemRows.map((item) => [item.id, item]));
  const projectById = new Map(projectRows.map((row) => [row.id, row]));
  const describe = (booking: PlanBooking): WorkStatusBookingDto => {
    switch (booking.kind) {
      case 'project': {
        const project = projectById.get(booking.projectId);
        return {
          kind: 'project',
          projectId: booking.projectId,
          number: project?.number ?? null,
          name: project?.name ?? '',
          quarters: booking.quarters,
        };
      }
      case 'task':
        return {
          kind: 'task',
          taskId: booking.taskId,
          name: taskNames.get(booking.taskId) ?? '',
          quarters: booking.quarters,
        };
      case 'serviceItem': {
        const item = itemById.get(booking.serviceItemId);
        return {
          kind: 'serviceItem',
          serviceItemId: booking.serviceItemId,
          name: item ? serviceItemLabel(item) : '',
          quarters: booking.quarters,
        };
      }
      case 'absence':
        return { kind: 'absence', absence: booking.absence, quarters: booking.quarters };
    }
  };
  const employees: WorkStatusEmployeeDto[] = people.map((person) => {
    const bookings = day.bookings.get(person.id) ?? [];
    return {
      employeeId: person.id,
      name: person.name,
      workGroup: person.workGroup,
      status: statusOf(bookings),
      bookings: bookings.map(describe),
    };
  });
  // Stable sort: within a status the planner's order (by name) stays.
  employees.sort((a, b) => STATUS_ORDER[a.status] - STATUS_ORDER[b.status]);
  const counts = { booked: 0, absent: 0, free: 0 };
  for (const employee of employees) counts[employee.status] += 1;
  return { date, year: day.year, week: day.week, counts, employees };
};
