import type { PlanCellDto, PlanStaleDetails } from '@karm/domain/contract';
import {
  addDays,
  isoDayOfWeek,
  isoWeekOf,
  VALIDATION_MESSAGE_KEYS as MESSAGES,
  type PlanBooking,
  type PlanSubject,
  startOfIsoWeek,
  withoutSubject,
} from '@karm/domain/rules';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client';
import { conflict } from '../../platform/errors';
import { type PlanDaySlot, plans } from './planner.tables';

/**
 * Reading and writing plans (one row per employee and ISO week, seven day slots; see planner.tables.ts
 * for why this shape prevents silent double booking). Writers lock the employee-weeks they touch with
 * `lockPlanWeeks`, compare each cell's version, change slots and write them back with their versions
 * raised — all inside the use case's transaction.
 */

type PlanRow = typeof plans.$inferSelect;
type Cell = { employeeId: string; date: string };

export const emptyWeek = (): PlanDaySlot[] => Array.from({ length: 7 }, () => ({ version: 0, bookings: [] }));

const weekKey = (employeeId: string, year: number, week: number) => `${employeeId}|${year}|${week}`;
const cellKey = (employeeId: string, date: string) => `${employeeId}|${date}`;
const slotIndex = (date: string) => isoDayOfWeek(date) - 1;

/** The cells of plan rows that were ever booked (version above 0). */
export const cellsOfRows = (rows: readonly PlanRow[]): PlanCellDto[] =>
  rows.flatMap((row) => {
    const monday = startOfIsoWeek(row.year, row.week);
    return row.days.flatMap((slot, index) =>
      slot.version > 0
        ? [
            {
              employeeId: row.employeeId,
              date: addDays(monday, index),
              version: slot.version,
              bookings: slot.bookings,
            },
          ]
        : [],
    );
  });

/** The employee-weeks holding the given cells, sorted so concurrent writers lock in the same order. */
const weeksOf = (cells: readonly Cell[]) => {
  const weeks = new Map<string, { employeeId: string; year: number; week: number }>();
  for (const { employeeId, date } of cells) {
    const { year, week } = isoWeekOf(date);
    weeks.set(weekKey(employeeId, year, week), { employeeId, year, week });
  }
  return [...weeks.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([, value]) => value);
};

export type LockedPlanWeeks = Awaited<ReturnType<typeof lockPlanWeeks>>;

/**
 * Locks (and first creates, empty) the plan rows of the employee-weeks holding `cells`. The answer
 * reads and changes day slots in memory; `write` stores the changed slots with raised versions.
 */
export const lockPlanWeeks = async (tx: Executor, companyId: string, cells: readonly Cell[]) => {
  const weeks = weeksOf(cells);
  await tx
    .insert(plans)
    .values(weeks.map((week) => ({ companyId, ...week, days: emptyWeek() })))
    .onConflictDoNothing();
  const tuples = sql.join(
    weeks.map((week) => sql`(${week.employeeId}::uuid, ${week.year}::int, ${week.week}::int)`),
    sql`, `,
  );
  const rows = await tx
    .select()
    .from(plans)
    .where(
      and(
        eq(plans.companyId, companyId),
        sql`(${plans.employeeId}, ${plans.year}, ${plans.week}) in (${tuples})`,
      ),
    )
    .orderBy(asc(plans.employeeId), asc(plans.year), asc(plans.week))
    .for('update');
  const byWeek = new Map(rows.map((row) => [weekKey(row.employeeId, row.year, row.week), row]));
  const changed = new Map<string, Cell>();

  const slotOf = (employeeId: string, date: string): PlanDaySlot => {
    const { year, week } = isoWeekOf(date);
    const row = byWeek.get(weekKey(employeeId, year, week));
    if (!row) throw new Error(`plan week ${employeeId} ${year}-${week} was not locked`);
    return row.days[slotIndex(date)]!;
  };
  const cellOf = ({ employeeId, date }: Cell): PlanCellDto => {
    const slot = slotOf(employeeId, date);
    return { employeeId, date, version: slot.version, bookings: slot.bookings };
  };

  return {
    bookingsOn: (employeeId: string, date: string): readonly PlanBooking[] =>
      slotOf(employeeId, date).bookings,

    /** CONFLICT with the fresh cells when any cell's version is not the one the client read. */
    assertVersions: (read: readonly (Cell & { version: number })[]) => {
      if (read.every((cell) => slotOf(cell.employeeId, cell.date).version === cell.version)) return;
      throw conflict(MESSAGES.planCellChanged, {
        reason: 'stale',
        cells: read.map(cellOf),
      } satisfies PlanStaleDetails);
    },

    set: (employeeId: string, date: string, bookings: PlanBooking[]) => {
      const { year, week } = isoWeekOf(date);
      const row = byWeek.get(weekKey(employeeId, year, week))!;
      const index = slotIndex(date);
      row.days = row.days.map((slot, at) => (at === index ? { ...slot, bookings } : slot));
      changed.set(cellKey(employeeId, date), { employeeId, date });
    },

    /** Stores every changed slot at its version + 1; answers the changed cells as they now are. */
    write: async (now: Date): Promise<PlanCellDto[]> => {
      const touchedWeeks = new Set<PlanRow>();
      for (const { employeeId, date } of changed.values()) {
        const { year, week } = isoWeekOf(date);
        const row = byWeek.get(weekKey(employeeId, year, week))!;
        const index = slotIndex(date);
        row.days = row.days.map((slot, at) => (at === index ? { ...slot, version: slot.version + 1 } : slot));
        touchedWeeks.add(row);
      }
      for (const row of touchedWeeks) {
        await tx
          .update(plans)
          .set({ days: row.days, version: row.version + 1, updatedAt: now })
          .where(eq(plans.id, row.id));
      }
      return [...changed.values()].map(cellOf);
    },
  };
};

