import { addDays, dateOnlyFromParts, daysBetween, isoDayOfWeek, yearOf } from './date-only';

/** An ISO 8601 week. `year` is the ISO week-year, which differs from the calendar year around New Year. */
export type IsoWeek = { year: number; week: number };

// Four-digit years only, with room for the week arithmetic at both ends.
const MIN_YEAR = 1;
const MAX_YEAR = 9998;

const assertYear = (year: number): void => {
  if (!Number.isInteger(year) || year < MIN_YEAR || year > MAX_YEAR) {
    throw new RangeError(`year must be an integer from ${MIN_YEAR} to ${MAX_YEAR}, got ${year}`);
  }
};

const firstOfJanuary = (year: number): string => dateOnlyFromParts(year, 1, 1)!;

/** The ISO week (and week-year) a `YYYY-MM-DD` date falls in. */
export const isoWeekOf = (date: string): IsoWeek => {
  // A week belongs to the year that holds its Thursday, so 2027-01-01 (a Friday) is in week 53 of 2026.
  const thursday = addDays(date, 4 - isoDayOfWeek(date));
  const year = yearOf(thursday);
  return { year, week: Math.floor(daysBetween(firstOfJanuary(year), thursday) / 7) + 1 };
};

/** 52 or 53: 28 December always lies in the last ISO week of its year. */
export const isoWeeksInYear = (year: number): number => {
  assertYear(year);
  return isoWeekOf(dateOnlyFromParts(year, 12, 28)!).week;
};

/** True when the week exists (week 53 only in long years). */
export const isValidIsoWeek = ({ year, week }: IsoWeek): boolean =>
  Number.isInteger(year) &&
  year >= MIN_YEAR &&
  year <= MAX_YEAR &&
  Number.isInteger(week) &&
  week >= 1 &&
  week <= isoWeeksInYear(year);

const assertIsoWeek = (isoWeek: IsoWeek): void => {
  if (!isValidIsoWeek(isoWeek)) throw new RangeError(`no such ISO week: ${JSON.stringify(isoWeek)}`);
};

/** The Monday (`YYYY-MM-DD`) that starts the week. */
export const startOfIsoWeek = (year: number, week: number): string => {
  assertIsoWeek({ year, week });
  // 4 January is always in week 1.
  const fourthOfJanuary = dateOnlyFromParts(year, 1, 4)!;
  const mondayOfWeekOne = addDays(fourthOfJanuary, 1 - isoDayOfWeek(fourthOfJanuary));
  return addDays(mondayOfWeekOne, (week - 1) * 7);
};

export const nextIsoWeek = ({ year, week }: IsoWeek): IsoWeek => {
  assertIsoWeek({ year, week });
  return week < isoWeeksInYear(year) ? { year, week: week + 1 } : { year: year + 1, week: 1 };
};

export const previousIsoWeek = ({ year, week }: IsoWeek): IsoWeek => {
  assertIsoWeek({ year, week });
  return week > 1 ? { year, week: week - 1 } : { year: year - 1, week: isoWeeksInYear(year - 1) };
};

/** The planner always shows two consecutive weeks (SPEC §4): the given week and the next. */
export const twoConsecutiveWeeks = (isoWeek: IsoWeek): readonly [IsoWeek, IsoWeek] => [
  { year: isoWeek.year, week: isoWeek.week },
  nextIsoWeek(isoWeek),
];

/** The seven dates of the week, Monday to Sunday. */
export const weekDates = ({ year, week }: IsoWeek): string[] => {
  const monday = startOfIsoWeek(year, week);
  return Array.from({ length: 7 }, (_, index) => addDays(monday, index));
};
