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
