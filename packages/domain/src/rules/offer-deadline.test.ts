import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, daysBetween } from './date-only';
import { isPaymentPlanComplete, offerStatusDeadline, statusDeadline } from './offer-deadline';

const dateArb = fc
  .date({ min: new Date('1990-01-01T00:00:00Z'), max: new Date('2090-12-31T00:00:00Z'), noInvalidDate: true })
  .map((date) => date.toISOString().slice(0, 10));

describe('statusDeadline', () => {
  it('is the change date plus the status days, else the default days', () => {
    expect(
      statusDeadline({ statusChangedAt: '2026-03-02', statusDeadlineDays: 7, defaultDeadlineDays: 14 }),
    ).toBe('2026-03-09');
    expect(
      statusDeadline({ statusChangedAt: '2026-03-02', statusDeadlineDays: null, defaultDeadlineDays: 14 }),
    ).toBe('2026-03-16');
  });

  it('always lies exactly the effective number of days after the change', () => {
    fc.assert(
      fc.property(
        dateArb,
        fc.option(fc.integer({ min: 0, max: 365 }), { nil: null }),
        fc.integer({ min: 0, max: 365 }),
        (changed, days, fallback) => {
          const deadline = statusDeadline({
            statusChangedAt: changed,
            statusDeadlineDays: days,
            defaultDeadlineDays: fallback,
          });
          expect(daysBetween(changed, deadline)).toBe(days ?? fallback);
        },
      ),
    );
  });

  it('restarting from a later day moves the deadline by the same number of days', () => {
    fc.assert(
      fc.property(
        dateArb,
        fc.integer({ min: 0, max: 400 }),
        fc.integer({ min: 0, max: 90 }),
        (day, shift, days) => {
          const first = statusDeadline({
            statusChangedAt: day,
            statusDeadlineDays: days,
            defaultDeadlineDays: 1,
          });
          const later = statusDeadline({
            statusChangedAt: addDays(day, shift),
            statusDeadlineDays: days,
            defaultDeadlineDays: 1,
          });
          expect(daysBetween(first, later)).toBe(shift);
          expect(daysBetween(addDays(day, shift), later)).toBe(days);
        },
      ),
    );
  });
});

describe('offerStatusDeadline', () => {
  it('is the status deadline while the offer is open, and none once it is won or lost', () => {
    fc.assert(
      fc.property(dateArb, fc.option(fc.integer({ min: 0, max: 365 }), { nil: null }), (changed, days) => {
        const input = { statusChangedAt: changed, statusDeadlineDays: days, defaultDeadlineDays: 14 };
        expect(offerStatusDeadline({ ...input, isDecided: false })).toBe(statusDeadline(input));
        expect(offerStatusDeadline({ ...input, isDecided: true })).toBeNull();
      }),
    );
  });
});

describe('isPaymentPlanComplete', () => {
  it('accepts an empty plan or one summing to 100', () => {
    expect(isPaymentPlanComplete([])).toBe(true);
    expect(isPaymentPlanComplete([{ percent: 30 }, { percent: 70 }])).toBe(true);
    expect(isPaymentPlanComplete([{ percent: 33.33 }, { percent: 33.33 }, { percent: 33.34 }])).toBe(true);
    expect(isPaymentPlanComplete([{ percent: 50 }, { percent: 40 }])).toBe(false);
  });
});
