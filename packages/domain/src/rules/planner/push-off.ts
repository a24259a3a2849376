import { freeQuartersOfDay } from './day-parts';
import { isSameSubject, type PlanBooking, withoutSubject, withQuartersAdded } from './plan-bookings';
import { nextWorkingDay } from './working-days';

/**
 * "Push off" (SPEC §4, issue 14): a project's bookings leave the selected cells and move, per
 * employee, to the next free working day. The rule, precisely:
 *
 * 1. Every selected cell loses its booking of the project (cells without one are left alone).
 * 2. The removed bookings are placed in date order. Each goes to the first day that is after its own
 *    date, not after `until`, a working day (Monday–Friday, not a red day), not one of that
 *    employee's selected cells (the person asked to clear those), and has room for the whole booking
 *    without overbooking (its free quarters, after the moves placed before it, are at least the
 *    booking's). There it joins the project's booking of that day, if any.
 * 3. A booking with no such day is not placed: it becomes a task (the caller makes it), on its
 *    original date for the same employee, so the work is not forgotten.
 *
 * A booking is never split, and a day that had room before a move never ends overbooked.
 */

export type PlanCell = { employeeId: string; date: string };

export type PushOffInput = {
  projectId: string;
  cells: readonly PlanCell[];
  /** The bookings of an employee's day now (an empty list for a day with none). */
  bookingsOn: (employeeId: string, date: string) => readonly PlanBooking[];
  /** The last day a booking may move to (the planner's shown range, or the caller's limit). */
  until: string;
};

export type ChangedDay = PlanCell & { bookings: PlanBooking[] };

export type PushOffResult = {
  /** Every day whose bookings changed, with its new bookings. */
  days: ChangedDay[];
  moved: { employeeId: string; from: string; to: string; quarters: number }[];
  /** Bookings that found no day: each becomes a task. */
  unplaced: { employeeId: string; date: string; quarters: number }[];
};

const keyOf = (employeeId: string, date: string) => `${employeeId}|${date}`;

export const pushOff = ({ projectId, cells, bookingsOn, until }: PushOffInput): PushOffResult => {
  const subject = { kind: 'project', projectId } as const;
  const changed = new Map<string, ChangedDay>();
  const current = (employeeId: string, date: string) =>
    changed.get(keyOf(employeeId, date))?.bookings ?? bookingsOn(employeeId, date);
  const set = (employeeId: string, date: string, bookings: PlanBooking[]) =>
    changed.set(keyOf(employeeId, date), { employeeId, date, bookings });

  const selected = new Set(cells.map((cell) => keyOf(cell.employeeId, cell.date)));
  const removed: (PlanCell & { booking: PlanBooking })[] = [];
  for (const key of selected) {
    const [employeeId = '', date = ''] = key.split('|');
    const booking = current(employeeId, date).find((candidate) => isSameSubject(candidate, subject));
    if (!booking) continue;
    removed.push({ employeeId, date, booking });
    set(employeeId, date, withoutSubject(current(employeeId, date), subject));
  }
  removed.sort((a, b) => a.date.localeCompare(b.date) || a.employeeId.localeCompare(b.employeeId));

  const moved: PushOffResult['moved'] = [];
  const unplaced: PushOffResult['unplaced'] = [];
  for (const { employeeId, date, booking } of removed) {
    const to = nextWorkingDay(
      date,
      until,
      (day) =>
        !selected.has(keyOf(employeeId, day)) &&
        freeQuartersOfDay(current(employeeId, day)) >= booking.quarters,
    );
    if (to === null) {
      unplaced.push({ employeeId, date, quarters: booking.quarters });
      continue;
    }
    set(employeeId, to, withQuartersAdded(current(employeeId, to), booking));
    moved.push({ employeeId, from: date, to, quarters: booking.quarters });
  }
  return { days: [...changed.values()], moved, unplaced };
};
