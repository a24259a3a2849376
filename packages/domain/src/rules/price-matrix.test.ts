import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { priceMatrixSchema } from '../contract/price-calculator';
import {
  type PriceMatrix,
  priceFromMatrix,
  priceLineDescription,
  priceMatrixIssues,
  type SizeRange,
} from './price-matrix';

const MATRIX: PriceMatrix = {
  doorTypes: [
    { id: 'inner', name: 'Inner door', nameNb: '', isActive: true },
    { id: 'outer', name: 'Outer door', nameNb: '', isActive: true },
  ],
  widthRanges: [
    { id: 'w1', fromMm: 700, toMm: 900 },
    { id: 'w2', fromMm: 901, toMm: 1100 },
  ],
  heightRanges: [{ id: 'h1', fromMm: 1800, toMm: 2100 }],
  cells: [
    { doorTypeId: 'inner', widthRangeId: 'w1', heightRangeId: 'h1', price: 450_000, cost: 261_000 },
    { doorTypeId: 'inner', widthRangeId: 'w2', heightRangeId: 'h1', price: 520_000, cost: 290_000 },
    { doorTypeId: 'outer', widthRangeId: 'w1', heightRangeId: 'h1', price: 1_250_000, cost: 780_000 },
  ],
};

/** Ascending, non-overlapping ranges: cut points drawn at random, each range from one cut to the next. */
const rangesArbitrary = fc
  .uniqueArray(fc.integer({ min: 1, max: 20_000 }), { minLength: 2, maxLength: 12 })
  .map((cuts) => cuts.sort((a, b) => a - b))
  .map((cuts) =>
    cuts
      .slice(1)
      .map((toMm, index): SizeRange => ({ id: `r${index}`, fromMm: (cuts[index] ?? 0) + 1, toMm })),
  )
  .filter((ranges) => ranges.every((range) => range.fromMm < range.toMm));

const matrixWith = (widthRanges: SizeRange[], heightRanges: SizeRange[]): PriceMatrix => ({
  doorTypes: [{ id: 'd', name: 'Door', nameNb: '', isActive: true }],
  widthRanges,
  heightRanges,
  cells: widthRanges.flatMap((width, w) =>
    heightRanges.map((height, h) => ({
      doorTypeId: 'd',
      widthRangeId: width.id,
      heightRangeId: height.id,
      price: (w + 1) * 1000 + h + 1,
      cost: (w + 1) * 600 + h + 1,
    })),
  ),
});

describe('priceFromMatrix', () => {
  it('finds the cell of the ranges holding the size, ends included', () => {
    expect(priceFromMatrix(MATRIX, { doorTypeId: 'inner', widthMm: 900, heightMm: 2100 })).toMatchObject({
      isFound: true,
      price: 450_000,
      cost: 261_000,
    });
    expect(priceFromMatrix(MATRIX, { doorTypeId: 'inner', widthMm: 901, heightMm: 1800 })).toMatchObject({
      price: 520_000,
      cost: 290_000,
    });
  });

  it.each([
    [{ doorTypeId: 'sliding', widthMm: 800, heightMm: 2000 }, 'doorTypeUnknown'],
    [{ doorTypeId: 'inner', widthMm: 699, heightMm: 2000 }, 'widthOutOfRange'],
    [{ doorTypeId: 'inner', widthMm: 800, heightMm: 2101 }, 'heightOutOfRange'],
    [{ doorTypeId: 'outer', widthMm: 1000, heightMm: 2000 }, 'sizeNotOffered'],
  ])('answers %j with the reason %s', (query, reason) => {
    expect(priceFromMatrix(MATRIX, query)).toEqual({ isFound: false, reason });
  });

  it('finds exactly the cell of the range a size lies in, for any size inside any range', () => {
    fc.assert(
      fc.property(
        rangesArbitrary,
        rangesArbitrary,
        fc.nat(),
        fc.nat(),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (widths, heights, wPick, hPick, where) => {
          const matrix = matrixWith(widths, heights);
          const w = wPick % widths.length;
          const h = hPick % heights.length;
          const width = widths[w] as SizeRange;
          const height = heights[h] as SizeRange;
          const widthMm = Math.round(width.fromMm + where * (width.toMm - width.fromMm));
          const heightMm = Math.round(height.fromMm + where * (height.toMm - height.fromMm));
          const found = priceFromMatrix(matrix, { doorTypeId: 'd', widthMm, heightMm });
          expect(found).toMatchObject({
            isFound: true,
            price: (w + 1) * 1000 + h + 1,
            cost: (w + 1) * 600 + h + 1,
          });
        },
      ),
    );
  });

  it('finds nothing for a size outside every range', () => {
    fc.assert(
      fc.property(rangesArbitrary, fc.integer({ min: 1, max: 30_000 }), (ranges, mm) => {
        const isInside = ranges.some((range) => range.fromMm <= mm && mm <= range.toMm);
        const found = priceFromMatrix(matrixWith(ranges, ranges), {
          doorTypeId: 'd',
          widthMm: mm,
          heightMm: mm,
        });
        expect(found.isFound).toBe(isInside);
      }),
    );
  });

  it("answers the found cell's own price and cost, whatever they are", () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({ price: fc.integer({ min: 1, max: 1e9 }), cost: fc.integer({ min: 1, max: 1e9 }) }),
          {
            minLength: 1,
            maxLength: 12,
          },
        ),
        fc.nat(),
        (amounts, pick) => {
          const widths = amounts.map((_, index) => ({
            id: `w${index}`,
            fromMm: index * 100 + 1,
            toMm: index * 100 + 100,
          }));
          const matrix: PriceMatrix = {
            doorTypes: [{ id: 'd', name: 'Door', nameNb: '', isActive: true }],
            widthRanges: widths,
            heightRanges: [{ id: 'h', fromMm: 1, toMm: 5000 }],
            cells: amounts.map((amount, index) => ({
              doorTypeId: 'd',
              widthRangeId: `w${index}`,
              heightRangeId: 'h',
              ...amount,
            })),
          };
          const index = pick % amounts.length;
          const found = priceFromMatrix(matrix, {
            doorTypeId: 'd',
            widthMm: index * 100 + 50,
            heightMm: 2000,
          });
          expect(found).toMatchObject({ isFound: true, ...amounts[index] });
          // A found door's margin is its price less its cost: never the whole price.
          if (found.isFound) expect(found.price - found.cost).toBeLessThan(found.price);
        },
      ),
    );
  });
});

