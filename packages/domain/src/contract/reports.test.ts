import { describe, expect, it } from 'vitest';
import { reportPeriodSchema, reportProjectList, reportRange } from './reports';

const range = (query: unknown, today = '2026-11-27') => reportRange(reportPeriodSchema.parse(query), today);

describe('report periods', () => {
  it('is All Years by default, without bounds', () => {
    expect(range({})).toEqual({ from: null, to: null });
  });

  it('covers a chosen year, quarter or month, and the current one without a choice', () => {
    expect(range({ period: 'year', year: '2025' })).toEqual({ from: '2025-01-01', to: '2025-12-31' });
    expect(range({ period: 'year' })).toEqual({ from: '2026-01-01', to: '2026-12-31' });
    expect(range({ period: 'quarter' })).toEqual({ from: '2026-10-01', to: '2026-12-31' });
    expect(range({ period: 'quarter', year: 2026, part: 1 })).toEqual({
      from: '2026-01-01',
      to: '2026-03-31',
    });
    expect(range({ period: 'quarter', year: 2026, part: 2 })).toEqual({
      from: '2026-04-01',
      to: '2026-06-30',
    });
    expect(range({ period: 'month' })).toEqual({ from: '2026-11-01', to: '2026-11-30' });
  });

  it('ends February on the 29th in a leap year only', () => {
    expect(range({ period: 'month', year: 2028, part: 2 }).to).toBe('2028-02-29');
    expect(range({ period: 'month', year: 2026, part: 2 }).to).toBe('2026-02-28');
    expect(range({ period: 'month', year: 2000, part: 2 }).to).toBe('2000-02-29');
  });

  it('refuses a quarter past 4, a month past 12, a year out of range and an unknown period', () => {
    for (const query of [
      { period: 'quarter', part: 5 },
      { period: 'month', part: 13 },
      { period: 'year', year: 99999 },
      { period: 'decade' },
    ]) {
      expect(reportPeriodSchema.safeParse(query).success, JSON.stringify(query)).toBe(false);
    }
  });
});

describe('the project list behind a row', () => {
  it('is the row’s month or year, kept within the period', () => {
    expect(reportProjectList({ from: null, to: null }, '2024')).toMatchObject({
      fromDate: '2024-01-01',
      toDate: '2024-12-31',
    });
    expect(reportProjectList({ from: '2026-10-01', to: '2026-12-31' }, '2026-11')).toEqual({
      who: 'alle',
      status: 'all',
      fromDate: '2026-11-01',
      toDate: '2026-11-30',
    });
    expect(reportProjectList({ from: '2026-01-01', to: '2026-12-31' })).toMatchObject({
      fromDate: '2026-01-01',
      toDate: '2026-12-31',
    });
    expect(reportProjectList({ from: '2026-11-15', to: '2026-12-31' }, '2026-11')).toMatchObject({
      fromDate: '2026-11-15',
      toDate: '2026-11-30',
    });
  });
});
