/**
 * Day parts of the resource planner (SPEC §9: 1/4, 1/2, 1/1). A booking's length is kept as whole
 * quarters of a day, so every sum is exact integer arithmetic: a day holds at most four quarters, and
 * more than that is an overbooking the person must confirm (SPEC §4 / issue 14).
 */

export const QUARTERS_PER_DAY = 4;

/** The day parts a person picks: a quarter, a half or the whole day, in quarters. */
export const DAY_PARTS = [1, 2, 4] as const;
export type DayPart = (typeof DAY_PARTS)[number];

export const isDayPart = (value: unknown): value is DayPart =>
  (DAY_PARTS as readonly unknown[]).includes(value);

/**
 * A normal Norwegian working day (37.5 hours a week over five days). A quarter is 1.875 hours, which a
 * double holds exactly (15/8), so hour totals made from quarters never drift.
 */
export const HOURS_PER_DAY = 7.5;

export const hoursOfQuarters = (quarters: number): number => (quarters * HOURS_PER_DAY) / QUARTERS_PER_DAY;

/** Quarters booked on one day: the sum over its bookings, whatever they are (work, tasks, absence). */
export const quartersOfDay = (bookings: readonly { quarters: number }[]): number =>
  bookings.reduce((sum, booking) => sum + booking.quarters, 0);

/** Quarters still free on a day (never negative: an overbooked day has none). */
export const freeQuartersOfDay = (bookings: readonly { quarters: number }[]): number =>
  Math.max(0, QUARTERS_PER_DAY - quartersOfDay(bookings));

export const isOverbooked = (bookings: readonly { quarters: number }[]): boolean =>
  quartersOfDay(bookings) > QUARTERS_PER_DAY;
