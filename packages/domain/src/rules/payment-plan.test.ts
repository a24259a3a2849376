import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { vatOf, withVat } from './money';
import { linesTotals } from './order-lines';
import { type PaymentShare, splitPlan, WHOLE_IN_BASIS_POINTS } from './payment-plan';

const percent = (basisPoints: number) => ({ share: { type: 'percent', basisPoints } as PaymentShare });
const fixed = (amount: number) => ({ share: { type: 'fixed', amount } as PaymentShare });

describe('splitPlan', () => {
  it('splits a third each with the rounding remainder on the last part', () => {
    expect(splitPlan(100_000_00, [percent(3333), percent(3333), percent(3334)])).toEqual({
      ok: true,
      amounts: [33_330_00, 33_330_00, 33_340_00],
    });
    // 100 øre: 33.33 øre rounds down to 33 twice, the last takes 34.
    expect(splitPlan(100, [percent(3333), percent(3333), percent(3334)])).toEqual({
      ok: true,
      amounts: [33, 33, 34],
    });
  });

  it('splits a total with VAT from discounted lines, 30/60/10', () => {
    // 3 × 1 234,57 less 12.5 % = 3 240,7462… → 3 240,75; 1 × 999,99 → 999,99.
    const { value } = linesTotals([
      { count: 3, unitPrice: 1_234_57, discountPercent: 12.5, costPrice: 0 },
      { count: 1, unitPrice: 999_99, discountPercent: 0, costPrice: 0 },
    ]);
    expect(value).toBe(3_240_75 + 999_99);
    const total = withVat(value);
    expect(total).toBe(value + vatOf(value));
    expect(total).toBe(5_300_93);
    const split = splitPlan(total, [percent(3000), percent(6000), percent(1000)]);
    // 30 % of 5 300,93 = 1 590,279 → 1 590,27; 60 % = 3 180,558 → 3 180,55; the last takes the rest.
    expect(split).toEqual({ ok: true, amounts: [1_590_27, 3_180_55, 530_11] });
  });

  it('takes fixed parts off first and shares the rest by percent', () => {
    expect(splitPlan(100_000_00, [fixed(10_000_00), percent(6000), percent(4000)])).toEqual({
      ok: true,
      amounts: [10_000_00, 54_000_00, 36_000_00],
    });
    // The remainder goes to the last percentage part, even when a fixed part comes after it.
    expect(splitPlan(1_000, [percent(3333), percent(6667), fixed(1)])).toEqual({
      ok: true,
      amounts: [332, 667, 1],
    });
  });

  it('accepts fixed parts alone only when they add up to the total', () => {
    expect(splitPlan(500, [fixed(200), fixed(300)])).toEqual({ ok: true, amounts: [200, 300] });
    expect(splitPlan(500, [fixed(200), fixed(299)])).toMatchObject({
      ok: false,
      refusal: { reason: 'notCovered', messageKey: 'validation.paymentPlanUncovered' },
    });
  });

  it.each([
    ['a negative total', -1, [percent(WHOLE_IN_BASIS_POINTS)], 'totalInvalid', undefined],
    ['a fractional total', 10.5, [percent(WHOLE_IN_BASIS_POINTS)], 'totalInvalid', undefined],
    ['no parts', 100, [], 'empty', undefined],
    ['a negative percentage', 100, [percent(-1), percent(10_001)], 'negative', 0],
    ['a negative amount', 100, [fixed(-5), percent(WHOLE_IN_BASIS_POINTS)], 'negative', 0],
    ['a fractional amount', 100, [fixed(0.5), percent(WHOLE_IN_BASIS_POINTS)], 'negative', 0],
    ['a percentage over 100 %', 100, [percent(10_001)], 'percentOver100', 0],
    ['fixed parts over the total', 100, [fixed(60), fixed(41), percent(0)], 'fixedOverTotal', 1],
    ['percentages short of 100 %', 100, [percent(5000), percent(4999)], 'notCovered', undefined],
    ['percentages over 100 % together', 100, [percent(5000), percent(5001)], 'notCovered', undefined],
  ] as const)('refuses %s', (_case, total, parts, reason, index) => {
    const split = splitPlan(total, parts);
    expect(split.ok).toBe(false);
    if (split.ok) return;
    expect(split.refusal.reason).toBe(reason);
    expect(split.refusal.index).toBe(index);
    expect(split.refusal.messageKey).toMatch(/^validation\./);
  });

  it('says which message an uncovered percentage plan gets', () => {
    expect(splitPlan(100, [percent(9999)])).toMatchObject({
      ok: false,
      refusal: { messageKey: 'validation.paymentPlanSum' },
    });
  });
});

