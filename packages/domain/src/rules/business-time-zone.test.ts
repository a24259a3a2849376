import { describe, expect, it } from 'vitest';
import { BUSINESS_TIME_ZONE, formatDateTime, osloDateOf } from './business-time-zone';

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

describe('formatDateTime', () => {
  it('shows an instant as dd.MM.yyyy HH:mm in Oslo, in winter and summer', () => {
    expect(formatDateTime('2026-01-15T22:59:00Z')).toBe('15.01.2026 23:59');
    expect(formatDateTime('2026-07-15T22:05:00Z')).toBe('16.07.2026 00:05');
  });

  it('shows nothing for no instant', () => {
    expect(formatDateTime(null)).toBe('');
    expect(formatDateTime(undefined)).toBe('');
  });

  it('reads a Date, a number or text, across a change to summer time, and nothing for a bad one', () => {
    expect(formatDateTime(new Date('2024-07-15T22:05:00Z'))).toBe('16.07.2024 00:05');
    expect(formatDateTime(Date.parse('2024-03-31T01:30:00Z'))).toBe('31.03.2024 03:30');
    expect(formatDateTime('garbage')).toBe('');
  });
});
