import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays } from './date-only';
import { DELIVERY_WARNING_DAYS, daysUntil, deliveryColour } from './delivery-colour';

describe('daysUntil', () => {
  it('counts calendar days, across month ends and clock changes', () => {
    expect(daysUntil('2024-03-01', '2024-02-28')).toBe(2);
    expect(daysUntil('2024-04-01', '2024-03-30')).toBe(2);
    expect(daysUntil('2024-01-01', '2024-01-05')).toBe(-4);
  });
});

describe('deliveryColour', () => {
  it('uses a 3-day warning window', () => {
    expect(DELIVERY_WARNING_DAYS).toBe(3);
    const today = '2026-03-10';
    expect(deliveryColour('2026-03-09', today)).toBe('red');
    expect(deliveryColour('2026-03-10', today)).toBe('red');
    expect(deliveryColour('2026-03-11', today)).toBe('orange');
    expect(deliveryColour('2026-03-13', today)).toBe('orange');
    expect(deliveryColour('2026-03-14', today)).toBe('green');
  });

  it('follows the thresholds for any today and offset', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 73_000 }), fc.integer({ min: -400, max: 400 }), (day, offset) => {
        const today = addDays('1900-01-01', day);
        const expected = offset <= 0 ? 'red' : offset <= DELIVERY_WARNING_DAYS ? 'orange' : 'green';
        expect(deliveryColour(addDays(today, offset), today)).toBe(expected);
      }),
    );
  });
});
