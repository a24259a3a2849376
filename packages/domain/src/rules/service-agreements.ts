import { isDateOnly } from './date-only';

/**
 * Service agreements (issue 19): when the next visit falls, and what an index does to a price.
 *
 * The next visit is counted from the last completed visit, not from a fixed season: a visit done
 * late moves every later one. Before any visit the agreement's start date is the first one; an
 * agreement without an interval has that one visit and then none.
 */

export const SERVICE_INTERVALS = ['none', 'monthly', 'quarterly', 'halfYearly', 'yearly'] as const;
export type ServiceInterval = (typeof SERVICE_INTERVALS)[number];

/** SPEC §9: service info interval default none. */
export const DEFAULT_SERVICE_INTERVAL: ServiceInterval = 'none';

export const SERVICE_INTERVAL_MONTHS: Record<ServiceInterval, number> = {
  none: 0,
  monthly: 1,
  quarterly: 3,
  halfYearly: 6,
  yearly: 12,
};

const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();
const pad = (value: number, length: number) => String(value).padStart(length, '0');

/**
 * The date `months` calendar months after `date`. A day the target month does not have becomes its
 * last day: 31 January + 1 month is 28 February (29 in a leap year), 29 February + 12 months is
 * 28 February.
 */
export const addMonths = (date: string, months: number): string => {
  if (!isDateOnly(date)) throw new RangeError(`not a YYYY-MM-DD date: ${JSON.stringify(date)}`);
  if (!Number.isInteger(months)) throw new RangeError(`months must be an integer, got ${months}`);
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const index = year * 12 + (month - 1) + months;
  const targetYear = Math.floor(index / 12);
  const targetMonth = (index % 12) + 1;
  if (targetYear < 0 || targetYear > 9999) throw new RangeError(`year ${targetYear} is outside 0000–9999`);
  const targetDay = Math.min(day, daysInMonth(targetYear, targetMonth));
  return `${pad(targetYear, 4)}-${pad(targetMonth, 2)}-${pad(targetDay, 2)}`;
};

/**
 * When the next service visit of an agreement falls: the start date while no visit is done; one
 * interval after the last completed visit afterwards; none after the visit of an agreement without
 * an interval.
 */
export const nextVisitDate = (agreement: {
  interval: ServiceInterval;
  startDate: string;
  lastVisitDate: string | null;
}): string | null => {
  if (agreement.lastVisitDate === null) return agreement.startDate;
  const months = SERVICE_INTERVAL_MONTHS[agreement.interval];
  return months === 0 ? null : addMonths(agreement.lastVisitDate, months);
};

/** An index change is given in percent with at most two decimals, from −50 % to +100 %. */
export const PRICE_INDEX_LIMITS = { min: -50, max: 100 } as const;

/**
 * A price in øre after an index change of `percent` (3.1 for +3.1 %). The change is computed on
 * whole hundredths of a percent in integer arithmetic and rounded to the nearest øre, halves away
 * from zero: 10 000 øre + 3.1 % = 10 310 øre; 1 999 øre + 2.5 % = 2 048.975 → 2 049 øre.
 */
export const indexedPrice = (ore: number, percent: number): number => {
  if (!Number.isSafeInteger(ore)) throw new RangeError(`øre must be an integer, got ${ore}`);
  const hundredths = Math.round(percent * 100);
  const scaled = BigInt(ore) * BigInt(10_000 + hundredths);
  const negative = scaled < 0n;
  const magnitude = negative ? -scaled : scaled;
  const rounded = (magnitude + 5_000n) / 10_000n;
  return Number(negative ? -rounded : rounded);
};
