import type { PlanBooking } from '@karm/domain/rules';
import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, primaryId, updatedAt, version } from '../../platform/db/columns';
import { companies } from '../company/company.tables';

/** One day slot of a plan: what the cell holds and its own version (0 until first booked). */
export type PlanDaySlot = { version: number; bookings: PlanBooking[] };

/**
 * Plans (SPEC §3 Plan data: id, year, week, seven day slots), one row per employee and ISO week.
 *
 * Why this shape keeps two leaders from double booking a cell unseen: every write locks the rows of
 * the employee-weeks it touches (`select … for update`, after `insert … on conflict do nothing` makes
 * sure the row exists — the unique key below makes a concurrent first insert wait for the other and
 * then find its row). Under that lock it compares the version of each day slot with the version the
 * client read; a slot changed in between answers CONFLICT with the fresh cells and nothing is written.
 * The version lives on the day slot, not the row, so booking Monday never makes a colleague's
 * Tuesday stale. The overbooking check (at most four quarters a day unless confirmed) runs under the
 * same lock, so it sees every committed booking.
 *
 * The employee is another module's record (no foreign key across modules, as projects do); the
 * company cascade removes plans with the company.
 */
export const plans = pgTable(
  'plans',
  {
    id: primaryId(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    employeeId: uuid('employee_id').notNull(),
    /** ISO week-year and week (rules/iso-week.ts): 2026-12-31 is in 2026 week 53. */
    year: integer('year').notNull(),
    week: integer('week').notNull(),
    /** Monday to Sunday. */
    days: jsonb('days').$type<PlanDaySlot[]>().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: version(),
  },
  (table) => [
    uniqueIndex('plans_company_employee_week_key').on(
      table.companyId,
      table.employeeId,
      table.year,
      table.week,
    ),
    index('plans_company_week_idx').on(table.companyId, table.year, table.week),
    // Finds a project's or task's bookings (project removal, task deletion) by jsonb containment.
    index('plans_days_idx').using('gin', sql`${table.days} jsonb_path_ops`),
  ],
);

/**
 * Suggested plans (issue 14/19): a due agreement visit proposed for a service worker on a day. Kept
 * apart from `plans` on purpose: a suggestion books nothing — capacity, overbooking and the locks of
 * `plans` ignore it — until a planner accepts it, which books the task through plan:add's rules and
 * deletes the suggestion in the same transaction. One suggestion per task (the visit's task of that
 * worker); the task and agreement are other modules' records, so no foreign keys to them.
 */
export const planSuggestions = pgTable(
  'plan_suggestions',
  {
    id: primaryId(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    employeeId: uuid('employee_id').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    quarters: integer('quarters').notNull(),
    taskId: uuid('task_id').notNull(),
    agreementId: uuid('agreement_id').notNull(),
    projectId: uuid('project_id').notNull(),
    title: text('title').notNull(),
    isOverbooked: boolean('is_overbooked').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: version(),
  },
  (table) => [
    uniqueIndex('plan_suggestions_task_key').on(table.taskId),
    index('plan_suggestions_company_date_idx').on(table.companyId, table.date),
  ],
);
