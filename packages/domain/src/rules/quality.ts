import { VALIDATION_MESSAGE_KEYS as MESSAGES, type ValidationMessageKey } from './validation-messages';

/**
 * The rules of a deviation's life (issue 16): it goes open → in progress → closed, may go back from
 * in progress to open and be reopened from closed to in progress; it is closed only with a root cause
 * and at least one action, every action done; no action falls due before the deviation happened.
 */
export const DEVIATION_STATUSES = ['open', 'in-progress', 'closed'] as const;
export type DeviationStatus = (typeof DEVIATION_STATUSES)[number];

const NEXT_STATUSES: Record<DeviationStatus, readonly DeviationStatus[]> = {
  open: ['in-progress'],
  'in-progress': ['open', 'closed'],
  closed: ['in-progress'],
};

/** Whether a deviation may go from one status to another (staying is always allowed). */
export const isStatusChangeAllowed = (from: DeviationStatus, to: DeviationStatus) =>
  from === to || NEXT_STATUSES[from].includes(to);

export type ClosingState = {
  rootCause: string;
  actions: readonly { isDone: boolean }[];
};

/** Why a deviation cannot be closed as it is (field → message key); empty when it can. */
export const closingProblems = (deviation: ClosingState): Record<string, ValidationMessageKey> => {
  const problems: Record<string, ValidationMessageKey> = {};
  if (deviation.rootCause.trim() === '') problems.rootCause = MESSAGES.rootCauseRequired;
  if (deviation.actions.length === 0) problems.actions = MESSAGES.actionRequired;
  else if (deviation.actions.some((action) => !action.isDone)) problems.actions = MESSAGES.actionsNotDone;
  return problems;
};

/** The indexes of actions due before the deviation's date (`YYYY-MM-DD` compares as text). */
export const actionsDueTooEarly = (deviationDate: string, actions: readonly { dueDate: string | null }[]) =>
  actions.flatMap((action, index) =>
    action.dueDate !== null && action.dueDate < deviationDate ? [index] : [],
  );

/** An action not done whose due date has passed. */
export const isActionOverdue = (action: { isDone: boolean; dueDate: string | null }, today: string) =>
  !action.isDone && action.dueDate !== null && action.dueDate < today;

/** A procedure whose review date has passed is due for review (the list flags it). */
export const isReviewDue = (reviewDate: string | null, today: string) =>
  reviewDate !== null && reviewDate < today;

export type ParetoInput = { key: string | null; count: number; costOre: number };
export type ParetoBar = ParetoInput & { cumulativePercent: number };

/**
 * A Pareto chart's bars: biggest first by the chosen measure, each with the running share of the
 * whole (the last bar reaches 100 unless bars beyond `limit` were left off).
 */
export const paretoBars = (
  rows: readonly ParetoInput[],
  measure: 'count' | 'cost',
  limit = rows.length,
): ParetoBar[] => {
  const measured = (row: ParetoInput) => (measure === 'count' ? row.count : row.costOre);
  const total = rows.reduce((sum, row) => sum + measured(row), 0);
  const sorted = [...rows].sort(
    (a, b) => measured(b) - measured(a) || (a.key ?? '').localeCompare(b.key ?? '', 'nb'),
  );
  let running = 0;
  return sorted.slice(0, limit).map((row) => {
    running += measured(row);
    return { ...row, cumulativePercent: total === 0 ? 0 : Math.round((running / total) * 1000) / 10 };
  });
};
