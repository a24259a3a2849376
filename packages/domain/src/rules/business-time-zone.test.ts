import { describe, expect, it } from 'vitest';
import { BUSINESS_TIME_ZONE, osloDateOf } from './business-time-zone';

describe('osloDateOf', () => {
  it('is Europe/Oslo', () => {
    expect(BUSINESS_TIME_ZONE).toBe('Europe/Oslo');
  });

  it('turns an instant into the Oslo calendar date, in winter (+01:00) and summer (+02:00)', () => {
    expect(osloDateOf(new Date('2024-01-15T22:59:59Z'))).toBe('2024-01-15');
    expect(osloDateOf(new Date('2024-01-15T23:00:00Z'))).toBe('2024-01-16');
    expect(osloDateOf(Date.parse('2024-07-15T21:59:59Z'))).toBe('2024-07-15');
    expect(osloDateOf(Date.parse('2024-07-15T22:00:00Z'))).toBe('2024-07-16');
  });

  it('handles the nights the clocks change', () => {
    expect(osloDateOf(new Date('2024-03-30T23:30:00Z'))).toBe('2024-03-31');
    expect(osloDateOf(new Date('2024-10-26T22:30:00Z'))).toBe('2024-10-27');
  });

  it('rejects an invalid instant', () => {
    expect(() => osloDateOf(new Date('garbage'))).toThrow(RangeError);
  });
});
