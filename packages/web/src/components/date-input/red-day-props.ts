import { type RedDayName, redDayOf } from '@karm/domain/rules';

/**
 * Norwegian public holidays look like Sundays in every calendar (Mantine's weekend colour) and name
 * themselves on hover, so 25.12 or Easter Monday is never mistaken for a working day.
 */
export const redDayProps = (date: string, nameOf: (name: RedDayName) => string) => {
  const redDay = redDayOf(date);
  return redDay ? { weekend: true, 'data-red-day': true, title: nameOf(redDay.name) } : {};
};
