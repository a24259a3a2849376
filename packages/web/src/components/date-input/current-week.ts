import { isoWeekOf } from '@karm/domain/rules';

/** True when `date` (`YYYY-MM-DD…`) lies in the same ISO week as `today`. */
export const isInWeekOf = (today: string, date: string) => {
  const a = isoWeekOf(today.slice(0, 10));
  const b = isoWeekOf(date.slice(0, 10));
  return a.year === b.year && a.week === b.week;
};
