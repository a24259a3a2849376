import { describe, expect, it } from 'vitest';
import { addMonths, indexedPrice, nextVisitDate } from './service-agreements';

describe('addMonths', () => {
  it('keeps the day when the month has it', () => {
    expect(addMonths('2026-01-15', 1)).toBe('2026-02-15');
    expect(addMonths('2026-03-30', 3)).toBe('2026-06-30');
  });

  it('falls back to the last day of a shorter month', () => {
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2028-01-31', 1)).toBe('2028-02-29');
    expect(addMonths('2026-08-31', 1)).toBe('2026-09-30');
    expect(addMonths('2026-05-31', 3)).toBe('2026-08-31');
    expect(addMonths('2026-11-30', 3)).toBe('2027-02-28');
  });

  it('handles leap days over a year', () => {
    expect(addMonths('2028-02-29', 12)).toBe('2029-02-28');
    expect(addMonths('2027-02-28', 12)).toBe('2028-02-28');
    expect(addMonths('2028-02-29', 48)).toBe('2032-02-29');
    expect(addMonths('2027-08-29', 6)).toBe('2028-02-29');
  });

  it('crosses year ends', () => {
    expect(addMonths('2026-12-31', 1)).toBe('2027-01-31');
    expect(addMonths('2026-11-15', 3)).toBe('2027-02-15');
    expect(addMonths('2026-10-31', 6)).toBe('2027-04-30');
    expect(addMonths('2026-12-31', 12)).toBe('2027-12-31');
  });

  it('refuses what is not a date', () => {
    expect(() => addMonths('2026-02-30', 1)).toThrow(RangeError);
    expect(() => addMonths('2026-01-01', 1.5)).toThrow(RangeError);
  });
});

describe('nextVisitDate', () => {
  const agreement = { interval: 'quarterly' as const, startDate: '2026-03-01', lastVisitDate: null };

  it('is the start date before any visit', () => {
    expect(nextVisitDate(agreement)).toBe('2026-03-01');
    expect(nextVisitDate({ ...agreement, interval: 'none' })).toBe('2026-03-01');
  });

  it('is one interval after the last completed visit, not a fixed season', () => {
    expect(nextVisitDate({ ...agreement, lastVisitDate: '2026-03-20' })).toBe('2026-06-20');
    expect(nextVisitDate({ ...agreement, interval: 'monthly', lastVisitDate: '2026-01-31' })).toBe(
      '2026-02-28',
    );
    expect(nextVisitDate({ ...agreement, interval: 'halfYearly', lastVisitDate: '2026-08-31' })).toBe(
      '2027-02-28',
    );
    expect(nextVisitDate({ ...agreement, interval: 'yearly', lastVisitDate: '2028-02-29' })).toBe(
      '2029-02-28',
    );
    expect(nextVisitDate({ ...agreement, interval: 'quarterly', lastVisitDate: '2026-11-30' })).toBe(
      '2027-02-28',
    );
  });

  it('has no next visit after the one visit of an agreement without an interval', () => {
    expect(nextVisitDate({ ...agreement, interval: 'none', lastVisitDate: '2026-03-01' })).toBeNull();
  });
});

describe('indexedPrice', () => {
  it('adds the index in whole øre, halves away from zero', () => {
    expect(indexedPrice(1_000_000, 3.1)).toBe(1_031_000);
    expect(indexedPrice(1_999, 2.5)).toBe(2_049);
    expect(indexedPrice(1_000, 0.05)).toBe(1_001);
    expect(indexedPrice(1_000, -0.05)).toBe(1_000);
    expect(indexedPrice(0, 3.1)).toBe(0);
    expect(indexedPrice(123_456_789, 0)).toBe(123_456_789);
  });

  it('lowers a price for a negative index', () => {
    expect(indexedPrice(10_000, -1.5)).toBe(9_850);
  });

  it('stays exact for large prices', () => {
    expect(indexedPrice(9_000_000_000_000, 3.33)).toBe(9_299_700_000_000);
  });
});
