import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, daysBetween } from './date-only';
import { deadlineRange } from './inquiry-deadline';

const inRange = (date: string, range: { from: string | null; to: string | null }) =>
  (range.from === null || date >= range.from) && (range.to === null || date <= range.to);

const dates = fc
  .date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2090-12-31T00:00:00Z'), noInvalidDate: true })
  .map((date) => date.toISOString().slice(0, 10));

describe('deadlineRange', () => {
  it('overdue keeps exactly the deadlines before today', () => {
    fc.assert(
      fc.property(dates, fc.integer({ min: -400, max: 400 }), (today, offset) => {
        const deadline = addDays(today, offset);
        expect(inRange(deadline, deadlineRange({ kind: 'overdue' }, today))).toBe(offset < 0);
      }),
    );
  });

  it('within N days keeps today up to and including today + N', () => {
    fc.assert(
      fc.property(
        dates,
        fc.integer({ min: 0, max: 365 }),
        fc.integer({ min: -400, max: 400 }),
        (today, days, offset) => {
          const deadline = addDays(today, offset);
          const kept = inRange(deadline, deadlineRange({ kind: 'within', days }, today));
          expect(kept).toBe(daysBetween(today, deadline) >= 0 && daysBetween(today, deadline) <= days);
        },
      ),
    );
  });

  it('before a date keeps deadlines on or before it', () => {
    expect(deadlineRange({ kind: 'before', date: '2026-05-01' }, '2026-03-01')).toEqual({
      from: null,
      to: '2026-05-01',
    });
  });
});
