import { addDays, isoDayOfWeek } from '../date-only';
import { isRedDay } from '../red-days';

/** Monday to Friday and not a Norwegian red day: a day people are planned to work (SPEC §4, §9). */
export const isWorkingDay = (date: string): boolean => isoDayOfWeek(date) <= 5 && !isRedDay(date);

/** The working days among the given dates, in their order. */
export const workingDaysOf = (dates: readonly string[]): string[] => dates.filter(isWorkingDay);

/** The first working day after `date` that `isWanted` accepts, up to `until` inclusive; null if none. */
export const nextWorkingDay = (
  date: string,
  until: string,
  isWanted: (date: string) => boolean = () => true,
): string | null => {
  for (let day = addDays(date, 1); day <= until; day = addDays(day, 1)) {
    if (isWorkingDay(day) && isWanted(day)) return day;
  }
  return null;
};
