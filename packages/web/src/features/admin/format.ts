import { BUSINESS_TIME_ZONE } from '@karm/domain/rules';
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);
dayjs.extend(timezone);

/** An instant as dd.MM.yyyy HH:mm on the business clock (Oslo), whatever the browser's zone. */
export const formatDateTime = (iso: string | null | undefined): string =>
  iso ? dayjs(iso).tz(BUSINESS_TIME_ZONE).format('DD.MM.YYYY HH:mm') : '';
