import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { lineSalesPrice, linesTotals } from './order-lines';

describe('order lines', () => {
  it('computes the sales price in øre with the discount', () => {
    expect(lineSalesPrice({ count: 3, unitPrice: 12_500_00, discountPercent: 10 })).toBe(33_750_00);
    expect(lineSalesPrice({ count: 1.5, unitPrice: 333, discountPercent: 0 })).toBe(500);
  });

  it('sums value, cost and contribution margin', () => {
    expect(
      linesTotals([
        { count: 2, unitPrice: 10_000_00, discountPercent: 0, costPrice: 6_000_00 },
        { count: 1, unitPrice: 5_000_00, discountPercent: 20, costPrice: 2_500_00 },
      ]),
    ).toEqual({ value: 24_000_00, cost: 14_500_00, contributionMargin: 9_500_00 });
  });

  it('is always whole øre, and a full discount gives nothing', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1000 }),
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: 0, max: 100 }),
        (count, unitPrice, discountPercent) => {
          const price = lineSalesPrice({ count, unitPrice, discountPercent });
          expect(Number.isInteger(price)).toBe(true);
          if (discountPercent === 100) expect(price).toBe(0);
          expect(price).toBeLessThanOrEqual(count * unitPrice);
        },
      ),
    );
  });
});
