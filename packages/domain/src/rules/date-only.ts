/**
 * Calendar dates without time or zone, as `YYYY-MM-DD` strings (DESIGN rule 8).
 *
 * The arithmetic runs on UTC midnights because a UTC day is always exactly 24 hours: no daylight-saving
 * change can push a date forwards or backwards, whatever zone the code happens to run in.
 */

const DATE_ONLY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
const MS_PER_DAY = 86_400_000;

const pad = (value: number, length: number): string => String(value).padStart(length, '0');

/** Builds `YYYY-MM-DD` from a UTC timestamp; years outside 0–9999 have no four-digit form. */
const fromUtcMs = (ms: number): string => {
  const date = new Date(ms);
  const year = date.getUTCFullYear();
  if (year < 0 || year > 9999) throw new RangeError(`year ${year} is outside 0000–9999`);
  return `${pad(year, 4)}-${pad(date.getUTCMonth() + 1, 2)}-${pad(date.getUTCDate(), 2)}`;
};

/**
 * UTC timestamp of a calendar day, or NaN. `setUTCFullYear` is used instead of `Date.UTC` because
 * `Date.UTC` maps the years 0–99 to 1900–1999.
 */
const utcMsOfParts = (year: number, month: number, day: number): number => {
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
    ? date.getTime()
    : Number.NaN;
};

/** `YYYY-MM-DD` for a real calendar day (no 31 February), otherwise null. */
export const dateOnlyFromParts = (year: number, month: number, day: number): string | null => {
  if (![year, month, day].every(Number.isInteger) || year < 0 || year > 9999) return null;
  const ms = utcMsOfParts(year, month, day);
  return Number.isNaN(ms) ? null : fromUtcMs(ms);
};

/** True for a `YYYY-MM-DD` string that names a real calendar day. */
export const isDateOnly = (value: unknown): value is string => {
  if (typeof value !== 'string') return false;
  const match = DATE_ONLY_PATTERN.exec(value);
  return match !== null && dateOnlyFromParts(Number(match[1]), Number(match[2]), Number(match[3])) !== null;
};

const toUtcMs = (date: string): number => {
  const match = DATE_ONLY_PATTERN.exec(date);
  const ms = match ? utcMsOfParts(Number(match[1]), Number(match[2]), Number(match[3])) : Number.NaN;
  if (Number.isNaN(ms)) throw new RangeError(`not a YYYY-MM-DD date: ${JSON.stringify(date)}`);
  return ms;
};

/** The date `days` calendar days after `date` (before, when negative). */
export const addDays = (date: string, days: number): string => {
  if (!Number.isInteger(days)) throw new RangeError(`days must be an integer, got ${days}`);
  return fromUtcMs(toUtcMs(date) + days * MS_PER_DAY);
};

/** Whole calendar days from `from` to `to`: positive when `to` is later. */
export const daysBetween = (from: string, to: string): number =>
  Math.round((toUtcMs(to) - toUtcMs(from)) / MS_PER_DAY);

/** ISO day of the week: 1 = Monday … 7 = Sunday. */
export const isoDayOfWeek = (date: string): number => {
  const day = new Date(toUtcMs(date)).getUTCDay();
  return day === 0 ? 7 : day;
};

/** The year of a `YYYY-MM-DD` date. */
export const yearOf = (date: string): number => {
  toUtcMs(date);
  return Number(date.slice(0, 4));
};
