import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, daysBetween, isoDayOfWeek } from './date-only';
import { type IsoWeek, isoWeekOf, previousIsoWeek } from './iso-week';
import { DEFAULT_PROCESS_COLUMNS } from './process-columns';
import { processDate, processDatesFor } from './process-dates';

const anyDate = fc.integer({ min: 0, max: 73_000 }).map((offset) => addDays('1900-01-01', offset));
const anyFactor = fc.integer({ min: 0, max: 52 });

const weeksBefore = (isoWeek: IsoWeek, weeks: number): IsoWeek => {
  let week = isoWeek;
  for (let step = 0; step < weeks; step += 1) week = previousIsoWeek(week);
  return week;
};

describe('processDate', () => {
  it('is the delivery date minus factor weeks', () => {
    expect(processDate('2025-06-13', 0)).toBe('2025-06-13');
    expect(processDate('2025-06-13', 1)).toBe('2025-06-06');
    expect(processDate('2025-06-13', 8)).toBe('2025-04-18');
  });

  it('crosses year ends, including week 53', () => {
    // Delivery in week 2 of 2027; three weeks back is week 52 of 2026, a 53-week year.
    expect(processDate('2027-01-15', 3)).toBe('2026-12-25');
    expect(isoWeekOf('2027-01-15')).toEqual({ year: 2027, week: 2 });
    expect(isoWeekOf('2026-12-25')).toEqual({ year: 2026, week: 52 });
    expect(processDate('2027-01-08', 1)).toBe('2027-01-01');
    expect(isoWeekOf('2027-01-01')).toEqual({ year: 2026, week: 53 });
  });

  it('rejects fractions of a week and bad dates', () => {
    expect(() => processDate('2025-06-13', 1.5)).toThrow(RangeError);
    expect(() => processDate('13.06.2025', 1)).toThrow(RangeError);
  });

  it('keeps the weekday', () => {
    fc.assert(
      fc.property(anyDate, anyFactor, (delivery, factor) => {
        expect(isoDayOfWeek(processDate(delivery, factor))).toBe(isoDayOfWeek(delivery));
      }),
    );
  });

  it('moves exactly factor × 7 days earlier, the larger the factor the earlier', () => {
    fc.assert(
      fc.property(anyDate, anyFactor, anyFactor, (delivery, first, second) => {
        expect(daysBetween(processDate(delivery, first), delivery)).toBe(first * 7);
        if (first < second) expect(processDate(delivery, second) < processDate(delivery, first)).toBe(true);
      }),
    );
  });

  it('lands in ISO week (delivery week − factor)', () => {
    fc.assert(
      fc.property(anyDate, anyFactor, (delivery, factor) => {
        expect(isoWeekOf(processDate(delivery, factor))).toEqual(weeksBefore(isoWeekOf(delivery), factor));
      }),
    );
  });
});

describe('processDatesFor', () => {
  it('gives each column its date by id', () => {
    expect(
      processDatesFor('2025-06-13', [
        { id: 'a', factor: 2 },
        { id: 'b', factor: 0 },
      ]),
    ).toEqual({ a: '2025-05-30', b: '2025-06-13' });
    expect(processDatesFor('2025-06-13', [])).toEqual({});
  });

  it('fills a whole grid row of the default columns', () => {
    const dates = processDatesFor('2025-06-13', DEFAULT_PROCESS_COLUMNS);
    expect(Object.keys(dates)).toEqual(DEFAULT_PROCESS_COLUMNS.map((column) => column.id));
    expect(dates.PID1).toBe('2025-04-18');
    expect(dates.PID9).toBe('2025-06-13');
  });
});
