import { addDays } from '../date-only';
import { type IsoWeek, isoWeekOf, nextIsoWeek, startOfIsoWeek } from '../iso-week';
import { processDate } from '../process-dates';
import { hoursOfQuarters, QUARTERS_PER_DAY } from './day-parts';
import { workingDaysOf } from './working-days';

/**
 * Capacity per work group and week (SPEC §2 /capacity, §9 "now plus 1 to 4 weeks", issue 14). All
 * hours come from whole quarters of a day (day-parts.ts), so the arithmetic is exact:
 *
 * - available = employees of the group × working days of the week (Monday–Friday, not red days)
 *   × a working day, less their absence on those working days (at most a whole day per person and day);
 * - booked = project and task bookings of the group's employees in the week (weekend work counts too);
 * - unplanned demand = per project, its hours for the group this week less what the group has booked
 *   on it this week, never below nothing;
 * - pipeline = open offers' hours weighted by their status's likelihood (a separate band: not won yet).
 *
 * Production hours are the production group's, installation hours the installation group's.
 */

/** Which work group an offer's or project's hours load. */
export const HOURS_WORK_GROUP = { production: 'produksjon', installation: 'montasje' } as const;
export type HoursKind = keyof typeof HOURS_WORK_GROUP;
export const HOURS_KINDS = Object.keys(HOURS_WORK_GROUP) as HoursKind[];

/**
 * The process step whose date places each kind of hours: the process column with this status key
 * (the default columns' "Produksjon" and "Montert", rules/process-columns.ts).
 */
export const STEP_STATUS_OF_HOURS = { production: 'production', installation: 'installed' } as const;

/** The capacity screen shows this week and the next one to four (SPEC §9): at most five weeks. */
export const CAPACITY_MAX_WEEKS = 5;

export type CapacityBooking = {
  employeeId: string;
  date: string;
  kind: 'project' | 'task' | 'serviceItem' | 'absence';
  quarters: number;
  /** The booked project, for project bookings. */
  projectId?: string;
};

/** A project's hours for one work group this week, and how many of them are already planned. */
export type CapacityDemand = { workGroup: string; hours: number; plannedHours: number; projectId?: string };

/** An open offer's hours for one work group, and its status's likelihood in percent (0–100). */
export type PipelineLoad = { workGroup: string; hours: number; likelihoodPercent: number; offerId?: string };

export type WorkGroupCapacity = {
  workGroup: string;
  employeeCount: number;
  workingDays: number;
  availableHours: number;
  absenceHours: number;
  bookedHours: number;
  unplannedDemandHours: number;
  pipelineHours: number;
};

/** One employee's week: what they could work, what is booked and how much they are away. */
export type EmployeeCapacity = {
  employeeId: string;
  availableHours: number;
  absenceHours: number;
  bookedHours: number;
};

/** `count` consecutive ISO weeks from `from`, across year ends and week 53. */
export const consecutiveWeeks = (from: IsoWeek, count: number): IsoWeek[] => {
  const weeks: IsoWeek[] = [];
  for (let week = from; weeks.length < count; week = nextIsoWeek(week)) weeks.push(week);
  return weeks;
};

/**
 * Where a process step's hours land: a step that takes `spanWeeks` weeks (its process column's `min`,
 * at least one) is worked in the weeks up to and including the week of its date, evenly. With the
 * default columns production (one week) lands in its step's week and installation in its own.
 */
export const stepLoad = (
  date: string,
  hours: number,
  spanWeeks: number,
): { week: IsoWeek; hours: number }[] => {
  const span = Math.max(1, Math.floor(spanWeeks));
  const { year, week } = isoWeekOf(date);
  const firstMonday = addDays(startOfIsoWeek(year, week), -7 * (span - 1));
  return consecutiveWeeks(isoWeekOf(firstMonday), span).map((at) => ({ week: at, hours: hours / span }));
};

/**
 * The likelihood a status starts with when the admin has not set one: a won offer will be built, a
 * lost one will not, and any other is a coin toss until the admin says otherwise.
 */
export const defaultLikelihoodPercent = (status: { isWon: boolean; isLost: boolean }): number =>
  status.isWon ? 100 : status.isLost ? 0 : 50;

/**
 * A step of a project or an open offer whose hours load a work group: its production or its
 * installation, due on `date` and taking `spanWeeks` weeks.
 */
export type CapacityStep = {
  /** The project or offer. */
  id: string;
  kind: HoursKind;
  date: string;
  hours: number;
  spanWeeks: number;
};

/**
 * The date a project's production or installation is due, which places its hours: the process cell's
 * date of the step's column, else the delivery date less the column's factor (a project whose cell
 * is missing); installation on the agreed installation date when there is one. An open offer has no
 * cells: its expected delivery date is its delivery date.
 */
export const stepDateOf = (input: {
  kind: HoursKind;
  cellDate: string | null;
  deliveryDate: string | null;
  factorWeeks: number;
  agreedInstallationDate?: string | null;
}): string | null => {
  if (input.kind === 'installation' && input.agreedInstallationDate) return input.agreedInstallationDate;
  if (input.cellDate) return input.cellDate;
  return input.deliveryDate ? processDate(input.deliveryDate, input.factorWeeks) : null;
};

export const weekKey = ({ year, week }: IsoWeek) => `${year}-${week}`;

