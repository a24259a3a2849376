import { VALIDATION_MESSAGE_KEYS as MESSAGES, type ValidationMessageKey } from './validation-messages';

/**
 * The payment plan of an order confirmation (issue 13): ordered parts, each a percentage or a fixed
 * amount in øre, each due on a rule. Money is integer øre (DESIGN rule 8).
 *
 * Percentages are whole basis points (1 % = 100, 100 % = 10 000) rather than decimals: they add up
 * exactly as integers (33.33 + 33.33 + 33.34 is 10 000, never 99.99999…), two decimals of a percent
 * are as fine as any payment plan is written, and the øre arithmetic stays in integers (BigInt).
 */
export const WHOLE_IN_BASIS_POINTS = 10_000;

/** How much of the total a part takes. */
export type PaymentShare = { type: 'percent'; basisPoints: number } | { type: 'fixed'; amount: number };

/** When a part falls due: on order, on a date, at delivery, or when a process column is completed. */
export type PaymentDue =
  | { kind: 'onOrder' }
  | { kind: 'onDate'; date: string }
  | { kind: 'atDelivery' }
  | { kind: 'processColumnCompleted'; columnId: string };

export const PAYMENT_DUE_KINDS = ['onOrder', 'onDate', 'atDelivery', 'processColumnCompleted'] as const;

export type PaymentPlanRefusal = {
  reason: 'totalInvalid' | 'empty' | 'negative' | 'percentOver100' | 'fixedOverTotal' | 'notCovered';
  /** The part at fault, when one is. */
  index?: number;
  messageKey: ValidationMessageKey;
};

export type PaymentPlanSplit = { ok: true; amounts: number[] } | { ok: false; refusal: PaymentPlanRefusal };

const refuse = (
  reason: PaymentPlanRefusal['reason'],
  messageKey: ValidationMessageKey,
  index?: number,
): PaymentPlanSplit => ({
  ok: false,
  refusal: { reason, messageKey, ...(index === undefined ? {} : { index }) },
});

const shareValue = (share: PaymentShare) => (share.type === 'percent' ? share.basisPoints : share.amount);

/**
 * Splits `total` øre over the plan's parts, in the parts' order:
 * - fixed parts take their amount as it is;
 * - percentage parts share out what the fixed parts leave, and must add up to exactly 100 %;
 *   each but the last is rounded down to whole øre, and the last percentage part takes the rest —
 *   so the amounts always add up to the total exactly, and no part can go negative from rounding;
 * - a plan of fixed parts only must add up to the total exactly.
 *
 * Refused, with the message key to show (and the part at fault): a total that is not a whole,
 * non-negative number of øre; no parts; a negative percentage or amount; a percentage over 100 %;
 * fixed parts that together come to more than the total; and a plan that does not cover 100 % of the
 * total — `validation.paymentPlanSum` when the percentages do not add up to 100 %,
 * `validation.paymentPlanUncovered` when fixed parts alone do not add up to the total.
 */
export const splitPlan = (total: number, parts: readonly { share: PaymentShare }[]): PaymentPlanSplit => {
  if (!Number.isSafeInteger(total) || total < 0) return refuse('totalInvalid', MESSAGES.paymentTotalInvalid);
  if (parts.length === 0) return refuse('empty', MESSAGES.paymentPlanEmpty);
  let fixedSum = 0;
  let basisPointsSum = 0;
  for (const [index, { share }] of parts.entries()) {
    const value = shareValue(share);
    if (!Number.isSafeInteger(value) || value < 0)
      return refuse('negative', MESSAGES.paymentPartNegative, index);
    if (share.type === 'percent') {
      if (value > WHOLE_IN_BASIS_POINTS)
        return refuse('percentOver100', MESSAGES.paymentPercentOver100, index);
      basisPointsSum += value;
    } else {
      fixedSum += value;
      if (fixedSum > total) return refuse('fixedOverTotal', MESSAGES.paymentFixedOverTotal, index);
    }
  }
  const percentIndexes = parts.flatMap(({ share }, index) => (share.type === 'percent' ? [index] : []));
  if (percentIndexes.length === 0) {
    return fixedSum === total
      ? { ok: true, amounts: parts.map(({ share }) => shareValue(share)) }
      : refuse('notCovered', MESSAGES.paymentPlanUncovered);
  }
  if (basisPointsSum !== WHOLE_IN_BASIS_POINTS) return refuse('notCovered', MESSAGES.paymentPlanSum);

  const rest = BigInt(total - fixedSum);
  const lastPercent = percentIndexes[percentIndexes.length - 1];
  let shared = 0n;
  const amounts = parts.map(({ share }, index) => {
    if (share.type === 'fixed') return share.amount;
    if (index === lastPercent) return 0;
    const amount = (rest * BigInt(share.basisPoints)) / BigInt(WHOLE_IN_BASIS_POINTS);
    shared += amount;
    return Number(amount);
  });
  if (lastPercent !== undefined) amounts[lastPercent] = Number(rest - shared);
  return { ok: true, amounts };
};
