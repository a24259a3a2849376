import { daysBetween } from './date-only';

/** A delivery this many days away or fewer is shown in orange (SPEC §9). */
export const DELIVERY_WARNING_DAYS = 3;

export const DELIVERY_COLOURS = ['red', 'orange', 'green'] as const;
export type DeliveryColour = (typeof DELIVERY_COLOURS)[number];

/** Calendar days from `today` to `date` (both `YYYY-MM-DD`); negative when `date` has passed. */
export const daysUntil = (date: string, today: string): number => daysBetween(today, date);

/**
 * Red when the delivery is today or overdue, orange within the warning window, green otherwise.
 * `today` is passed in (the Oslo date of the injected clock) so the rule never reads the system time.
 */
export const deliveryColour = (deliveryDate: string, today: string): DeliveryColour => {
  const days = daysUntil(deliveryDate, today);
  if (days <= 0) return 'red';
  if (days <= DELIVERY_WARNING_DAYS) return 'orange';
  return 'green';
};
