import { addDays, dateOnlyFromParts, isDateOnly, yearOf } from './date-only';

/** i18n-free names of the Norwegian public holidays; the UI translates them. */
export const RED_DAY_NAMES = [
  'newYearsDay',
  'maundyThursday',
  'goodFriday',
  'easterSunday',
  'easterMonday',
  'labourDay',
  'constitutionDay',
  'ascensionDay',
  'whitSunday',
  'whitMonday',
  'christmasDay',
  'boxingDay',
] as const;

export type RedDayName = (typeof RED_DAY_NAMES)[number];
export type RedDay = { date: string; name: RedDayName };

// Days from Easter Sunday to each movable holiday.
const EASTER_OFFSETS: ReadonlyArray<readonly [RedDayName, number]> = [
  ['maundyThursday', -3],
  ['goodFriday', -2],
  ['easterSunday', 0],
  ['easterMonday', 1],
  ['ascensionDay', 39],
  ['whitSunday', 49],
  ['whitMonday', 50],
];

const FIXED_DAYS: ReadonlyArray<readonly [RedDayName, number, number]> = [
  ['newYearsDay', 1, 1],
  ['labourDay', 5, 1],
  ['constitutionDay', 5, 17],
  ['christmasDay', 12, 25],
  ['boxingDay', 12, 26],
];

// The Gregorian computus is defined from 1583; four-digit years keep the strings valid.
const MIN_YEAR = 1583;
const MAX_YEAR = 9999;

const assertYear = (year: number): void => {
  if (!Number.isInteger(year) || year < MIN_YEAR || year > MAX_YEAR) {
    throw new RangeError(`year must be an integer from ${MIN_YEAR} to ${MAX_YEAR}, got ${year}`);
  }
};

/** Easter Sunday (`YYYY-MM-DD`) by the anonymous Gregorian computus (Meeus/Jones/Butcher). */
export const easterSunday = (year: number): string => {
  assertYear(year);
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return dateOnlyFromParts(year, month, day)!;
};

/**
 * The twelve Norwegian public holidays of a year, sorted by date. Ordinary Sundays are not listed:
 * SPEC §9 defines red days as the Easter-based holidays plus the five fixed dates.
 */
export const norwegianRedDays = (year: number): RedDay[] => {
  const easter = easterSunday(year);
  const movable = EASTER_OFFSETS.map(([name, offset]): RedDay => ({ date: addDays(easter, offset), name }));
  const fixed = FIXED_DAYS.map(
    ([name, month, day]): RedDay => ({ date: dateOnlyFromParts(year, month, day)!, name }),
  );
  // Fixed and movable days can coincide (Ascension on 1 or 17 May); both stay listed.
  return [...fixed, ...movable].sort((x, y) => x.date.localeCompare(y.date));
};

/** The Norwegian public holiday on a `YYYY-MM-DD` date, if any (the first, where two coincide). */
export const redDayOf = (date: string): RedDay | undefined => {
  if (!isDateOnly(date)) throw new RangeError(`not a YYYY-MM-DD date: ${JSON.stringify(date)}`);
  const year = yearOf(date);
  return year >= MIN_YEAR ? norwegianRedDays(year).find((redDay) => redDay.date === date) : undefined;
};

/** True when the `YYYY-MM-DD` date is a Norwegian public holiday. */
export const isRedDay = (date: string): boolean => redDayOf(date) !== undefined;
