import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, dateOnlyFromParts, daysBetween, isDateOnly, isoDayOfWeek, yearOf } from './date-only';

describe('date-only helpers', () => {
  it('recognises only real YYYY-MM-DD dates', () => {
    expect(isDateOnly('2024-02-29')).toBe(true);
    expect(isDateOnly('2023-02-29')).toBe(false);
    expect(isDateOnly('2024-2-9')).toBe(false);
    expect(isDateOnly('2024-13-01')).toBe(false);
    expect(isDateOnly(20240101)).toBe(false);
  });

  it('builds dates from parts, keeping two-digit years literal', () => {
    expect(dateOnlyFromParts(2024, 2, 29)).toBe('2024-02-29');
    expect(dateOnlyFromParts(2024, 2, 30)).toBeNull();
    expect(dateOnlyFromParts(99, 1, 1)).toBe('0099-01-01');
  });

  it('adds days across month, year and leap-day boundaries', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2024-12-31', 1)).toBe('2025-01-01');
    expect(addDays('2025-01-01', -1)).toBe('2024-12-31');
    // The last Sunday of March and of October change the clock in Oslo; dates must not shift.
    expect(addDays('2024-03-30', 2)).toBe('2024-04-01');
    expect(addDays('2024-10-26', 2)).toBe('2024-10-28');
  });

  it('rejects malformed input', () => {
    expect(() => addDays('2024-02-30', 1)).toThrow(RangeError);
    expect(() => addDays('2024-02-01', 1.5)).toThrow(RangeError);
    expect(() => yearOf('nonsense')).toThrow(RangeError);
  });

  it('knows the day of the week', () => {
    expect(isoDayOfWeek('2024-01-01')).toBe(1);
    expect(isoDayOfWeek('2024-01-07')).toBe(7);
    expect(yearOf('2024-01-07')).toBe(2024);
  });

  it('daysBetween is the inverse of addDays', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -40_000, max: 40_000 }),
        fc.integer({ min: -5000, max: 5000 }),
        (a, n) => {
          const from = addDays('2000-01-01', a);
          expect(daysBetween(from, addDays(from, n))).toBe(n);
        },
      ),
    );
  });
});
