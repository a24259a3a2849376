import { addDays, daysBetween, isDateOnly } from './date-only';

/** SPEC §9: birthdays and anniversaries shown for the next 14 days (today included). */
export const ANNIVERSARY_WINDOW_DAYS = 14;

export type AnniversaryKind = 'birthday' | 'employment';

export type DatedPerson = {
  id: string;
  name: string;
  dateOfBirth: string | null;
  dateOfEmployment: string | null;
};

export type Anniversary = {
  personId: string;
  name: string;
  kind: AnniversaryKind;
  /** The day it is celebrated (YYYY-MM-DD), today or within the window. */
  date: string;
  /** Years turned (birthday) or years employed (anniversary). */
  years: number;
  /** Days from today (0 = today). */
  daysAway: number;
  /** A round number: every tenth birthday, every fifth year of employment. */
  isRound: boolean;
};

const isLeapYear = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

/**
 * The day a date's anniversary falls on in a year. Someone born on 29 February celebrates on
 * 28 February in years without one (still in February, the way Norwegian calendars show it).
 */
export const anniversaryIn = (date: string, year: number): string => {
  const monthDay = date.slice(5);
  const day = monthDay === '02-29' && !isLeapYear(year) ? '02-28' : monthDay;
  return `${String(year).padStart(4, '0')}-${day}`;
};

const isRound = (kind: AnniversaryKind, years: number) => years % (kind === 'birthday' ? 10 : 5) === 0;

/** The next anniversary of `date` on or after `today`, if it falls within `days` days, else null. */
export const nextAnniversary = (
  date: string,
  kind: AnniversaryKind,
  today: string,
  days: number = ANNIVERSARY_WINDOW_DAYS,
): Pick<Anniversary, 'date' | 'years' | 'daysAway' | 'isRound'> | null => {
  if (!isDateOnly(date)) return null;
  const year = Number(today.slice(0, 4));
  // Across a year end the next one is next year's (today 28.12, birthday 02.01).
  const thisYear = anniversaryIn(date, year);
  const next = thisYear >= today ? thisYear : anniversaryIn(date, year + 1);
  const years = Number(next.slice(0, 4)) - Number(date.slice(0, 4));
  // Nothing to celebrate before the first year (a date in the future, or the day itself).
  if (years < 1) return null;
  const daysAway = daysBetween(today, next);
  if (daysAway >= days) return null;
  return { date: next, years, daysAway, isRound: isRound(kind, years) };
};

/** Everyone's birthdays and employment anniversaries in the window, soonest first, then by name. */
export const upcomingAnniversaries = (
  people: readonly DatedPerson[],
  today: string,
  days: number = ANNIVERSARY_WINDOW_DAYS,
): Anniversary[] => {
  const found: Anniversary[] = [];
  for (const person of people) {
    const dates: [AnniversaryKind, string | null][] = [
      ['birthday', person.dateOfBirth],
      ['employment', person.dateOfEmployment],
    ];
    for (const [kind, date] of dates) {
      if (date === null) continue;
      const next = nextAnniversary(date, kind, today, days);
      if (next) found.push({ personId: person.id, name: person.name, kind, ...next });
    }
  }
  return found.sort(
    (a, b) => a.daysAway - b.daysAway || a.name.localeCompare(b.name, 'nb') || a.kind.localeCompare(b.kind),
  );
};

/** The last day of the window (the server can narrow its read to it). */
export const anniversaryWindowEnd = (today: string, days: number = ANNIVERSARY_WINDOW_DAYS) =>
  addDays(today, days - 1);
