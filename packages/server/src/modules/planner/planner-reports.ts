import { REPORT_NONE_KEY, type ReportRange } from '@karm/domain/contract';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../platform/context';
import { employees } from '../employees/employees.tables';
import { plans } from './planner.tables';

/** A day slot holds at most this many quarters before it is overbooked: a working day. */
const QUARTERS_PER_DAY = 4;

/**
 * Capacity use per work group for the reports (issue 17), from the resource planner's cells in the
 * period: the capacity is the working days (Monday–Friday) of the weeks each employee has a plan row
 * for, the booked days the quarters booked on projects and tasks, the absent days the quarters of
 * absence — all in days (four quarters a day). One statement: the plan rows' day slots are unnested
 * and summed in SQL.
 */
export const capacityByWorkGroupReport = async (ctx: AppContext, companyId: string, range: ReportRange) => {
  const day = sql`(to_date(${plans.year}::text || '-' || ${plans.week}::text || '-1', 'IYYY-IW-ID') + (slot.position - 1)::int)`;
  // The ISO week-years that can hold a day of the range (a week-year starts up to 3 days early).
  const years = sql.join(
    [
      range.from ? sql`${plans.year} >= ${Number(range.from.slice(0, 4)) - 1}` : sql`true`,
      range.to ? sql`${plans.year} <= ${Number(range.to.slice(0, 4)) + 1}` : sql`true`,
      range.from ? sql`${day} >= ${range.from}::date` : sql`true`,
      range.to ? sql`${day} <= ${range.to}::date` : sql`true`,
    ],
    sql` and `,
  );
  type Row = { key: string | null; capacity: string; booked: string; absent: string };
  const result = (await ctx.db.execute(sql`
    select ${employees.workGroup} as key,
      count(*) filter (where extract(isodow from ${day}) <= 5) as capacity,
      coalesce(sum(quarters.booked), 0) as booked,
      coalesce(sum(quarters.absent), 0) as absent
    from ${plans}
    join ${employees} on ${employees.id} = ${plans.employeeId} and ${employees.companyId} = ${plans.companyId}
    cross join lateral jsonb_array_elements(${plans.days}) with ordinality as slot(cell, position)
    cross join lateral (
      select
        sum((booking->>'quarters')::int) filter (where booking->>'kind' in ('project', 'task')) as booked,
        sum((booking->>'quarters')::int) filter (where booking->>'kind' = 'absence') as absent
      from jsonb_array_elements(coalesce(slot.cell->'bookings', '[]'::jsonb)) as booking
    ) as quarters
    where ${plans.companyId} = ${companyId} and ${years}
    group by ${employees.workGroup}
    order by ${employees.workGroup}
  `)) as unknown as { rows: Row[] };
  return result.rows.map((row) => ({
    key: row.key ?? REPORT_NONE_KEY,
    label: null,
    values: {
      capacity: Number(row.capacity),
      booked: Number(row.booked) / QUARTERS_PER_DAY,
      absent: Number(row.absent) / QUARTERS_PER_DAY,
    },
  }));
};
