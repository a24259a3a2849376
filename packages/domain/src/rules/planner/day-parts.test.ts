import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DAY_PARTS,
  freeQuartersOfDay,
  HOURS_PER_DAY,
  hoursOfQuarters,
  isDayPart,
  isOverbooked,
  QUARTERS_PER_DAY,
  quartersOfDay,
} from './day-parts';

const bookings = fc.array(fc.record({ quarters: fc.constantFrom(...DAY_PARTS) }), { maxLength: 8 });

describe('day parts', () => {
  it('are a quarter, a half and a whole day; nothing else is one', () => {
    expect(DAY_PARTS.map((part) => part / QUARTERS_PER_DAY)).toEqual([0.25, 0.5, 1]);
    for (const bad of [0, 3, 5, 1.5, -1, '2', null]) expect(isDayPart(bad)).toBe(false);
  });

  it('turn into hours exactly: a quarter is 1.875 hours, a whole day 7.5', () => {
    expect(hoursOfQuarters(1)).toBe(1.875);
    expect(hoursOfQuarters(QUARTERS_PER_DAY)).toBe(HOURS_PER_DAY);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000 }), fc.integer({ min: 0, max: 1_000_000 }), (a, b) => {
        // Exact: the hours of a sum are the sum of the hours, with no rounding drift.
        expect(hoursOfQuarters(a + b)).toBe(hoursOfQuarters(a) + hoursOfQuarters(b));
      }),
    );
  });

  it('a day is overbooked exactly when its quarters pass a whole day, and then has nothing free', () => {
    fc.assert(
      fc.property(bookings, (day) => {
        const total = quartersOfDay(day);
        expect(isOverbooked(day)).toBe(total > QUARTERS_PER_DAY);
        expect(freeQuartersOfDay(day)).toBe(Math.max(0, QUARTERS_PER_DAY - total));
        expect(total + freeQuartersOfDay(day)).toBeGreaterThanOrEqual(QUARTERS_PER_DAY);
      }),
    );
    expect(isOverbooked([{ quarters: 2 }, { quarters: 2 }])).toBe(false);
    expect(isOverbooked([{ quarters: 4 }, { quarters: 1 }])).toBe(true);
  });
});