const containing = (subject: PlanSubject) => {
  const booking =
    subject.kind === 'project'
      ? { kind: 'project', projectId: subject.projectId }
      : subject.kind === 'task'
        ? { kind: 'task', taskId: subject.taskId }
        : subject.kind === 'serviceItem'
          ? { kind: 'serviceItem', serviceItemId: subject.serviceItemId }
          : { kind: 'absence', absence: subject.absence };
  // jsonb containment, answered by the GIN index on days: some slot has a booking of the subject.
  return sql`${plans.days} @> ${JSON.stringify([{ bookings: [booking] }])}::jsonb`;
};

const rowsWith = (db: Executor, companyId: string, subject: PlanSubject) =>
  db
    .select()
    .from(plans)
    .where(and(eq(plans.companyId, companyId), containing(subject)));

const countIn = (rows: readonly PlanRow[], subject: PlanSubject) =>
  rows.reduce(
    (sum, row) =>
      sum +
      row.days.reduce(
        (inRow, slot) => inRow + slot.bookings.length - withoutSubject(slot.bookings, subject).length,
        0,
      ),
    0,
  );

/** How many cells hold a booking of the subject (a project's "active plans"). */
export const countBookingsOf = async (db: Executor, companyId: string, subject: PlanSubject) =>
  countIn(await rowsWith(db, companyId, subject), subject);

/** Removes every booking of the subject, raising the versions of the cells it leaves; answers how many. */
export const removeBookingsOf = async (tx: Executor, companyId: string, subject: PlanSubject, now: Date) => {
  const rows = await rowsWith(tx, companyId, subject).for('update');
  for (const row of rows) {
    const days = row.days.map((slot) => {
      const left = withoutSubject(slot.bookings, subject);
      return left.length === slot.bookings.length ? slot : { version: slot.version + 1, bookings: left };
    });
    await tx
      .update(plans)
      .set({ days, version: row.version + 1, updatedAt: now })
      .where(eq(plans.id, row.id));
  }
  return countIn(rows, subject);
};

/** The plan rows of the given weeks (and only these employees, when given). */
export const planRowsOfWeeks = (
  db: Executor,
  companyId: string,
  weeks: readonly { year: number; week: number }[],
  employeeIds?: readonly string[],
) =>
  db
    .select()
    .from(plans)
    .where(
      and(
        eq(plans.companyId, companyId),
        sql`(${plans.year}, ${plans.week}) in (${sql.join(
          weeks.map((week) => sql`(${week.year}::int, ${week.week}::int)`),
          sql`, `,
        )})`,
        employeeIds ? inArray(plans.employeeId, [...employeeIds]) : undefined,
      ),
    );

/** Every employee's bookings on one day (the dashboard's work status), from that week's plan rows. */
export const bookingsOnDay = async (db: Executor, companyId: string, date: string) => {
  const { year, week } = isoWeekOf(date);
  const rows = await db
    .select({ employeeId: plans.employeeId, days: plans.days })
    .from(plans)
    .where(and(eq(plans.companyId, companyId), eq(plans.year, year), eq(plans.week, week)));
  return {
    year,
    week,
    bookings: new Map(rows.map((row) => [row.employeeId, row.days[slotIndex(date)]?.bookings ?? []])),
  };
};

/**
 * Where each subject is booked from the week of `from` on (service work's dispatch list shows who
 * goes when): per subject, its cells with the quarters, soonest first.
 */
export const bookingsOfSubjects = async (
  db: Executor,
  companyId: string,
  subjects: readonly PlanSubject[],
  from: string,
) => {
  const start = isoWeekOf(from);
  return Promise.all(
    subjects.map(async (subject) => {
      const rows = (await rowsWith(db, companyId, subject)).filter(
        (row) => row.year > start.year || (row.year === start.year && row.week >= start.week),
      );
      return cellsOfRows(rows)
        .filter((cell) => cell.date >= from)
        .flatMap((cell) => {
          const booking = cell.bookings.find(
            (candidate) => withoutSubject([candidate], subject).length === 0,
          );
          return booking
            ? [{ employeeId: cell.employeeId, date: cell.date, quarters: booking.quarters }]
            : [];
        })
        .sort((a, b) => a.date.localeCompare(b.date));
    }),
  );
};

/** The version of one cell as stored now (0 for a cell never booked). */
export const currentCellVersion = async (
  db: Executor,
  companyId: string,
  employeeId: string,
  date: string,
) => {
  const [row] = await planRowsOfWeeks(db, companyId, [isoWeekOf(date)], [employeeId]);
  return row?.days[slotIndex(date)]?.version ?? 0;
};

/** The ISO weeks holding the days from `from` to `to` (inclusive), in order. */
export const weeksBetween = (from: string, to: string) => {
  const weeks = new Map<string, { year: number; week: number }>();
  for (let day = from; day <= addDays(to, 6); day = addDays(day, 7)) {
    const week = isoWeekOf(day <= to ? day : to);
    weeks.set(`${week.year}-${week.week}`, week);
  }
  return [...weeks.values()];
};
