import type { ReportRange } from '@karm/domain/contract';
import { type AnyColumn, and, type SQL, sql } from 'drizzle-orm';
import { BUSINESS_TIME_ZONE } from '../clock';

type DateExpression = AnyColumn | SQL;

/** A date column within an inclusive range of `YYYY-MM-DD` dates (no bound: any date, null too). */
export const dateInRange = (column: DateExpression, range: ReportRange): SQL | undefined =>
  and(
    range.from ? sql`${column} >= ${range.from}::date` : undefined,
    range.to ? sql`${column} <= ${range.to}::date` : undefined,
  );

/** An instant's Oslo day: what the person saw on the screen when it happened. */
export const osloDate = (column: DateExpression) =>
  sql`(${column} at time zone ${sql.raw(`'${BUSINESS_TIME_ZONE}'`)})::date`;

/** An instant column whose Oslo day lies within the range. */
export const instantInRange = (column: DateExpression, range: ReportRange): SQL | undefined =>
  dateInRange(osloDate(column), range);
