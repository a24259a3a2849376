import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays } from '../date-only';
import { QUARTERS_PER_DAY } from './day-parts';
import {
  movedSuggestionDayProblem,
  suggestVisitDay,
  VISIT_SUGGESTION_QUARTERS,
  visitSuggestionWindow,
} from './visit-suggestion';
import { isWorkingDay } from './working-days';

describe('suggestVisitDay', () => {
  it('takes the first working day with room in the two weeks before the due date', () => {
    // Due Friday 2026-03-20; Monday 2026-03-09 is full, Tuesday has room.
    const full = new Set(['2026-03-06', '2026-03-09']);
    const day = suggestVisitDay({
      dueDate: '2026-03-20',
      today: '2026-03-01',
      quartersOn: (date) => (full.has(date) ? QUARTERS_PER_DAY : 0),
    });
    expect(day).toEqual({ date: '2026-03-10', isOverbooked: false });
  });

  it('never suggests a day before today, and an overdue visit from today', () => {
    expect(suggestVisitDay({ dueDate: '2026-03-20', today: '2026-03-18', quartersOn: () => 0 })).toEqual({
      date: '2026-03-18',
      isOverbooked: false,
    });
    expect(suggestVisitDay({ dueDate: '2026-01-05', today: '2026-03-18', quartersOn: () => 0 }).date).toBe(
      '2026-03-18',
    );
  });

  it('skips red days (17 May) and week-ends', () => {
    const day = suggestVisitDay({ dueDate: '2027-05-17', today: '2027-05-15', quartersOn: () => 0 });
    expect(day.date).toBe('2027-05-18');
  });

  it('falls back to the due date, marked overbooked, when every day is full', () => {
    const day = suggestVisitDay({ dueDate: '2026-03-20', today: '2026-03-01', quartersOn: () => 3 });
    expect(day).toEqual({ date: '2026-03-20', isOverbooked: true });
  });

  it('always answers a working day in the window, overbooked exactly when it has no room', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 800 }),
        fc.integer({ min: -60, max: 60 }),
        fc.func(fc.integer({ min: 0, max: 4 })),
        (offset, dueIn, quartersOf) => {
          const today = addDays('2026-01-01', offset);
          const dueDate = addDays(today, dueIn);
          const quartersOn = (date: string) => quartersOf(date);
          const day = suggestVisitDay({ dueDate, today, quartersOn });
          const window = visitSuggestionWindow(dueDate, today);
          expect(isWorkingDay(day.date)).toBe(true);
          expect(day.date >= today).toBe(true);
          expect(day.date >= window.from && day.date <= window.to).toBe(true);
          expect(day.isOverbooked).toBe(quartersOn(day.date) + VISIT_SUGGESTION_QUARTERS > QUARTERS_PER_DAY);
        },
      ),
    );
  });
});

describe('movedSuggestionDayProblem', () => {
  it('takes a working day from today on, and names what is wrong otherwise', () => {
    // Thursday 2026-05-14 is Ascension Day, Sunday 2026-05-17 Constitution Day.
    expect(movedSuggestionDayProblem('2026-05-12', '2026-05-12')).toBeNull();
    expect(movedSuggestionDayProblem('2026-05-11', '2026-05-12')).toBe('validation.suggestionInPast');
    expect(movedSuggestionDayProblem('2026-05-14', '2026-05-12')).toBe('validation.suggestionNotWorkingDay');
    expect(movedSuggestionDayProblem('2026-05-16', '2026-05-12')).toBe('validation.suggestionNotWorkingDay');
  });

  it('allows exactly the days the suggestions themselves are drawn on', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 800 }), fc.integer({ min: -30, max: 60 }), (offset, moveBy) => {
        const today = addDays('2026-01-01', offset);
        const date = addDays(today, moveBy);
        expect(movedSuggestionDayProblem(date, today) === null).toBe(date >= today && isWorkingDay(date));
      }),
    );
  });
});
