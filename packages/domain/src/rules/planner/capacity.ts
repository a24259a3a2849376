import { hoursOfQuarters, QUARTERS_PER_DAY } from './day-parts';
import { workingDaysOf } from './working-days';

/**
 * Capacity per work group and week (SPEC §2 /capacity, issue 14). All hours come from whole quarters
 * of a day (day-parts.ts), so the arithmetic is exact:
 *
 * - available = employees of the group × working days of the week (Monday–Friday, not red days)
 *   × a working day, less their absence on those working days (at most a whole day per person and day);
 * - booked = project and task bookings of the group's employees in the week (weekend work counts too);
 * - unplanned demand = per project, its hours for the group less what is already booked on it, never
 *   below nothing;
 * - pipeline = open offers' hours weighted by their status's likelihood (a separate band: not won yet).
 *
 * Production hours are the production group's, installation hours the installation group's.
 */

/** Which work group an offer's or project's hours load. */
export const HOURS_WORK_GROUP = { production: 'produksjon', installation: 'montasje' } as const;

export type CapacityBooking = {
  employeeId: string;
  date: string;
  kind: 'project' | 'task' | 'absence';
  quarters: number;
};

/** A project's hours for one work group this week, and how many of them are already planned. */
export type CapacityDemand = { workGroup: string; hours: number; plannedHours: number };

/** An open offer's hours for one work group, and its status's likelihood in percent (0–100). */
export type PipelineLoad = { workGroup: string; hours: number; likelihoodPercent: number };

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

export const capacityOfWeek = (input: {
  /** The week's seven dates. */
  dates: readonly string[];
  workGroups: readonly string[];
  employees: readonly { id: string; workGroup: string | null }[];
  bookings: readonly CapacityBooking[];
  demand: readonly CapacityDemand[];
  pipeline: readonly PipelineLoad[];
}): WorkGroupCapacity[] => {
  const workingDays = new Set(workingDaysOf(input.dates));
  const dates = new Set(input.dates);
  const groupOf = new Map(input.employees.map((employee) => [employee.id, employee.workGroup]));

  // Absence per employee and working day, capped at a whole day.
  const absence = new Map<string, number>();
  const booked = new Map<string, number>();
  for (const booking of input.bookings) {
    const group = groupOf.get(booking.employeeId);
    if (!group || !dates.has(booking.date)) continue;
    if (booking.kind === 'absence') {
      if (!workingDays.has(booking.date)) continue;
      const key = `${booking.employeeId}|${booking.date}`;
      absence.set(key, Math.min(QUARTERS_PER_DAY, (absence.get(key) ?? 0) + booking.quarters));
    } else {
      booked.set(group, (booked.get(group) ?? 0) + booking.quarters);
    }
  }
  const absenceOfGroup = new Map<string, number>();
  for (const [key, quarters] of absence) {
    const group = groupOf.get(key.split('|')[0] ?? '');
    if (group) absenceOfGroup.set(group, (absenceOfGroup.get(group) ?? 0) + quarters);
  }

  return input.workGroups.map((workGroup) => {
    const employeeCount = input.employees.filter((employee) => employee.workGroup === workGroup).length;
    const absenceQuarters = absenceOfGroup.get(workGroup) ?? 0;
    return {
      workGroup,
      employeeCount,
      workingDays: workingDays.size,
      availableHours: hoursOfQuarters(employeeCount * workingDays.size * QUARTERS_PER_DAY - absenceQuarters),
      absenceHours: hoursOfQuarters(absenceQuarters),
      bookedHours: hoursOfQuarters(booked.get(workGroup) ?? 0),
      unplannedDemandHours: unplannedHours(input.demand.filter((item) => item.workGroup === workGroup)),
      pipelineHours: input.pipeline
        .filter((item) => item.workGroup === workGroup)
        .reduce((sum, item) => sum + weightedHours(item.hours, item.likelihoodPercent), 0),
    };
  });
};
