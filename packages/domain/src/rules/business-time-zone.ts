import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';

// The timezone plugin needs utc; extending twice is harmless, so every module may do it.
dayjs.extend(utc);
dayjs.extend(timezone);

/** Every calendar date of the business ("today", delivery dates, instants shown as dates) is in Oslo. */
export const BUSINESS_TIME_ZONE = 'Europe/Oslo';

/**
 * The Oslo calendar date (`YYYY-MM-DD`) of an instant. "Today" is always computed from an injected clock
 * (`osloDateOf(clock.now())`), never from the system, so tests and servers in other zones agree.
 */
export const osloDateOf = (instant: Date | number): string => {
  const ms = typeof instant === 'number' ? instant : instant.getTime();
  if (!Number.isFinite(ms)) throw new RangeError('not a valid instant');
  return dayjs(ms).tz(BUSINESS_TIME_ZONE).format('YYYY-MM-DD');
};

/**
 * An instant as people read it (SPEC §1 dates): `dd.MM.yyyy HH:mm` on the clocks in Oslo, whatever
 * the zone it is shown in; empty for none or one that is no instant.
 */
export const formatDateTime = (instant: Date | number | string | null | undefined): string => {
  if (instant === null || instant === undefined) return '';
  const ms =
    instant instanceof Date ? instant.getTime() : typeof instant === 'number' ? instant : Date.parse(instant);
  if (!Number.isFinite(ms)) return '';
  return dayjs(ms).tz(BUSINESS_TIME_ZONE).format('DD.MM.YYYY HH:mm');
};

/** The instant an Oslo calendar day (`YYYY-MM-DD`) begins: period filters on instants start here. */
export const osloStartOfDay = (date: string): Date => dayjs.tz(date, BUSINESS_TIME_ZONE).toDate();