describe('priceMatrixIssues', () => {
  it('accepts a well-formed matrix, and any generated ascending ranges', () => {
    expect(priceMatrixIssues(MATRIX)).toEqual([]);
    fc.assert(
      fc.property(rangesArbitrary, rangesArbitrary, (widths, heights) => {
        expect(priceMatrixIssues(matrixWith(widths, heights))).toEqual([]);
      }),
    );
  });

  it('refuses ranges that overlap or are out of order, wherever they are', () => {
    fc.assert(
      fc.property(rangesArbitrary, fc.nat(), fc.nat(), (ranges, first, second) => {
        const i = first % ranges.length;
        const j = second % ranges.length;
        fc.pre(i !== j);
        // Moving one range onto another's start makes them overlap (or break the order).
        const moved = ranges.map((range, index) =>
          index === j
            ? { ...range, fromMm: (ranges[i] as SizeRange).fromMm, toMm: (ranges[i] as SizeRange).toMm }
            : range,
        );
        const issues = priceMatrixIssues(matrixWith(moved, ranges));
        expect(issues.some((issue) => issue.message === 'validation.rangesOverlap')).toBe(true);
      }),
    );
  });

  it('names each problem at its path', () => {
    const broken: PriceMatrix = {
      doorTypes: [
        { id: 'a', name: 'Door', nameNb: '', isActive: true },
        { id: 'b', name: 'door', nameNb: '', isActive: true },
      ],
      widthRanges: [{ id: 'w', fromMm: 900, toMm: 900 }],
      heightRanges: [{ id: 'h', fromMm: 1800, toMm: 2100 }],
      cells: [
        { doorTypeId: 'a', widthRangeId: 'w', heightRangeId: 'h', price: 0, cost: 0 },
        { doorTypeId: 'x', widthRangeId: 'w', heightRangeId: 'h', price: 10, cost: 6 },
      ],
    };
    expect(priceMatrixIssues(broken)).toEqual([
      { path: ['doorTypes', 1, 'name'], message: 'validation.duplicateName' },
      { path: ['widthRanges', 0, 'toMm'], message: 'validation.rangeFromBeforeTo' },
      { path: ['cells', 0, 'price'], message: 'validation.pricePositive' },
      { path: ['cells', 0, 'cost'], message: 'validation.costPositive' },
      { path: ['cells', 1], message: 'validation.cellUnknown' },
    ]);
  });

  it('caps door types and ranges at 30, through the contract schema too', () => {
    const many = Array.from({ length: 31 }, (_, index) => ({
      id: `d${index}`,
      name: `Door ${index}`,
      nameNb: '',
      isActive: true,
    }));
    const result = priceMatrixSchema.safeParse({ ...MATRIX, doorTypes: many, cells: [] });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({
      path: ['doorTypes'],
      message: 'validation.tooMany?max=30',
    });
    expect(
      priceMatrixSchema.safeParse({ ...MATRIX, doorTypes: [{ id: 'x', name: 'x'.repeat(61) }] }).success,
    ).toBe(false);
  });
});

describe('priceLineDescription', () => {
  it('reads like an offer line', () => {
    expect(priceLineDescription('Inner door', 1000, 2100)).toBe('Inner door, 1000 × 2100 mm');
  });
});
