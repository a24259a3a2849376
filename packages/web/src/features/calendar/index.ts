/**
 * The calendar (SPEC §2 /calendar, issue 17). `CalendarPage` `{ targetHref }` takes where each
 * entry's record opens (composed in `app/`, since features never import each other).
 */
export { CalendarPage, type TargetHref } from './calendar-page';
