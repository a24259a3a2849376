/**
 * Order and offer lines (SPEC §3: description, count, unit price, discount, cost price, sales
 * price, VAT). Money is integer øre; the sales price is derived, never stored apart from its parts.
 */
export type PricedLine = { count: number; unitPrice: number; discountPercent: number; costPrice: number };

/** count × unit price less the discount, rounded to whole øre (half away from zero). */
export const lineSalesPrice = (line: Pick<PricedLine, 'count' | 'unitPrice' | 'discountPercent'>) => {
  const exact = (line.count * line.unitPrice * (100 - line.discountPercent)) / 100;
  return Math.sign(exact) * Math.round(Math.abs(exact));
};

/** count × cost price, rounded to whole øre. */
export const lineCost = (line: Pick<PricedLine, 'count' | 'costPrice'>) => {
  const exact = line.count * line.costPrice;
  return Math.sign(exact) * Math.round(Math.abs(exact));
};

/** Value (sum of sales prices) and contribution margin (value less cost) of a set of lines. */
export const linesTotals = (lines: readonly PricedLine[]) => {
  const value = lines.reduce((sum, line) => sum + lineSalesPrice(line), 0);
  const cost = lines.reduce((sum, line) => sum + lineCost(line), 0);
  return { value, cost, contributionMargin: value - cost };
};
