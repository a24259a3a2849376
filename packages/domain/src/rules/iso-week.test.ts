import dayjs from 'dayjs';
import isoWeek from 'dayjs/plugin/isoWeek';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, daysBetween, isoDayOfWeek } from './date-only';
import {
  type IsoWeek,
  isoWeekOf,
  isoWeeksInYear,
  isValidIsoWeek,
  nextIsoWeek,
  previousIsoWeek,
  startOfIsoWeek,
  twoConsecutiveWeeks,
  weekDates,
} from './iso-week';

dayjs.extend(isoWeek);

const anyDate = fc.integer({ min: 0, max: 73_000 }).map((offset) => addDays('1900-01-01', offset));
const anyWeek: fc.Arbitrary<IsoWeek> = anyDate.map(isoWeekOf);

describe('isoWeekOf', () => {
  it.each([
    ['2026-01-01', { year: 2026, week: 1 }],
    ['2027-01-01', { year: 2026, week: 53 }],
    ['2024-12-30', { year: 2025, week: 1 }],
    ['2021-01-03', { year: 2020, week: 53 }],
    ['2024-01-01', { year: 2024, week: 1 }],
    ['2024-06-15', { year: 2024, week: 24 }],
    ['2023-01-01', { year: 2022, week: 52 }],
  ])('%s is %o', (date, expected) => {
    expect(isoWeekOf(date)).toEqual(expected);
  });

  it('agrees with the dayjs isoWeek plugin', () => {
    fc.assert(
      fc.property(anyDate, (date) => {
        const reference = dayjs(date);
        expect(isoWeekOf(date)).toEqual({ year: reference.isoWeekYear(), week: reference.isoWeek() });
      }),
    );
  });
});

describe('isoWeeksInYear', () => {
  it('knows long and short years', () => {
    expect(isoWeeksInYear(2020)).toBe(53);
    expect(isoWeeksInYear(2026)).toBe(53);
    expect(isoWeeksInYear(2015)).toBe(53);
    expect(isoWeeksInYear(2024)).toBe(52);
    expect(isoWeeksInYear(2025)).toBe(52);
  });
});

describe('startOfIsoWeek', () => {
  it('returns the Monday', () => {
    expect(startOfIsoWeek(2025, 1)).toBe('2024-12-30');
    expect(startOfIsoWeek(2026, 53)).toBe('2026-12-28');
    expect(startOfIsoWeek(2020, 53)).toBe('2020-12-28');
  });

  it('rejects weeks that do not exist', () => {
    expect(() => startOfIsoWeek(2025, 53)).toThrow(RangeError);
    expect(() => startOfIsoWeek(2025, 0)).toThrow(RangeError);
    expect(() => startOfIsoWeek(2025, 1.5)).toThrow(RangeError);
    expect(isValidIsoWeek({ year: 2026, week: 53 })).toBe(true);
    expect(isValidIsoWeek({ year: 2025, week: 53 })).toBe(false);
  });

  it('is a Monday in the same week', () => {
    fc.assert(
      fc.property(anyWeek, (week) => {
        const monday = startOfIsoWeek(week.year, week.week);
        expect(isoDayOfWeek(monday)).toBe(1);
        expect(isoWeekOf(monday)).toEqual(week);
      }),
    );
  });
});

describe('next and previous week', () => {
  it('crosses year ends and week 53', () => {
    expect(nextIsoWeek({ year: 2026, week: 52 })).toEqual({ year: 2026, week: 53 });
    expect(nextIsoWeek({ year: 2026, week: 53 })).toEqual({ year: 2027, week: 1 });
    expect(nextIsoWeek({ year: 2025, week: 52 })).toEqual({ year: 2026, week: 1 });
    expect(previousIsoWeek({ year: 2027, week: 1 })).toEqual({ year: 2026, week: 53 });
    expect(previousIsoWeek({ year: 2026, week: 1 })).toEqual({ year: 2025, week: 52 });
    expect(previousIsoWeek({ year: 2026, week: 10 })).toEqual({ year: 2026, week: 9 });
  });

  it('next undoes previous and previous undoes next', () => {
    fc.assert(
      fc.property(anyWeek, (week) => {
        expect(nextIsoWeek(previousIsoWeek(week))).toEqual(week);
        expect(previousIsoWeek(nextIsoWeek(week))).toEqual(week);
      }),
    );
  });

  it('consecutive weeks start 7 days apart', () => {
    fc.assert(
      fc.property(anyWeek, (week) => {
        const next = nextIsoWeek(week);
        expect(daysBetween(startOfIsoWeek(week.year, week.week), startOfIsoWeek(next.year, next.week))).toBe(
          7,
        );
      }),
    );
  });

  it('rejects a week that does not exist', () => {
    expect(() => nextIsoWeek({ year: 2025, week: 53 })).toThrow(RangeError);
  });
});

describe('twoConsecutiveWeeks', () => {
  it('returns the week and the next', () => {
    expect(twoConsecutiveWeeks({ year: 2026, week: 53 })).toEqual([
      { year: 2026, week: 53 },
      { year: 2027, week: 1 },
    ]);
  });
});

describe('weekDates', () => {
  it('lists Monday to Sunday', () => {
    expect(weekDates({ year: 2025, week: 1 })).toEqual([
      '2024-12-30',
      '2024-12-31',
      '2025-01-01',
      '2025-01-02',
      '2025-01-03',
      '2025-01-04',
      '2025-01-05',
    ]);
  });

  it('every date lies in that week', () => {
    fc.assert(
      fc.property(anyWeek, (week) => {
        const dates = weekDates(week);
        expect(dates).toHaveLength(7);
        for (const date of dates) expect(isoWeekOf(date)).toEqual(week);
      }),
    );
  });
});