/** Basis points that add up to exactly 100 %. */
const basisPointsPlan = fc
  .array(fc.integer({ min: 0, max: WHOLE_IN_BASIS_POINTS }), { minLength: 0, maxLength: 11 })
  .map((cuts) => {
    const sorted = [0, ...cuts.sort((left, right) => left - right), WHOLE_IN_BASIS_POINTS];
    return sorted.slice(1).map((cut, index) => cut - (sorted[index] as number));
  });

const total = fc.integer({ min: 0, max: 1_000_000_000_000 });

/** A valid plan for a total: some fixed parts within it, percentages adding up to 100 %, shuffled. */
const validPlan = total.chain((sum) =>
  fc
    .tuple(
      fc.array(fc.integer({ min: 0, max: 1_000 }), { maxLength: 4 }),
      basisPointsPlan,
      fc.array(fc.nat(), { maxLength: 20 }),
    )
    .map(([weights, basisPoints, order]) => {
      const weightSum = weights.reduce((acc, weight) => acc + weight, 0) || 1;
      // Together the fixed parts take at most half the total.
      const fixedParts = weights.map((weight) => fixed(Math.floor((sum / 2) * (weight / weightSum))));
      const parts = [...fixedParts, ...basisPoints.map(percent)];
      for (const [position, key] of order.entries()) {
        const from = position % parts.length;
        const to = key % parts.length;
        [parts[from], parts[to]] = [
          parts[to] as (typeof parts)[number],
          parts[from] as (typeof parts)[number],
        ];
      }
      return { total: sum, parts };
    }),
);

describe('splitPlan properties', () => {
  it('always adds up to the total exactly, in whole non-negative øre, fixed parts untouched', () => {
    fc.assert(
      fc.property(validPlan, ({ total: sum, parts }) => {
        const split = splitPlan(sum, parts);
        expect(split.ok).toBe(true);
        if (!split.ok) return;
        expect(split.amounts).toHaveLength(parts.length);
        expect(split.amounts.reduce((acc, amount) => acc + amount, 0)).toBe(sum);
        for (const [index, amount] of split.amounts.entries()) {
          expect(Number.isSafeInteger(amount) && amount >= 0).toBe(true);
          const share = (parts[index] as { share: PaymentShare }).share;
          if (share.type === 'fixed') expect(amount).toBe(share.amount);
        }
      }),
    );
  });

  it('gives each percentage part its exact share rounded down, and the last at most one øre per part more', () => {
    fc.assert(
      fc.property(total, basisPointsPlan, (sum, basisPoints) => {
        const split = splitPlan(sum, basisPoints.map(percent));
        if (!split.ok) throw new Error('refused a valid plan');
        const exact = basisPoints.map((points) => (BigInt(sum) * BigInt(points)) / 10_000n);
        const last = basisPoints.length - 1;
        for (const [index, amount] of split.amounts.entries()) {
          if (index < last) expect(BigInt(amount)).toBe(exact[index]);
          else {
            expect(BigInt(amount) >= (exact[index] as bigint)).toBe(true);
            expect(BigInt(amount) - (exact[index] as bigint) <= BigInt(basisPoints.length)).toBe(true);
          }
        }
      }),
    );
  });

  it('refuses any plan with a negative part, a part over 100 % or fixed parts over the total', () => {
    fc.assert(
      fc.property(
        validPlan,
        fc.oneof(
          fc.integer({ min: -1_000_000, max: -1 }).map(percent),
          fc.integer({ min: -1_000_000, max: -1 }).map(fixed),
          fc.integer({ min: WHOLE_IN_BASIS_POINTS + 1, max: 1_000_000 }).map(percent),
        ),
        fc.nat(),
        ({ total: sum, parts }, bad, at) => {
          const withBad = [...parts];
          withBad.splice(at % (parts.length + 1), 0, bad);
          expect(splitPlan(sum, withBad).ok).toBe(false);
          expect(splitPlan(sum, [...parts, fixed(sum + 1)]).ok).toBe(false);
        },
      ),
    );
  });

  it('refuses percentages that do not add up to 100 %', () => {
    fc.assert(
      fc.property(
        total,
        fc.array(fc.integer({ min: 0, max: WHOLE_IN_BASIS_POINTS }), { minLength: 1, maxLength: 6 }),
        (sum, basisPoints) => {
          fc.pre(basisPoints.reduce((acc, points) => acc + points, 0) !== WHOLE_IN_BASIS_POINTS);
          expect(splitPlan(sum, basisPoints.map(percent))).toMatchObject({
            ok: false,
            refusal: { reason: 'notCovered' },
          });
        },
      ),
    );
  });
});
