import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { projectGroupOf } from './dashboard-groups';
import { addDays } from './date-only';

const TODAY = '2026-11-27';

describe('projectGroupOf', () => {
  it('puts a completed project in "completed", whatever its dates', () => {
    expect(projectGroupOf({ state: 'completed', startDate: null, deliveryDate: '2020-01-01' }, TODAY)).toBe(
      'completed',
    );
  });

  it('leaves archived projects out of every group', () => {
    expect(
      projectGroupOf({ state: 'archived', startDate: TODAY, deliveryDate: '2020-01-01' }, TODAY),
    ).toBeNull();
  });

  it('calls an active project past due from the day after its delivery date', () => {
    const project = { state: 'active' as const, startDate: '2026-01-01' };
    expect(projectGroupOf({ ...project, deliveryDate: '2026-11-26' }, TODAY)).toBe('pastDue');
    expect(projectGroupOf({ ...project, deliveryDate: TODAY }, TODAY)).toBe('inProgress');
  });

  it('starts soon within 14 days after today, not on day 15', () => {
    const project = { state: 'active' as const, deliveryDate: null };
    expect(projectGroupOf({ ...project, startDate: addDays(TODAY, 1) }, TODAY)).toBe('startingSoon');
    expect(projectGroupOf({ ...project, startDate: addDays(TODAY, 14) }, TODAY)).toBe('startingSoon');
    expect(projectGroupOf({ ...project, startDate: addDays(TODAY, 15) }, TODAY)).toBeNull();
  });

  it('counts a project starting today, or without dates, as in progress', () => {
    expect(projectGroupOf({ state: 'active', startDate: TODAY, deliveryDate: null }, TODAY)).toBe(
      'inProgress',
    );
    expect(projectGroupOf({ state: 'active', startDate: null, deliveryDate: null }, TODAY)).toBe(
      'inProgress',
    );
  });

  it('makes past due win over a start in the future (delivery passed before the start)', () => {
    expect(
      projectGroupOf(
        { state: 'active', startDate: addDays(TODAY, 3), deliveryDate: addDays(TODAY, -1) },
        TODAY,
      ),
    ).toBe('pastDue');
  });

  const dateNear = fc.integer({ min: -60, max: 60 }).map((offset) => addDays(TODAY, offset));
  const project = fc.record({
    state: fc.constantFrom('active' as const, 'completed' as const, 'archived' as const),
    startDate: fc.option(dateNear, { nil: null }),
    deliveryDate: fc.option(dateNear, { nil: null }),
  });

  it('past due means exactly: active and the delivery date before today', () => {
    fc.assert(
      fc.property(project, (p) => {
        const isPastDue = p.state === 'active' && p.deliveryDate !== null && p.deliveryDate < TODAY;
        expect(projectGroupOf(p, TODAY) === 'pastDue').toBe(isPastDue);
      }),
    );
  });

  it('never puts a project starting soon before its start, nor one past due', () => {
    fc.assert(
      fc.property(project, (p) => {
        if (projectGroupOf(p, TODAY) !== 'startingSoon') return;
        expect(p.startDate !== null && p.startDate > TODAY).toBe(true);
        expect(p.deliveryDate === null || p.deliveryDate >= TODAY).toBe(true);
      }),
    );
  });

  it('moves an in-progress project to past due when the day after its delivery comes', () => {
    fc.assert(
      fc.property(project, (p) => {
        if (projectGroupOf(p, TODAY) !== 'inProgress' || p.deliveryDate === null) return;
        expect(projectGroupOf(p, addDays(p.deliveryDate, 1))).toBe('pastDue');
      }),
    );
  });
});
