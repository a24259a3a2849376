import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isoWeekOf, nextIsoWeek, weekDates } from '../iso-week';
import {
  type CapacityBooking,
  capacityOfWeek,
  consecutiveWeeks,
  defaultLikelihoodPercent,
  employeeCapacityOfWeek,
  projectHoursBooked,
  stepDateOf,
  stepLoad,
  stepLoadsByWeek,
  unplannedHours,
  weightedHours,
} from './capacity';
import { HOURS_PER_DAY } from './day-parts';

const GROUPS = ['produksjon', 'montasje'];
const week = (year: number, number: number) => weekDates({ year, week: number });
const EMPLOYEES = [
  { id: 'a', workGroup: 'produksjon' },
  { id: 'b', workGroup: 'produksjon' },
  { id: 'c', workGroup: 'montasje' },
];
/** Any booking of the three employees on one of the dates. */
const bookingOn = (dates: string[]) =>
  fc.record({
    employeeId: fc.constantFrom('a', 'b', 'c'),
    date: fc.constantFrom(...dates),
    kind: fc.constantFrom<CapacityBooking['kind'][]>('project', 'task', 'absence'),
    quarters: fc.integer({ min: 1, max: 4 }),
    projectId: fc.constantFrom('p', 'q'),
  });

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
    fc.assert(
      fc.property(fc.array(bookingOn(dates), { maxLength: 40 }), (bookings) => {
        const result = capacityOfWeek({
          dates,
          workGroups: GROUPS,
          employees: EMPLOYEES,
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

describe('per employee and per project', () => {
  const employees = EMPLOYEES;

  it('adds up, per group, to exactly what the group shows', () => {
    const dates = week(2026, 20);
    fc.assert(
      fc.property(fc.array(bookingOn(dates), { maxLength: 40 }), (bookings) => {
        const groups = capacityOfWeek({
          dates,
          workGroups: GROUPS,
          employees,
          bookings,
          demand: [],
          pipeline: [],
        });
        const people = employeeCapacityOfWeek({ dates, employees, bookings });
        for (const group of groups) {
          const members = people.filter(
            (person) =>
              employees.find((employee) => employee.id === person.employeeId)?.workGroup === group.workGroup,
          );
          const sum = (pick: (person: (typeof people)[number]) => number) =>
            members.reduce((total, person) => total + pick(person), 0);
          expect(sum((person) => person.availableHours)).toBe(group.availableHours);
          expect(sum((person) => person.absenceHours)).toBe(group.absenceHours);
          expect(sum((person) => person.bookedHours)).toBe(group.bookedHours);
        }
      }),
    );
  });

  it('counts a project’s hours booked by the group only, in the week only', () => {
    const dates = week(2026, 20);
    const booked = projectHoursBooked({
      dates,
      employees,
      workGroup: 'produksjon',
      bookings: [
        { employeeId: 'a', date: dates[0]!, kind: 'project', quarters: 4, projectId: 'p' },
        { employeeId: 'b', date: dates[6]!, kind: 'project', quarters: 2, projectId: 'p' },
        // Another group, another week, an absence: none of them meet production's demand.
        { employeeId: 'c', date: dates[1]!, kind: 'project', quarters: 4, projectId: 'p' },
        { employeeId: 'a', date: '2026-05-01', kind: 'project', quarters: 4, projectId: 'p' },
        { employeeId: 'a', date: dates[2]!, kind: 'absence', quarters: 4 },
        { employeeId: 'a', date: dates[3]!, kind: 'project', quarters: 1, projectId: 'q' },
      ],
    });
    expect(Object.fromEntries(booked)).toEqual({ p: 6 * 1.875, q: 1.875 });
  });
});

describe('placing hours in weeks', () => {
  it('gives consecutive weeks across the year end and week 53', () => {
    expect(consecutiveWeeks({ year: 2026, week: 52 }, 3)).toEqual([
      { year: 2026, week: 52 },
      { year: 2026, week: 53 },
      { year: 2027, week: 1 },
    ]);
    expect(consecutiveWeeks({ year: 2026, week: 10 }, 0)).toEqual([]);
  });

  it('spreads a step evenly over the weeks up to its date’s week, losing no hour', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2020-01-01'), max: new Date('2035-12-31'), noInvalidDate: true }),
        fc.integer({ min: 0, max: 5_000 }),
        fc.integer({ min: -2, max: 6 }),
        (at, hours, span) => {
          const date = at.toISOString().slice(0, 10);
          const load = stepLoad(date, hours, span);
          expect(load).toHaveLength(Math.max(1, span));
          expect(load.at(-1)?.week).toEqual(isoWeekOf(date));
          for (const [index, item] of load.entries()) {
            if (index > 0) expect(item.week).toEqual(nextIsoWeek(load[index - 1]!.week));
          }
          expect(load.reduce((sum, item) => sum + item.hours, 0)).toBeCloseTo(hours, 9);
        },
      ),
    );
  });

  it('starts a won status at 100 %, a lost one at 0 % and any other at 50 %', () => {
    expect(defaultLikelihoodPercent({ isWon: true, isLost: false })).toBe(100);
    expect(defaultLikelihoodPercent({ isWon: false, isLost: true })).toBe(0);
    expect(defaultLikelihoodPercent({ isWon: false, isLost: false })).toBe(50);
  });
});

describe('the date that places a step', () => {
  const project = { cellDate: null, deliveryDate: '2026-06-05', factorWeeks: 1 };

  it('is the process cell’s date, else the delivery date less the factor, else none', () => {
    expect(stepDateOf({ ...project, kind: 'production', cellDate: '2026-05-20' })).toBe('2026-05-20');
    expect(stepDateOf({ ...project, kind: 'production' })).toBe('2026-05-29');
    expect(stepDateOf({ ...project, kind: 'production', deliveryDate: null })).toBeNull();
  });

  it('puts installation on the agreed installation date when there is one, production never', () => {
    const agreed = { ...project, agreedInstallationDate: '2026-06-10', cellDate: '2026-06-05' };
    expect(stepDateOf({ ...agreed, kind: 'installation' })).toBe('2026-06-10');
    expect(stepDateOf({ ...agreed, kind: 'production' })).toBe('2026-06-05');
  });

  it('loads each week a step touches, and only the weeks asked for', () => {
    const weeks = [
      { year: 2026, week: 22 },
      { year: 2026, week: 23 },
    ];
    const loads = stepLoadsByWeek(
      [
        { id: 'p', kind: 'production', date: '2026-06-03', hours: 30, spanWeeks: 2 },
        { id: 'q', kind: 'installation', date: '2026-07-01', hours: 8, spanWeeks: 1 },
      ],
      weeks,
    );
    expect(loads.get('2026-22')?.map((load) => [load.id, load.weekHours])).toEqual([['p', 15]]);
    expect(loads.get('2026-23')?.map((load) => [load.id, load.weekHours])).toEqual([['p', 15]]);
    expect([...loads.keys()]).toEqual(['2026-22', '2026-23']);
  });
});
