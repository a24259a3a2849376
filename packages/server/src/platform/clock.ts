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

/** Today's calendar date in Oslo as `YYYY-MM-DD`. */
export const todayIn = (clock: Clock) => dayjs(clock.now()).tz(BUSINESS_TIME_ZONE).format('YYYY-MM-DD');

/** The instant a calendar day (`YYYY-MM-DD`) starts in Oslo; `days` later for the day after a range. */
export const startOfDayIn = (date: string, days = 0) =>
  dayjs.tz(date, BUSINESS_TIME_ZONE).add(days, 'day').toDate();
