import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { weekDates } from '../iso-week';
import { type CapacityBooking, capacityOfWeek, unplannedHours, weightedHours } from './capacity';
import { HOURS_PER_DAY } from './day-parts';

const GROUPS = ['produksjon', 'montasje'];
const week = (year: number, number: number) => weekDates({ year, week: number });

describe('capacity of a week', () => {
  it('counts employees × working days less red days and absence, and bookings', () => {
    // Week 14 of 2026 has three working days (Easter).
    const dates = week(2026, 14);
    const [capacity] = capacityOfWeek({
      dates,
      workGroups: ['produksjon'],
      employees: [
        { id: 'a', workGroup: 'produksjon' },
        { id: 'b', workGroup: 'produksjon' },
        { id: 'c', workGroup: 'montasje' },
      ],
      bookings: [
        { employeeId: 'a', date: '2026-03-30', kind: 'absence', quarters: 4 },
        // Absence on a red day takes nothing off: the day was not available anyway.
        { employeeId: 'a', date: '2026-04-02', kind: 'absence', quarters: 4 },
        { employeeId: 'b', date: '2026-03-31', kind: 'project', quarters: 2 },
        { employeeId: 'b', date: '2026-03-31', kind: 'task', quarters: 1 },
        { employeeId: 'c', date: '2026-03-31', kind: 'project', quarters: 4 },
      ],
      demand: [
        { workGroup: 'produksjon', hours: 20, plannedHours: 5 },
        { workGroup: 'produksjon', hours: 4, plannedHours: 10 },
      ],
      pipeline: [{ workGroup: 'produksjon', hours: 100, likelihoodPercent: 30 }],
    });
    expect(capacity).toEqual({
      workGroup: 'produksjon',
      employeeCount: 2,
      workingDays: 3,
      availableHours: 2 * 3 * HOURS_PER_DAY - HOURS_PER_DAY,
      absenceHours: HOURS_PER_DAY,
      bookedHours: 3 * 1.875,
      unplannedDemandHours: 15,
      pipelineHours: 30,
    });
  });

  it('available hours never go below nothing and shrink by exactly the working-day absence', () => {
    const dates = week(2026, 53);
    const booking = fc.record({
      employeeId: fc.constantFrom('a', 'b', 'c'),
      date: fc.constantFrom(...dates),
      kind: fc.constantFrom<CapacityBooking['kind'][]>('project', 'task', 'absence'),
      quarters: fc.integer({ min: 1, max: 4 }),
    });
    fc.assert(
      fc.property(fc.array(booking, { maxLength: 40 }), (bookings) => {
        const employees = [
          { id: 'a', workGroup: 'produksjon' },
          { id: 'b', workGroup: 'produksjon' },
          { id: 'c', workGroup: 'montasje' },
        ];
        const result = capacityOfWeek({
          dates,
          workGroups: GROUPS,
          employees,
          bookings,
          demand: [],
          pipeline: [],
        });
        for (const group of result) {
          const full = group.employeeCount * group.workingDays * HOURS_PER_DAY;
          expect(group.availableHours).toBeGreaterThanOrEqual(0);
          expect(group.availableHours + group.absenceHours).toBe(full);
        }
        const bookedQuarters = bookings
          .filter((b) => b.kind !== 'absence')
          .reduce((s, b) => s + b.quarters, 0);
        expect(result.reduce((sum, group) => sum + group.bookedHours, 0)).toBe(bookedQuarters * 1.875);
      }),
    );
    // 2026 week 53: Monday 28 December to Sunday 3 January, 1 January a red day: four working days.
    expect(
      capacityOfWeek({ dates, workGroups: GROUPS, employees: [], bookings: [], demand: [], pipeline: [] })[0]
        ?.workingDays,
    ).toBe(4);
  });
});

describe('pipeline weighting', () => {
  it('is 0 at 0 %, the whole at 100 %, monotone and linear in the likelihood', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000 }),
        fc.integer({ min: 0, max: 100 }),
        fc.integer({ min: 0, max: 100 }),
        (hours, p, q) => {
          expect(weightedHours(hours, 0)).toBe(0);
          expect(weightedHours(hours, 100)).toBe(hours);
          const [low, high] = p <= q ? [p, q] : [q, p];
          expect(weightedHours(hours, low)).toBeLessThanOrEqual(weightedHours(hours, high));
          expect(weightedHours(hours, p)).toBeLessThanOrEqual(hours);
          expect(weightedHours(hours, p)).toBeCloseTo((hours * p) / 100, 9);
        },
      ),
    );
  });

  it('refuses a likelihood outside 0–100 %', () => {
    for (const bad of [-1, 101, Number.NaN]) expect(() => weightedHours(10, bad)).toThrow(RangeError);
  });

  it('unplanned demand is what is left per project, never negative, never more than the demand', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            hours: fc.integer({ min: 0, max: 500 }),
            plannedHours: fc.integer({ min: 0, max: 500 }),
          }),
        ),
        (demand) => {
          const left = unplannedHours(demand);
          expect(left).toBeGreaterThanOrEqual(0);
          expect(left).toBeLessThanOrEqual(demand.reduce((sum, item) => sum + item.hours, 0));
        },
      ),
    );
  });
});
