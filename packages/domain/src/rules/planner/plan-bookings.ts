import { QUARTERS_PER_DAY } from './day-parts';

/**
 * What a planner cell (one employee on one day) holds: bookings of a project, a task, a service item or an absence,
 * each a number of quarters of the day (day-parts.ts). A day holds at most one booking per subject:
 * booking the same project again sets its length rather than adding a second entry.
 */

/** SPEC §2 planner dialogs: an absence is a holiday, sickness or a course. */
export const ABSENCE_KINDS = ['holiday', 'sick', 'course'] as const;
export type AbsenceKind = (typeof ABSENCE_KINDS)[number];

export type PlanSubject =
  | { kind: 'project'; projectId: string }
  | { kind: 'task'; taskId: string }
  /** A service item of a service project (issue 14 "assign a project, a service item or a task"). */
  | { kind: 'serviceItem'; serviceItemId: string }
  | { kind: 'absence'; absence: AbsenceKind };

/** One booking on a day; `quarters` is 1 to 4 (a picked day part is 1, 2 or 4; moves may merge to 3). */
export type PlanBooking = PlanSubject & { id: string; quarters: number };

export const isSameSubject = (a: PlanSubject, b: PlanSubject): boolean => {
  switch (a.kind) {
    case 'project':
      return b.kind === 'project' && a.projectId === b.projectId;
    case 'task':
      return b.kind === 'task' && a.taskId === b.taskId;
    case 'serviceItem':
      return b.kind === 'serviceItem' && a.serviceItemId === b.serviceItemId;
    case 'absence':
      return b.kind === 'absence' && a.absence === b.absence;
  }
};

const subjectOf = (booking: PlanBooking): PlanSubject => {
  switch (booking.kind) {
    case 'project':
      return { kind: 'project', projectId: booking.projectId };
    case 'task':
      return { kind: 'task', taskId: booking.taskId };
    case 'serviceItem':
      return { kind: 'serviceItem', serviceItemId: booking.serviceItemId };
    case 'absence':
      return { kind: 'absence', absence: booking.absence };
  }
};

/**
 * The day with `subject` booked for `quarters`: an existing booking of the same subject gets the new
 * length (the person picked "1/2 day of this project" for the cell), otherwise a booking is added.
 */
export const withBooking = (
  bookings: readonly PlanBooking[],
  subject: PlanSubject,
  quarters: number,
  newId: () => string,
): PlanBooking[] => {
  if (!Number.isInteger(quarters) || quarters < 1 || quarters > QUARTERS_PER_DAY) {
    throw new RangeError(`a booking is 1 to ${QUARTERS_PER_DAY} quarters, got ${quarters}`);
  }
  const existing = bookings.find((booking) => isSameSubject(booking, subject));
  if (existing) {
    return bookings.map((booking) => (booking === existing ? { ...booking, quarters } : booking));
  }
  return [...bookings, { ...subject, id: newId(), quarters } as PlanBooking];
};

/**
 * The day with `quarters` more of the booking's subject (a pushed-off booking joining the same
 * project's booking on its new day keeps that booking's id).
 */
export const withQuartersAdded = (bookings: readonly PlanBooking[], moved: PlanBooking): PlanBooking[] => {
  const subject = subjectOf(moved);
  const existing = bookings.find((booking) => isSameSubject(booking, subject));
  if (!existing) return [...bookings, moved];
  return bookings.map((booking) =>
    booking === existing ? { ...booking, quarters: booking.quarters + moved.quarters } : booking,
  );
};

export const withoutSubject = (bookings: readonly PlanBooking[], subject: PlanSubject): PlanBooking[] =>
  bookings.filter((booking) => !isSameSubject(booking, subject));
