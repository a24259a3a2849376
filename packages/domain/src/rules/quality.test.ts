import { describe, expect, it } from 'vitest';
import {
  actionsDueTooEarly,
  closingProblems,
  isActionOverdue,
  isReviewDue,
  isStatusChangeAllowed,
  paretoBars,
} from './quality';

describe('deviation status changes', () => {
  it.each([
    ['open', 'in-progress', true],
    ['in-progress', 'closed', true],
    ['in-progress', 'open', true],
    ['closed', 'in-progress', true],
    ['open', 'open', true],
    ['open', 'closed', false],
    ['closed', 'open', false],
  ] as const)('%s → %s allowed: %s', (from, to, allowed) => {
    expect(isStatusChangeAllowed(from, to)).toBe(allowed);
  });
});

describe('closing a deviation', () => {
  it('needs a root cause and at least one action, every one done', () => {
    expect(closingProblems({ rootCause: '  ', actions: [] })).toEqual({
      rootCause: 'validation.rootCauseRequired',
      actions: 'validation.actionRequired',
    });
    expect(closingProblems({ rootCause: 'Wrong sealant', actions: [{ isDone: false }] })).toEqual({
      actions: 'validation.actionsNotDone',
    });
    expect(closingProblems({ rootCause: 'Wrong sealant', actions: [{ isDone: true }] })).toEqual({});
  });
});

describe('action due dates', () => {
  it('finds the actions due before the deviation', () => {
    expect(
      actionsDueTooEarly('2026-03-10', [
        { dueDate: '2026-03-09' },
        { dueDate: '2026-03-10' },
        { dueDate: null },
        { dueDate: '2025-12-31' },
      ]),
    ).toEqual([0, 3]);
  });

  it('calls an action overdue only when not done and past its date', () => {
    expect(isActionOverdue({ isDone: false, dueDate: '2026-03-09' }, '2026-03-10')).toBe(true);
    expect(isActionOverdue({ isDone: false, dueDate: '2026-03-10' }, '2026-03-10')).toBe(false);
    expect(isActionOverdue({ isDone: true, dueDate: '2026-03-01' }, '2026-03-10')).toBe(false);
    expect(isActionOverdue({ isDone: false, dueDate: null }, '2026-03-10')).toBe(false);
  });
});

describe('procedure review', () => {
  it('is due once the review date has passed', () => {
    expect(isReviewDue('2026-03-09', '2026-03-10')).toBe(true);
    expect(isReviewDue('2026-03-10', '2026-03-10')).toBe(false);
    expect(isReviewDue(null, '2026-03-10')).toBe(false);
  });
});

describe('Pareto bars', () => {
  const rows = [
    { key: 'Hinge', count: 2, costOre: 90_000 },
    { key: 'Sealant', count: 5, costOre: 10_000 },
    { key: null, count: 3, costOre: 0 },
  ];

  it('sorts by count with the running share of the whole', () => {
    expect(paretoBars(rows, 'count').map((bar) => [bar.key, bar.cumulativePercent])).toEqual([
      ['Sealant', 50],
      [null, 80],
      ['Hinge', 100],
    ]);
  });

  it('sorts by cost, and keeps the share of the whole when bars are left off', () => {
    expect(paretoBars(rows, 'cost', 1)).toEqual([
      { key: 'Hinge', count: 2, costOre: 90_000, cumulativePercent: 90 },
    ]);
    expect(paretoBars([], 'cost')).toEqual([]);
  });
});