/** Each step's hours in each of `weeks` it loads (stepLoad), by week key; weeks it misses are left out. */
export const stepLoadsByWeek = <Step extends CapacityStep>(
  steps: readonly Step[],
  weeks: readonly IsoWeek[],
) => {
  const loads = new Map<string, (Step & { weekHours: number })[]>(weeks.map((week) => [weekKey(week), []]));
  for (const step of steps) {
    for (const { week, hours } of stepLoad(step.date, step.hours, step.spanWeeks)) {
      loads.get(weekKey(week))?.push({ ...step, weekHours: hours });
    }
  }
  return loads;
};

/** Hours an offer adds to the forecast: its hours times the likelihood of its status. */
export const weightedHours = (hours: number, likelihoodPercent: number): number => {
  if (!(likelihoodPercent >= 0 && likelihoodPercent <= 100)) {
    throw new RangeError(`a likelihood is 0 to 100 percent, got ${likelihoodPercent}`);
  }
  return (Math.max(0, hours) * likelihoodPercent) / 100;
};

/** Demand not yet planned: per project, what is left of its hours after its bookings. */
export const unplannedHours = (demand: readonly { hours: number; plannedHours: number }[]): number =>
  demand.reduce((sum, item) => sum + Math.max(0, item.hours - item.plannedHours), 0);

type WeekInput = {
  /** The week's seven dates. */
  dates: readonly string[];
  employees: readonly { id: string; workGroup: string | null }[];
  bookings: readonly CapacityBooking[];
};

type Quarters = { absence: number; booked: number };

/** Absence (working days only, at most a whole day per day) and booked quarters per employee. */
const quartersByEmployee = ({ dates, employees, bookings }: WeekInput) => {
  const workingDays = new Set(workingDaysOf(dates));
  const inWeek = new Set(dates);
  const byEmployee = new Map<string, Quarters>(
    employees.map((employee) => [employee.id, { absence: 0, booked: 0 }]),
  );
  const absenceOfDay = new Map<string, number>();
  for (const booking of bookings) {
    const quarters = byEmployee.get(booking.employeeId);
    if (!quarters || !inWeek.has(booking.date)) continue;
    if (booking.kind !== 'absence') {
      quarters.booked += booking.quarters;
      continue;
    }
    // Absence on a weekend or red day takes nothing off: the day was not available anyway.
    if (!workingDays.has(booking.date)) continue;
    const key = `${booking.employeeId}|${booking.date}`;
    const before = absenceOfDay.get(key) ?? 0;
    const after = Math.min(QUARTERS_PER_DAY, before + booking.quarters);
    absenceOfDay.set(key, after);
    quarters.absence += after - before;
  }
  return { workingDays: workingDays.size, byEmployee };
};

/** Each employee's available, absent and booked hours in the week (the capacity info dialog). */
export const employeeCapacityOfWeek = (input: WeekInput): EmployeeCapacity[] => {
  const { workingDays, byEmployee } = quartersByEmployee(input);
  return input.employees.map((employee) => {
    const quarters = byEmployee.get(employee.id) ?? { absence: 0, booked: 0 };
    return {
      employeeId: employee.id,
      availableHours: hoursOfQuarters(workingDays * QUARTERS_PER_DAY - quarters.absence),
      absenceHours: hoursOfQuarters(quarters.absence),
      bookedHours: hoursOfQuarters(quarters.booked),
    };
  });
};

/**
 * Hours each project is booked in the week by employees of `workGroup`: what its demand for that
 * group is met with (the `plannedHours` of its `CapacityDemand`).
 */
export const projectHoursBooked = (input: WeekInput & { workGroup: string }): Map<string, number> => {
  const inWeek = new Set(input.dates);
  const inGroup = new Set(
    input.employees
      .filter((employee) => employee.workGroup === input.workGroup)
      .map((employee) => employee.id),
  );
  const quarters = new Map<string, number>();
  for (const booking of input.bookings) {
    if (booking.kind !== 'project' || !booking.projectId) continue;
    if (!inGroup.has(booking.employeeId) || !inWeek.has(booking.date)) continue;
    quarters.set(booking.projectId, (quarters.get(booking.projectId) ?? 0) + booking.quarters);
  }
  return new Map([...quarters].map(([projectId, sum]) => [projectId, hoursOfQuarters(sum)]));
};

export const capacityOfWeek = (
  input: WeekInput & {
    workGroups: readonly string[];
    demand: readonly CapacityDemand[];
    pipeline: readonly PipelineLoad[];
  },
): WorkGroupCapacity[] => {
  const { workingDays, byEmployee } = quartersByEmployee(input);
  return input.workGroups.map((workGroup) => {
    const members = input.employees.filter((employee) => employee.workGroup === workGroup);
    let absence = 0;
    let booked = 0;
    for (const member of members) {
      absence += byEmployee.get(member.id)?.absence ?? 0;
      booked += byEmployee.get(member.id)?.booked ?? 0;
    }
    return {
      workGroup,
      employeeCount: members.length,
      workingDays,
      availableHours: hoursOfQuarters(members.length * workingDays * QUARTERS_PER_DAY - absence),
      absenceHours: hoursOfQuarters(absence),
      bookedHours: hoursOfQuarters(booked),
      unplannedDemandHours: unplannedHours(input.demand.filter((item) => item.workGroup === workGroup)),
      pipelineHours: input.pipeline
        .filter((item) => item.workGroup === workGroup)
        .reduce((sum, item) => sum + weightedHours(item.hours, item.likelihoodPercent), 0),
    };
  });
};
