import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { anniversaryIn, nextAnniversary, upcomingAnniversaries } from './dashboard-anniversaries';
import { addDays, daysBetween } from './date-only';

describe('anniversaries in the next 14 days', () => {
  it('finds a birthday later this month with the age turned', () => {
    expect(nextAnniversary('1976-12-03', 'birthday', '2026-11-27')).toEqual({
      date: '2026-12-03',
      years: 50,
      daysAway: 6,
      isRound: true,
    });
  });

  it('includes today and stops after 13 days ahead (14 days in all)', () => {
    expect(nextAnniversary('1990-11-27', 'birthday', '2026-11-27')?.daysAway).toBe(0);
    expect(nextAnniversary('1990-12-10', 'birthday', '2026-11-27')?.daysAway).toBe(13);
    expect(nextAnniversary('1990-12-11', 'birthday', '2026-11-27')).toBeNull();
  });

  it('looks across the year end into next year, counting the new age', () => {
    expect(nextAnniversary('1981-01-02', 'birthday', '2026-12-28')).toEqual({
      date: '2027-01-02',
      years: 46,
      daysAway: 5,
      isRound: false,
    });
  });

  it('celebrates 29 February on 28 February in a year without one, and on the 29th in a leap year', () => {
    expect(anniversaryIn('2000-02-29', 2027)).toBe('2027-02-28');
    expect(anniversaryIn('2000-02-29', 2028)).toBe('2028-02-29');
    expect(nextAnniversary('2000-02-29', 'birthday', '2027-02-20')?.date).toBe('2027-02-28');
    expect(nextAnniversary('2000-02-29', 'birthday', '2028-02-20')?.date).toBe('2028-02-29');
  });

  it('marks every tenth birthday and every fifth year of employment as round', () => {
    expect(nextAnniversary('1987-12-01', 'birthday', '2026-11-27')?.isRound).toBe(false);
    expect(nextAnniversary('2016-12-01', 'employment', '2026-11-27')).toMatchObject({
      years: 10,
      isRound: true,
    });
    expect(nextAnniversary('2021-12-01', 'employment', '2026-11-27')).toMatchObject({
      years: 5,
      isRound: true,
    });
    expect(nextAnniversary('2023-12-01', 'employment', '2026-11-27')).toMatchObject({
      years: 3,
      isRound: false,
    });
  });

  it('has nothing to celebrate before the first full year', () => {
    expect(nextAnniversary('2026-12-01', 'employment', '2026-11-27')).toBeNull();
    expect(nextAnniversary('2026-11-27', 'employment', '2026-11-27')).toBeNull();
  });

  it('lists both kinds, soonest first', () => {
    const found = upcomingAnniversaries(
      [
        { id: 'a', name: 'Kari', dateOfBirth: '1980-12-05', dateOfEmployment: '2016-11-28' },
        { id: 'b', name: 'Ola', dateOfBirth: '1990-06-01', dateOfEmployment: null },
      ],
      '2026-11-27',
    );
    expect(found.map((item) => [item.name, item.kind, item.date])).toEqual([
      ['Kari', 'employment', '2026-11-28'],
      ['Kari', 'birthday', '2026-12-05'],
    ]);
  });

  const day = fc.integer({ min: 0, max: 365 * 120 }).map((offset) => addDays('1920-01-01', offset));
  it('always answers a day within the window on the same month and day (or 28.02 for 29.02)', () => {
    fc.assert(
      fc.property(day, day, (born, today) => {
        const next = nextAnniversary(born, 'birthday', today);
        if (next === null) return;
        expect(next.date >= today).toBe(true);
        expect(daysBetween(today, next.date)).toBe(next.daysAway);
        expect(next.daysAway).toBeLessThan(14);
        const expected =
          born.slice(5) === '02-29' && next.date.slice(5) === '02-28' ? '02-28' : born.slice(5);
        expect(next.date.slice(5)).toBe(expected);
        expect(next.years).toBe(Number(next.date.slice(0, 4)) - Number(born.slice(0, 4)));
      }),
    );
  });

  it('never misses one: a date whose anniversary is in the window is found', () => {
    fc.assert(
      fc.property(
        day,
        fc.integer({ min: 0, max: 13 }),
        fc.integer({ min: 1, max: 80 }),
        (today, ahead, years) => {
          const target = addDays(today, ahead);
          const born = `${String(Number(target.slice(0, 4)) - years).padStart(4, '0')}-${target.slice(5)}`;
          // 29.02 of a year without one is no date; the test only asks about real dates.
          if (Number.isNaN(Date.parse(born)) || born.slice(5) === '02-29') return;
          expect(nextAnniversary(born, 'birthday', today)).toMatchObject({ date: target, years });
        },
      ),
    );
  });
});
