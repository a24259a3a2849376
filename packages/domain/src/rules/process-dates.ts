import { addDays } from './date-only';
import type { ProcessColumnRule } from './process-columns';

const DAYS_PER_WEEK = 7;

/**
 * A process cell's date: the delivery date minus the column's factor in weeks (SPEC §5), as
 * `YYYY-MM-DD`. Whole weeks keep the weekday, so the cell lands in ISO week (delivery week − factor).
 */
export const processDate = (deliveryDate: string, factorWeeks: number): string => {
  if (!Number.isInteger(factorWeeks)) throw new RangeError(`factor must be whole weeks, got ${factorWeeks}`);
  return addDays(deliveryDate, -factorWeeks * DAYS_PER_WEEK);
};

/** Every column's process date for one project row of the grid, by column id. */
export const processDatesFor = (
  deliveryDate: string,
  columns: readonly Pick<ProcessColumnRule, 'id' | 'factor'>[],
): Record<string, string> =>
  Object.fromEntries(columns.map((column) => [column.id, processDate(deliveryDate, column.factor)]));
