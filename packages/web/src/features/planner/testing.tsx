import type {
  PlanCellDto,
  PlannerDayDto,
  PlannerDto,
  PlannerEmployeeDto,
  PlannerProjectDto,
  TaskDto,
} from '@karm/domain/contract';
import {
  type IsoWeek,
  isoDayOfWeek,
  isoWeekOf,
  isWorkingDay,
  projectColour,
  redDayOf,
  twoConsecutiveWeeks,
  weekDates,
} from '@karm/domain/rules';
import { MemoryRouter, Route, Routes } from 'react-router';
import { nextTestId } from '@/test/fixtures';
import { renderScreen } from '@/test/render';
import { PlannerPage } from './planner-page';

/** Test data of the planner screen, made by the same domain rules the server uses. */

export const daysOf = (week: IsoWeek): PlannerDayDto[] =>
  twoConsecutiveWeeks(week)
    .flatMap(weekDates)
    .map((date) => ({
      date,
      ...isoWeekOf(date),
      isWeekend: isoDayOfWeek(date) >= 6,
      redDay: redDayOf(date)?.name ?? null,
      isWorkingDay: isWorkingDay(date),
    }));

export const WORK_GROUPS: PlannerDto['workGroups'] = [
  { key: 'produksjon', labels: { en: 'Production', nb: 'Produksjon' }, isActive: true },
  { key: 'montasje', labels: { en: 'Installation', nb: 'Montasje' }, isActive: true },
  { key: 'service', labels: { en: 'Service', nb: 'Service' }, isActive: true },
  { key: 'admin', labels: { en: 'Administration', nb: 'Administrasjon' }, isActive: true },
];

export const anEmployee = (name: string, workGroup: string | null): PlannerEmployeeDto => ({
  id: nextTestId('60000000'),
  name,
  workGroup,
});

export const aPlannerProject = (number: number, name: string, extra: Partial<PlannerProjectDto> = {}) => ({
  id: nextTestId('30000000'),
  number,
  name,
  colour: projectColour(number),
  deliveryDate: null,
  deliveryColour: null,
  noteToPlanner: '',
  ...extra,
});

export const aCell = (
  employee: PlannerEmployeeDto,
  date: string,
  version: number,
  bookings: PlanCellDto['bookings'],
): PlanCellDto => ({ employeeId: employee.id, date, version, bookings });

export const aTask = (name: string, date: string, extra: Partial<TaskDto> = {}): TaskDto => ({
  id: nextTestId('70000000'),
  name,
  type: 'project',
  entityType: null,
  entityId: null,
  entityNumber: null,
  entityName: null,
  entityProjectId: null,
  date,
  description: '',
  immediateAction: '',
  assigneeId: null,
  assigneeName: null,
  isDone: false,
  doneAt: null,
  createdAt: '2026-03-01T10:00:00.000Z',
  version: 1,
  ...extra,
});

export const aPlanner = (week: IsoWeek, extra: Partial<PlannerDto> = {}): PlannerDto => {
  const [first, second] = twoConsecutiveWeeks(week);
  return {
    weeks: [first, second],
    days: daysOf(week),
    workGroups: WORK_GROUPS,
    employees: [],
    cells: [],
    serviceItems: [],
    suggestions: [],
    tasks: [],
    projects: [],
    ...extra,
  };
};

/** The planner screen at `/planner/:year/:week` (or `/planner`), inside the app's providers. */
export const renderPlanner = (path: string, today: string) =>
  renderScreen(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        {['/planner', '/planner/:year/:week'].map((route) => (
          <Route
            key={route}
            path={route}
            element={
              <PlannerPage
                weekHref={({ year, week }) => `/planner/${year}/${week}`}
                printHref={({ year, week }) => `/print?sheet=planner&year=${year}&week=${week}`}
                profilePath="/profile"
                today={today}
              />
            }
          />
        ))}
      </Routes>
    </MemoryRouter>,
  );
