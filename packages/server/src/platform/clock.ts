import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);
dayjs.extend(timezone);

/** Norway's business day starts and ends in Oslo, whatever the server's own time zone. */
export const BUSINESS_TIME_ZONE = 'Europe/Oslo';

/** The injected clock: use cases never read the system time directly, so tests can set it. */
export type Clock = { now: () => Date };

export const systemClock: Clock = { now: () => new Date() };

// One formatter for the process: dayjs's tz() builds an Intl formatter on every call (about a
// millisecond each, measured in bench invoices), and lists ask for today on every request.
const osloCalendarDate = new Intl.DateTimeFormat('en-CA', {
  timeZone: BUSINESS_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** Today's calendar date in Oslo as `YYYY-MM-DD` (en-CA writes dates in that order). */
export const todayIn = (clock: Clock) => osloCalendarDate.format(clock.now());

/** The instant a calendar day (`YYYY-MM-DD`) starts in Oslo; `days` later for the day after a range. */
export const startOfDayIn = (date: string, days = 0) =>
  dayjs.tz(date, BUSINESS_TIME_ZONE).add(days, 'day').toDate();
