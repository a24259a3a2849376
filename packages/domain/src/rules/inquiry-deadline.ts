import { addDays } from './date-only';

/** The inquiry list's deadline filter (SPEC §3 inquiry deadline). */
export type DeadlineFilter =
  | { kind: 'overdue' }
  | { kind: 'within'; days: number }
  | { kind: 'before'; date: string };

/**
 * The deadlines a filter keeps, as an inclusive date range (either end open). "Overdue" is before
 * today; "within N days" is today up to and including today + N, so "within 0" is due today.
 */
export const deadlineRange = (
  filter: DeadlineFilter,
  today: string,
): { from: string | null; to: string | null } => {
  switch (filter.kind) {
    case 'overdue':
      return { from: null, to: addDays(today, -1) };
    case 'within':
      return { from: today, to: addDays(today, filter.days) };
    case 'before':
      return { from: null, to: filter.date };
  }
};
