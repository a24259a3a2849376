import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, isoDayOfWeek } from './date-only';
import { easterSunday, isRedDay, norwegianRedDays, RED_DAY_NAMES, redDayOf } from './red-days';

describe('easterSunday', () => {
  it.each([
    [2024, '2024-03-31'],
    [2025, '2025-04-20'],
    [2026, '2026-04-05'],
    [2027, '2027-03-28'],
    [2038, '2038-04-25'],
    [2285, '2285-03-22'],
    [1900, '1900-04-15'],
    [2000, '2000-04-23'],
  ])('%i → %s', (year, expected) => {
    expect(easterSunday(year)).toBe(expected);
  });

  it('is always a Sunday between 22 March and 25 April', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1583, max: 9999 }), (year) => {
        const easter = easterSunday(year);
        expect(isoDayOfWeek(easter)).toBe(7);
        const monthDay = easter.slice(5);
        expect(monthDay >= '03-22' && monthDay <= '04-25').toBe(true);
      }),
    );
  });

  it('rejects years outside the Gregorian computus', () => {
    expect(() => easterSunday(1582)).toThrow(RangeError);
    expect(() => easterSunday(2024.5)).toThrow(RangeError);
  });
});

describe('norwegianRedDays', () => {
  it('lists the twelve holidays of 2025 in date order', () => {
    expect(norwegianRedDays(2025)).toEqual([
      { date: '2025-01-01', name: 'newYearsDay' },
      { date: '2025-04-17', name: 'maundyThursday' },
      { date: '2025-04-18', name: 'goodFriday' },
      { date: '2025-04-20', name: 'easterSunday' },
      { date: '2025-04-21', name: 'easterMonday' },
      { date: '2025-05-01', name: 'labourDay' },
      { date: '2025-05-17', name: 'constitutionDay' },
      { date: '2025-05-29', name: 'ascensionDay' },
      { date: '2025-06-08', name: 'whitSunday' },
      { date: '2025-06-09', name: 'whitMonday' },
      { date: '2025-12-25', name: 'christmasDay' },
      { date: '2025-12-26', name: 'boxingDay' },
    ]);
  });

  it('puts Ascension 39 and Whit Sunday 49 days after Easter', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1900, max: 2099 }), (year) => {
        const days = norwegianRedDays(year);
        const dateOf = (name: string) => days.find((day) => day.name === name)?.date;
        const easter = easterSunday(year);
        expect(dateOf('ascensionDay')).toBe(addDays(easter, 39));
        expect(dateOf('whitSunday')).toBe(addDays(easter, 49));
        expect(days.map((day) => day.name).sort()).toEqual([...RED_DAY_NAMES].sort());
        expect(days.map((day) => day.date)).toEqual(days.map((day) => day.date).sort());
      }),
    );
  });

  it('keeps both names when Ascension falls on 1 May (2008)', () => {
    const firstOfMay = norwegianRedDays(2008).filter((day) => day.date === '2008-05-01');
    expect(firstOfMay.map((day) => day.name)).toEqual(['labourDay', 'ascensionDay']);
  });
});

describe('isRedDay', () => {
  it('knows holidays from ordinary days', () => {
    expect(isRedDay('2026-04-03')).toBe(true);
    expect(isRedDay('2026-05-17')).toBe(true);
    expect(isRedDay('2026-05-14')).toBe(true);
    expect(isRedDay('2026-05-18')).toBe(false);
    // An ordinary Sunday is not a public holiday.
    expect(isRedDay('2026-03-01')).toBe(false);
  });

  it('rejects malformed dates', () => {
    expect(() => isRedDay('17.05.2026')).toThrow(RangeError);
  });
});

describe('redDayOf', () => {
  it('names the holiday on a red day and nothing on an ordinary day', () => {
    expect(redDayOf('2026-12-25')).toEqual({ date: '2026-12-25', name: 'christmasDay' });
    expect(redDayOf('2027-03-29')).toEqual({ date: '2027-03-29', name: 'easterMonday' });
    expect(redDayOf('2026-12-18')).toBeUndefined();
  });
});
