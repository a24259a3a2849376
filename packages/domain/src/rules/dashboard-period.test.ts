import { describe, expect, it } from 'vitest';
import { completionRate, periodRange } from './dashboard-period';

describe('dashboard periods', () => {
  it('reads All Years as everything due up to today', () => {
    expect(periodRange('all', '2026-11-27')).toEqual({ from: null, to: '2026-11-27' });
  });
  it('starts the year, quarter and month at their first day', () => {
    expect(periodRange('year', '2026-11-27').from).toBe('2026-01-01');
    expect(periodRange('quarter', '2026-11-27').from).toBe('2026-10-01');
    expect(periodRange('quarter', '2026-03-31').from).toBe('2026-01-01');
    expect(periodRange('month', '2026-11-27').from).toBe('2026-11-01');
  });
  it('gives no rate when nothing was due', () => {
    expect(completionRate(0, 0)).toBeNull();
    expect(completionRate(2, 3)).toBe(67);
  });
});
