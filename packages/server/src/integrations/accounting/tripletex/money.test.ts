import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_NOK, nokToOre, oreToNok } from './money';
import { toTripletexOrder } from './sales-mappers';

describe('øre ⇄ NOK', () => {
  it('sends øre as the exact two-decimal amount', () => {
    expect(oreToNok(123_456)).toBe(1234.56);
    expect(JSON.stringify({ price: oreToNok(33_333) })).toBe('{"price":333.33}');
    expect(JSON.stringify({ price: oreToNok(-5) })).toBe('{"price":-0.05}');
    expect(oreToNok(0)).toBe(0);
    expect(() => oreToNok(1.5)).toThrow(RangeError);
    expect(() => oreToNok(10 ** 15)).toThrow(RangeError);
  });

  it('reads NOK from its text, not from nok × 100, rounding half away from zero', () => {
    expect(nokToOre(1234.56)).toBe(123_456);
    expect(nokToOre(0.1 + 0.2)).toBe(30);
    // 1.005 × 100 is 100.49999999999999 in floating point; the amount as written is 1.005.
    expect(nokToOre(1.005)).toBe(101);
    expect(nokToOre(-1.005)).toBe(-101);
    expect(nokToOre(12.3449)).toBe(1234);
    expect(nokToOre(4.35)).toBe(435);
    expect(nokToOre(999.99)).toBe(99_999);
    expect(Object.is(nokToOre(-0.001), 0)).toBe(true);
    expect(nokToOre(1e-7)).toBe(0);
    expect(nokToOre(MAX_NOK)).toBe(10 ** 15);
    expect(() => nokToOre(MAX_NOK * 2)).toThrow(RangeError);
  });

  it('round-trips every amount below 10^15 øre exactly, as at most two decimals on the wire', () => {
    fc.assert(
      fc.property(fc.integer({ min: -(10 ** 15) + 1, max: 10 ** 15 - 1 }), (ore) => {
        const nok = oreToNok(ore);
        expect(String(nok)).toMatch(/^-?\d+(\.\d{1,2})?$/);
        expect(nokToOre(JSON.parse(JSON.stringify(nok)))).toBe(ore);
      }),
      { numRuns: 2000 },
    );
  });

  it('refuses a line price in fractions of an øre or a count that JSON cannot carry', () => {
    const order = (line: { count?: number; unitPriceExcludingVat?: number }) =>
      toTripletexOrder({
        customerExternalId: '1',
        projectExternalId: null,
        orderDate: '2025-03-10',
        deliveryDate: '2025-03-10',
        reference: '',
        invoiceComment: '',
        lines: [
          {
            description: 'Dør',
            count: 1,
            unitPriceExcludingVat: 100,
            discountPercent: 0,
            vatTypeExternalId: null,
            ...line,
          },
        ],
      });
    expect(order({}).orderLines[0]).toEqual({
      description: 'Dør',
      count: 1,
      unitPriceExcludingVatCurrency: 1,
      discount: 0,
    });
    expect(() => order({ unitPriceExcludingVat: 99.5 })).toThrow(RangeError);
    expect(() => order({ count: Number.NaN })).toThrow(RangeError);
  });
});
