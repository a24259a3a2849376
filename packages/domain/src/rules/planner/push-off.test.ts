import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays } from '../date-only';
import { QUARTERS_PER_DAY, quartersOfDay } from './day-parts';
import type { PlanBooking } from './plan-bookings';
import { pushOff } from './push-off';
import { isWorkingDay } from './working-days';

const P = 'project-p';
const project = (id: string, quarters: number, projectId = P): PlanBooking => ({
  kind: 'project',
  projectId,
  id,
  quarters,
});
const holiday = (id: string, quarters = 4): PlanBooking => ({
  kind: 'absence',
  absence: 'holiday',
  id,
  quarters,
});

const lookup = (plan: Record<string, PlanBooking[]>) => (employeeId: string, date: string) =>
  plan[`${employeeId}|${date}`] ?? [];

describe('push off', () => {
  it('moves a booking to the next free working day, past the weekend and a full day', () => {
    // Friday 2026-03-06 → Saturday and Sunday are skipped, Monday the 9th is full, Tuesday has room.
    const result = pushOff({
      projectId: P,
      cells: [{ employeeId: 'ola', date: '2026-03-06' }],
      bookingsOn: lookup({
        'ola|2026-03-06': [project('b1', 2), project('b2', 2, 'other')],
        'ola|2026-03-09': [holiday('h1')],
        'ola|2026-03-10': [project('b3', 1, 'other')],
      }),
      until: '2026-03-15',
    });
    expect(result.moved).toEqual([{ employeeId: 'ola', from: '2026-03-06', to: '2026-03-10', quarters: 2 }]);
    expect(result.unplaced).toEqual([]);
    expect(result.days).toEqual([
      { employeeId: 'ola', date: '2026-03-06', bookings: [project('b2', 2, 'other')] },
      { employeeId: 'ola', date: '2026-03-10', bookings: [project('b3', 1, 'other'), project('b1', 2)] },
    ]);
  });

  it('skips red days and joins the project’s booking on the new day', () => {
    // Wednesday 2026-04-01; 2–6 April are Easter red days and a weekend.
    const result = pushOff({
      projectId: P,
      cells: [{ employeeId: 'ola', date: '2026-04-01' }],
      bookingsOn: lookup({ 'ola|2026-04-01': [project('b1', 1)], 'ola|2026-04-07': [project('b2', 2)] }),
      until: '2026-04-12',
    });
    expect(result.moved).toEqual([{ employeeId: 'ola', from: '2026-04-01', to: '2026-04-07', quarters: 1 }]);
    expect(result.days.find((day) => day.date === '2026-04-07')?.bookings).toEqual([project('b2', 3)]);
  });

  it('never lands on another selected cell, and what finds no day before the limit is unplaced', () => {
    const result = pushOff({
      projectId: P,
      cells: [
        { employeeId: 'ola', date: '2026-03-12' },
        { employeeId: 'ola', date: '2026-03-13' },
      ],
      bookingsOn: lookup({ 'ola|2026-03-12': [project('b1', 4)], 'ola|2026-03-13': [project('b2', 2)] }),
      // Friday 13th is the last shown day: Thursday's booking may not land on the selected Friday.
      until: '2026-03-13',
    });
    expect(result.moved).toEqual([]);
    expect(result.unplaced).toEqual([
      { employeeId: 'ola', date: '2026-03-12', quarters: 4 },
      { employeeId: 'ola', date: '2026-03-13', quarters: 2 },
    ]);
    expect(result.days.every((day) => day.bookings.length === 0)).toBe(true);
  });

  it('leaves selected cells without the project alone', () => {
    const result = pushOff({
      projectId: P,
      cells: [{ employeeId: 'ola', date: '2026-03-12' }],
      bookingsOn: lookup({ 'ola|2026-03-12': [project('b1', 4, 'other')] }),
      until: '2026-03-31',
    });
    expect(result).toEqual({ days: [], moved: [], unplaced: [] });
  });

  it('keeps every quarter, overbooks no day, and moves only forward onto allowed working days', () => {
    const start = '2026-12-21';
    const day = fc.integer({ min: 0, max: 20 }).map((offset) => addDays(start, offset));
    const employee = fc.constantFrom('a', 'b');
    const booking = fc.record({
      employee,
      day,
      project: fc.constantFrom(P, 'other'),
      quarters: fc.integer({ min: 1, max: 4 }),
    });
    fc.assert(
      fc.property(
        fc.array(booking, { maxLength: 30 }),
        fc.array(fc.record({ employeeId: employee, date: day }), { maxLength: 10 }),
        fc.integer({ min: 0, max: 25 }),
        (raw, cells, untilOffset) => {
          // A valid starting plan: one booking per subject and day, no day over a whole one.
          const plan: Record<string, PlanBooking[]> = {};
          raw.forEach((item, index) => {
            const key = `${item.employee}|${item.day}`;
            const bookings = plan[key] ?? [];
            const isTaken = bookings.some((b) => b.kind === 'project' && b.projectId === item.project);
            if (isTaken || quartersOfDay(bookings) + item.quarters > QUARTERS_PER_DAY) return;
            plan[key] = [...bookings, project(`b${index}`, item.quarters, item.project)];
          });
          const until = addDays(start, untilOffset);
          const result = pushOff({ projectId: P, cells, bookingsOn: lookup(plan), until });
          const after = { ...plan };
          for (const changed of result.days)
            after[`${changed.employeeId}|${changed.date}`] = changed.bookings;
          const quartersOfP = (state: Record<string, PlanBooking[]>) =>
            Object.values(state)
              .flat()
              .filter((b) => b.kind === 'project' && b.projectId === P)
              .reduce((sum, b) => sum + b.quarters, 0);
          const unplaced = result.unplaced.reduce((sum, item) => sum + item.quarters, 0);
          expect(quartersOfP(after) + unplaced).toBe(quartersOfP(plan));
          for (const bookings of Object.values(after)) expect(quartersOfDay(bookings)).toBeLessThanOrEqual(4);
          for (const cell of cells) {
            const left = after[`${cell.employeeId}|${cell.date}`] ?? [];
            expect(left.some((b) => b.kind === 'project' && b.projectId === P)).toBe(false);
          }
          for (const move of result.moved) {
            expect(move.to > move.from && move.to <= until && isWorkingDay(move.to)).toBe(true);
            expect(cells.some((cell) => cell.employeeId === move.employeeId && cell.date === move.to)).toBe(
              false,
            );
          }
          // Other subjects never move.
          const others = (state: Record<string, PlanBooking[]>) =>
            Object.entries(state)
              .flatMap(([key, bookings]) =>
                bookings
                  .filter((b) => !(b.kind === 'project' && b.projectId === P))
                  .map((b) => `${key}:${b.id}`),
              )
              .sort();
          expect(others(after)).toEqual(others(plan));
        },
      ),
    );
  });
});
