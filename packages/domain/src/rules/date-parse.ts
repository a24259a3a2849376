import dayjs, { type Dayjs } from 'dayjs';
import { osloDateOf } from './business-time-zone';
import { dateOnlyFromParts } from './date-only';

/** How dates are shown (dayjs / Mantine `valueFormat` tokens): dd.MM.yyyy. */
export const DISPLAY_DATE_FORMAT = 'DD.MM.YYYY';

/** Typed dates outside these years are rejected as typos (SPEC §5). */
export const MIN_INPUT_YEAR = 1900;
export const MAX_INPUT_YEAR = 2099;

/** The English text of the error SPEC §5 demands for an invalid date-picker value. */
export const DATE_NOT_VALID_MESSAGE = 'date is not valid';

// Wall-clock time after a space, as in "dd.MM.yyyy HH:mm" or "… HH:mm:ss". It does not change the date.
const TIME = String.raw`(?: +(\d{1,2}):(\d{2})(?::(\d{2}))?)?`;
const DAY_MONTH_YEAR_DOTTED = new RegExp(String.raw`^(\d{1,2})\.(\d{1,2})\.(\d{4})${TIME}$`);
const DAY_MONTH_YEAR_SLASHED = new RegExp(String.raw`^(\d{1,2})/(\d{1,2})/(\d{4})${TIME}$`);
const YEAR_MONTH_DAY_SLASHED = new RegExp(String.raw`^(\d{4})/(\d{1,2})/(\d{1,2})${TIME}$`);
// yyyy-MM-dd, its time variants and ISO 8601: "T" or a space, optional fraction, optional Z or offset.
const YEAR_MONTH_DAY_DASHED =
  /^(\d{4})-(\d{1,2})-(\d{1,2})(?:(?:[Tt]| +)(\d{1,2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(?: *([Zz]|[+-]\d{2}(?::?\d{2})?))?)?$/;

const MS_PER_MINUTE = 60_000;

const isValidTime = (hour?: string, minute?: string, second?: string): boolean =>
  hour === undefined || (Number(hour) <= 23 && Number(minute) <= 59 && Number(second ?? 0) <= 59);

const isInInputYears = (date: string | null): date is string => {
  const year = Number(date?.slice(0, 4));
  return year >= MIN_INPUT_YEAR && year <= MAX_INPUT_YEAR;
};

const calendarDate = (year: string, month: string, day: string): string | null => {
  const date = dateOnlyFromParts(Number(year), Number(month), Number(day));
  return isInInputYears(date) ? date : null;
};

/** Minutes east of UTC for "Z", "+01:00", "+0100" or "+01"; null when the offset is impossible. */
const offsetMinutes = (zone: string): number | null => {
  if (zone === 'Z' || zone === 'z') return 0;
  const digits = zone.slice(1).replace(':', '');
  const hours = Number(digits.slice(0, 2));
  const minutes = Number(digits.slice(2) || 0);
  if (hours > 23 || minutes > 59) return null;
  return (zone.startsWith('-') ? -1 : 1) * (hours * 60 + minutes);
};

const parseDashed = (match: RegExpExecArray): string | null => {
  const [, year, month, day, hour, minute, second, fraction, zone] = match;
  const date = calendarDate(year!, month!, day!);
  if (date === null || !isValidTime(hour, minute, second)) return null;
  if (zone === undefined) return date;
  // With a zone the text is an instant; the business date is the one on a calendar in Oslo.
  const offset = offsetMinutes(zone);
  if (offset === null) return null;
  const utcMs =
    Date.UTC(
      Number(year),
      Number(month) - 1,
      Number(day),
      Number(hour),
      Number(minute),
      Number(second ?? 0),
      Number((fraction ?? '0').padEnd(3, '0').slice(0, 3)),
    ) -
    offset * MS_PER_MINUTE;
  const osloDate = osloDateOf(utcMs);
  return isInInputYears(osloDate) ? osloDate : null;
};

const parseTrimmed = (text: string): string | null => {
  const dashed = YEAR_MONTH_DAY_DASHED.exec(text);
  if (dashed) return parseDashed(dashed);

  const dotted = DAY_MONTH_YEAR_DOTTED.exec(text);
  if (dotted) {
    const [, day, month, year, hour, minute, second] = dotted;
    return isValidTime(hour, minute, second) ? calendarDate(year!, month!, day!) : null;
  }

  const yearFirst = YEAR_MONTH_DAY_SLASHED.exec(text);
  if (yearFirst) {
    const [, year, month, day, hour, minute, second] = yearFirst;
    return isValidTime(hour, minute, second) ? calendarDate(year!, month!, day!) : null;
  }

  const slashed = DAY_MONTH_YEAR_SLASHED.exec(text);
  if (slashed) {
    const [, first, second, year, hour, minute, seconds] = slashed;
    if (!isValidTime(hour, minute, seconds)) return null;
    // "03/04/2024" is ambiguous. Norwegian users write the day first, so dd/MM/yyyy wins; MM/dd/yyyy
    // is only the reading when dd/MM/yyyy is impossible ("12/31/2024").
    return calendarDate(year!, second!, first!) ?? calendarDate(year!, first!, second!);
  }

  return null;
};

/**
 * Reads a typed date as `YYYY-MM-DD`, or null. Accepted (SPEC §5): dd.MM.yyyy, yyyy-MM-dd, dd/MM/yyyy,
 * MM/dd/yyyy, yyyy/MM/dd, each optionally followed by a space and HH:mm or HH:mm:ss, and ISO 8601
 * (`2024-03-01T12:00`, with optional seconds, fraction and `Z` or offset). Day and month may have one digit.
 * Parsing is strict (no 31.02.2024) and years run 1900–2099. A wall-clock time never changes the date;
 * an instant (with `Z` or offset) becomes its Europe/Oslo calendar date.
 *
 * Unrecognised text yields null and is reported through `onUnrecognised` (the caller logs it). Blank
 * text is an empty field rather than an unknown format, so it yields null without a report.
 */
export const parseDateInput = (text: string, onUnrecognised?: (text: string) => void): string | null => {
  if (typeof text !== 'string') {
    onUnrecognised?.(String(text));
    return null;
  }
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const date = parseTrimmed(trimmed);
  if (date === null) onUnrecognised?.(text);
  return date;
};

/**
 * The business date (`YYYY-MM-DD`) of a value from a form or date picker, or null when it is none:
 * text in an accepted format, a `Date` (an instant, read on a calendar in Oslo) or a dayjs object (its own
 * calendar date, as the picker chose it). Years outside 1900–2099 count as invalid.
 */
export const toDateOnly = (value: unknown): string | null => {
  if (typeof value === 'string') return parseDateInput(value);
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) return null;
    const date = osloDateOf(value);
    return isInInputYears(date) ? date : null;
  }
  if (dayjs.isDayjs(value)) {
    if (!value.isValid()) return null;
    const date = value.format('YYYY-MM-DD');
    return isInInputYears(date) ? date : null;
  }
  return null;
};

/** dd.MM.yyyy for display; empty for a missing or unreadable date, so a table cell stays blank. */
export const formatDate = (date: string | Date | null | undefined): string => {
  const dateOnly = date === null || date === undefined ? null : toDateOnly(date);
  if (dateOnly === null) return '';
  const [year, month, day] = dateOnly.split('-');
  return `${day}.${month}.${year}`;
};

/** Throws `Error('date is not valid')` unless the date-picker value is a valid date (SPEC §5). */
export function assertValidDate(value: unknown): asserts value is string | Date | Dayjs {
  if (toDateOnly(value) === null) throw new Error(DATE_NOT_VALID_MESSAGE);
}
