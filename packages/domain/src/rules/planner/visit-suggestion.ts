import { addDays } from '../date-only';
import { VALIDATION_MESSAGE_KEYS as MESSAGES } from '../validation-messages';
import { QUARTERS_PER_DAY } from './day-parts';
import { isWorkingDay } from './working-days';

/**
 * Where a due agreement visit is suggested in a service worker's plan (issue 14/19):
 *
 * 1. The window is the two weeks before the due date up to the due date itself, never before today
 *    (a visit is not suggested in the past). An overdue visit gets the two weeks from today.
 * 2. The suggestion goes to the first working day (Monday–Friday, not a red day) in the window on
 *    which the worker has room for the visit (booked quarters plus other suggestions plus the
 *    visit's quarters at most a whole day).
 * 3. With no such day it goes to the due date (or, overdue, today) moved to a working day, marked
 *    overbooked: it is shown in red, and accepting it asks first — never an overbooking unseen.
 */

/** The window's length before the due date. */
export const VISIT_SUGGESTION_DAYS_BEFORE = 14;
/** A visit is suggested as half a day (a planner moves or books it otherwise). */
export const VISIT_SUGGESTION_QUARTERS = 2;

export type VisitDaySuggestion = { date: string; isOverbooked: boolean };

const searchWindow = (dueDate: string, today: string) => {
  if (dueDate < today) return { start: today, end: addDays(today, VISIT_SUGGESTION_DAYS_BEFORE) };
  const before = addDays(dueDate, -VISIT_SUGGESTION_DAYS_BEFORE);
  return { start: before > today ? before : today, end: dueDate };
};

const firstWorkingDayFrom = (date: string) => {
  let day = date;
  // A year never has more than a week of days off in a row; the bound keeps a bad input finite.
  for (let step = 0; step < 14 && !isWorkingDay(day); step += 1) day = addDays(day, 1);
  return day;
};

export const suggestVisitDay = ({
  dueDate,
  today,
  quarters = VISIT_SUGGESTION_QUARTERS,
  quartersOn,
}: {
  dueDate: string;
  today: string;
  quarters?: number;
  /** What the worker's day holds already (bookings and other suggestions), in quarters. */
  quartersOn: (date: string) => number;
}): VisitDaySuggestion => {
  const { start, end } = searchWindow(dueDate, today);
  for (let day = start; day <= end; day = addDays(day, 1)) {
    if (isWorkingDay(day) && quartersOn(day) + quarters <= QUARTERS_PER_DAY)
      return { date: day, isOverbooked: false };
  }
  const fallback = firstWorkingDayFrom(dueDate < today ? today : dueDate);
  return { date: fallback, isOverbooked: quartersOn(fallback) + quarters > QUARTERS_PER_DAY };
};

/** The window's first and last day, for reading the worker's bookings once. */
export const visitSuggestionWindow = (dueDate: string, today: string) => {
  const { start, end } = searchWindow(dueDate, today);
  // The fallback may move a week-end or holiday due date on by up to two weeks.
  return { from: start, to: addDays(end, 14) };
};

/**
 * Where a planner may move a suggested visit: a working day from today on — the same days the
 * suggestions themselves are drawn on. The message key of what is wrong, or null.
 */
export const movedSuggestionDayProblem = (date: string, today: string) => {
  if (date < today) return MESSAGES.suggestionInPast;
  if (!isWorkingDay(date)) return MESSAGES.suggestionNotWorkingDay;
  return null;
};
