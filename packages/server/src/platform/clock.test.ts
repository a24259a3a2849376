import { describe, expect, it } from 'vitest';
import { todayIn } from './clock';

const at = (iso: string) => ({ now: () => new Date(iso) });

describe('todayIn', () => {
  it("answers Oslo's calendar date, which turns an hour (winter) or two (summer) before UTC's", () => {
    expect(todayIn(at('2026-11-26T22:59:59Z'))).toBe('2026-11-26');
    expect(todayIn(at('2026-11-26T23:00:00Z'))).toBe('2026-11-27');
    expect(todayIn(at('2026-06-30T21:59:59Z'))).toBe('2026-06-30');
    expect(todayIn(at('2026-06-30T22:00:00Z'))).toBe('2026-07-01');
  });

  it('writes the year with four digits and month and day with two', () => {
    expect(todayIn(at('2027-01-01T12:00:00Z'))).toBe('2027-01-01');
  });
});
