import { describe, expect, it } from 'vitest';
import { weekDates } from '../iso-week';
import { isWorkingDay, nextWorkingDay, workingDaysOf } from './working-days';

describe('working days', () => {
  it('skip weekends and red days (Easter week 2026: Maundy Thursday 2 April to Easter Monday 6 April)', () => {
    expect(workingDaysOf(weekDates({ year: 2026, week: 14 }))).toEqual([
      '2026-03-30',
      '2026-03-31',
      '2026-04-01',
    ]);
    expect(isWorkingDay('2026-04-06')).toBe(false);
    expect(nextWorkingDay('2026-04-01', '2026-04-30')).toBe('2026-04-07');
  });

  it('cross the year end: 24 December 2026 (Thursday) is followed by 28 December', () => {
    expect(nextWorkingDay('2026-12-24', '2027-01-10')).toBe('2026-12-28');
    expect(nextWorkingDay('2026-12-31', '2027-01-10')).toBe('2027-01-04');
  });

  it('stop at the last allowed day and honour the caller’s test', () => {
    expect(nextWorkingDay('2026-04-01', '2026-04-06')).toBeNull();
    expect(nextWorkingDay('2026-03-30', '2026-04-30', (day) => day !== '2026-03-31')).toBe('2026-04-01');
  });
});
