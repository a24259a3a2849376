import { addDays } from './date-only';

/**
 * An offer's status deadline (SPEC §3 "status deadline", §4 "changing status restarts the deadline
 * count from today"): the day the status was last changed plus the status's own deadline days, or
 * the offer config's default days when the status has none.
 */
export const statusDeadline = (input: {
  statusChangedAt: string;
  statusDeadlineDays: number | null;
  defaultDeadlineDays: number;
}): string => addDays(input.statusChangedAt, input.statusDeadlineDays ?? input.defaultDeadlineDays);

/**
 * The status deadline an offer shows and is filtered on: none once it is won or lost (decided), as
 * nobody needs to follow it up any more.
 */
export const offerStatusDeadline = (
  input: Parameters<typeof statusDeadline>[0] & { isDecided: boolean },
): string | null => (input.isDecided ? null : statusDeadline(input));

/** The percentages of a payment plan must add up to 100 (compared in hundredths, so 33.33 × 3 + 0.01 works). */
export const isPaymentPlanComplete = (plan: readonly { percent: number }[]): boolean =>
  plan.length === 0 || Math.round(plan.reduce((sum, part) => sum + part.percent, 0) * 100) === 10_000;
