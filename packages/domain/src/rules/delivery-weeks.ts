import { addDays, daysBetween } from './date-only';
import { type IsoWeek, isoWeekOf, nextIsoWeek, startOfIsoWeek } from './iso-week';
import type { ProcessColumnRule } from './process-columns';
import { VALIDATION_MESSAGE_KEYS } from './validation-messages';

/**
 * The delivery week picker offers weeks 1 to 52 (SPEC §9). Week 53 of a long ISO year is never offered,
 * so a postponed delivery that would land there moves on to week 1.
 */
export const DELIVERY_WEEK_MIN = 1;
export const DELIVERY_WEEK_MAX = 52;

/**
 * ISO weekday of the delivery date a picked week stands for: Friday. Deliveries are planned to the end of
 * the week — the whole week is there for production and loading, and it is the date a customer is told
 * ("week 12" means "by the end of week 12"). Every function here uses this one rule.
 */
export const DELIVERY_WEEKDAY = 5;

type LeadColumns = readonly Pick<ProcessColumnRule, 'factor' | 'min'>[];

export type DeliveryWeekOption = { week: number; isDisabled: boolean };

export type DeliveryReachability =
  | { isReachable: true }
  | {
      isReachable: false;
      /** The earliest reachable delivery date, on the delivery weekday of a selectable week. */
      earliestDate: string;
      message: typeof VALIDATION_MESSAGE_KEYS.deliveryPostponed;
    };

const DAYS_PER_WEEK = 7;

/** The largest `factor + min` over all process columns: how many weeks ahead the work must start. */
export const minimumLeadWeeks = (columns: LeadColumns): number =>
  columns.reduce((lead, column) => Math.max(lead, column.factor + column.min), 0);

const mondayOf = (date: string): string => {
  const { year, week } = isoWeekOf(date);
  return startOfIsoWeek(year, week);
};

/** Whole ISO weeks from the week holding `today` to the week holding `date`; negative for past weeks. */
const weeksAhead = (today: string, date: string): number =>
  daysBetween(mondayOf(today), mondayOf(date)) / DAYS_PER_WEEK;

const assertWeekday = (weekday: number): void => {
  if (!Number.isInteger(weekday) || weekday < 1 || weekday > 7) {
    throw new RangeError(`weekday must be an ISO weekday from 1 (Monday) to 7 (Sunday), got ${weekday}`);
  }
};

const isSelectableWeek = (week: number): boolean =>
  Number.isInteger(week) && week >= DELIVERY_WEEK_MIN && week <= DELIVERY_WEEK_MAX;

/** The delivery date of a picked week: its Friday unless another ISO weekday is asked for. */
export const deliveryDateOfWeek = (
  year: number,
  week: number,
  weekday: number = DELIVERY_WEEKDAY,
): string => {
  if (!isSelectableWeek(week)) {
    throw new RangeError(
      `delivery week must be from ${DELIVERY_WEEK_MIN} to ${DELIVERY_WEEK_MAX}, got ${week}`,
    );
  }
  assertWeekday(weekday);
  return addDays(startOfIsoWeek(year, week), weekday - 1);
};

type ReachabilityInput = { today: string; deliveryDate: string; columns: LeadColumns };

/**
 * Whether every process can still be done in time. Reading of SPEC §5 ("weeks below the largest
 * (factor + min) … are disabled"): the column with the longest lead must start `factor + min` weeks
 * before the delivery week, and that start may not lie before the current week. So the delivery's ISO
 * week must be at least `minimumLeadWeeks` weeks after the current ISO week — counted in weeks, not days,
 * as the grid plans in weeks — and the date itself may not have passed (which matters only for lead 0).
 */
export const isDeliveryReachable = ({ today, deliveryDate, columns }: ReachabilityInput): boolean =>
  daysBetween(today, deliveryDate) >= 0 && weeksAhead(today, deliveryDate) >= minimumLeadWeeks(columns);

/**
 * The first date on the delivery weekday of a selectable week (1–52) that is reachable. Reachability
 * only grows with time, so this is the delivery date every unreachable one is postponed to.
 */
export const earliestReachableDeliveryDate = ({
  today,
  columns,
  weekday = DELIVERY_WEEKDAY,
}: {
  today: string;
  columns: LeadColumns;
  weekday?: number;
}): string => {
  assertWeekday(weekday);
  let candidate: IsoWeek = isoWeekOf(addDays(mondayOf(today), minimumLeadWeeks(columns) * DAYS_PER_WEEK));
  // At most two steps: past the delivery weekday of the current week (lead 0), then past week 53.
  for (;;) {
    if (isSelectableWeek(candidate.week)) {
      const date = deliveryDateOfWeek(candidate.year, candidate.week, weekday);
      if (isDeliveryReachable({ today, deliveryDate: date, columns })) return date;
    }
    candidate = nextIsoWeek(candidate);
  }
};

/** The delivery date itself when it is reachable, otherwise the earliest reachable delivery date. */
export const postponeToReachable = (input: ReachabilityInput & { weekday?: number }): string =>
  isDeliveryReachable(input) ? input.deliveryDate : earliestReachableDeliveryDate(input);

/**
 * Checks a chosen delivery date. When it cannot be reached the answer carries the date it will be
 * postponed to and the message "Not possible to reach delivery date; delivery date will get postponed".
 */
export const checkDeliveryReachable = (
  input: ReachabilityInput & { weekday?: number },
): DeliveryReachability =>
  isDeliveryReachable(input)
    ? { isReachable: true }
    : {
        isReachable: false,
        earliestDate: earliestReachableDeliveryDate(input),
        message: VALIDATION_MESSAGE_KEYS.deliveryPostponed,
      };

/**
 * The 52 weeks of the picker for `year` (an ISO week-year). A week is disabled when its delivery date is
 * not reachable (`isDeliveryReachable`): in the current year that is every past week and every week fewer
 * than `minimumLeadWeeks` weeks after the current one; in a past year every week; in a later year only
 * the weeks still within the lead time of the current week (possible only near the turn of the year), so
 * an enabled week is always one the work can reach.
 */
export const deliveryWeekOptions = ({
  today,
  year,
  columns,
  weekday = DELIVERY_WEEKDAY,
}: {
  today: string;
  year: number;
  columns: LeadColumns;
  weekday?: number;
}): DeliveryWeekOption[] =>
  Array.from({ length: DELIVERY_WEEK_MAX - DELIVERY_WEEK_MIN + 1 }, (_, index) => {
    const week = DELIVERY_WEEK_MIN + index;
    const deliveryDate = deliveryDateOfWeek(year, week, weekday);
    return { week, isDisabled: !isDeliveryReachable({ today, deliveryDate, columns }) };
  });
