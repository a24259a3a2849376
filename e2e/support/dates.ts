import { deliveryDateOfWeek } from '../../packages/domain/src/rules/delivery-weeks';
import { isoWeekOf } from '../../packages/domain/src/rules/iso-week';

// Playwright's loader cannot run the domain's date code (extensionless dayjs plugin imports), so the
// journeys work out their few dates themselves, the same way: Europe/Oslo days, shown as dd.MM.yyyy.

/** Today in Oslo as `YYYY-MM-DD`. */
export const osloToday = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Oslo' }).format(new Date());

export const addDays = (date: string, days: number) => {
  const next = new Date(`${date}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + days);
  return next.toISOString().slice(0, 10);
};

/** `YYYY-MM-DD` as the app shows it: dd.MM.yyyy. */
export const formatDate = (date: string) => date.split('-').reverse().join('.');

/**
 * The Friday of the delivery week `weeksAhead` weeks after `today`; week 53 moves on to the next
 * week. Delivery weeks are worked out by the domain's pure rule files, which Playwright can load.
 */
export const fridayWeeksAhead = (today: string, weeksAhead: number) => {
  for (let extra = 0; ; extra += 1) {
    const { year, week } = isoWeekOf(addDays(today, (weeksAhead + extra) * 7));
    if (week <= 52) return deliveryDateOfWeek(year, week);
  }
};
