import {
  PLAN_PUSHES,
  type PlanSuggestionDto,
  type PlanSuggestionsPush,
  type planSuggestionAcceptSchema,
  type planSuggestionDismissSchema,
  type planSuggestionMoveSchema,
} from '@karm/domain/contract';
import {
  type DayPart,
  VALIDATION_MESSAGE_KEYS as MESSAGES,
  movedSuggestionDayProblem,
  QUARTERS_PER_DAY,
  quartersOfDay,
  suggestVisitDay,
  VISIT_SUGGESTION_QUARTERS,
  visitSuggestionWindow,
} from '@karm/domain/rules';
import { and, asc, between, eq, inArray, ne } from 'drizzle-orm';
import type { z } from 'zod';
import { todayIn } from '../../platform/clock';
import type { Actor, AppContext } from '../../platform/context';
import type { Executor } from '../../platform/db/client';
import { assertReferencesInCompany } from '../../platform/db/references';
import { conflict, notFound, validationError } from '../../platform/errors';
import { ACTIVE_EMPLOYEES_REFERABLE } from '../employees/employees-for-planner';
import { assignTaskInTransaction, pushTasksChanged } from '../tasks/tasks.service';
import { cellsOfRows, currentCellVersion, planRowsOfWeeks, weeksBetween } from './plan-weeks';
import { bookCells, publishBooked } from './planner.service';
import { planSuggestions } from './planner.tables';

/**
 * Suggested plans (issue 14/19): a due agreement visit proposed in the plan of each of the
 * agreement's service workers on a day with room (rule `suggestVisitDay`), drawn dashed in the
 * planner until a planner accepts it (a real booking of the visit's task, plan:add's rules: a full
 * day asks first), moves it or dismisses it. Service agreements make them when a visit's tasks are
 * made; they go when the tasks are settled.
 */

type SuggestionRow = typeof planSuggestions.$inferSelect;

export type VisitToSuggest = {
  taskId: string;
  employeeId: string;
  dueDate: string;
  agreementId: string;
  projectId: string;
  title: string;
};

const dtoOf = (row: SuggestionRow): PlanSuggestionDto => ({
  id: row.id,
  employeeId: row.employeeId,
  date: row.date,
  quarters: row.quarters,
  taskId: row.taskId,
  agreementId: row.agreementId,
  projectId: row.projectId,
  title: row.title,
  isOverbooked: row.isOverbooked,
  version: row.version,
});

/** What an employee's days hold between two dates, in quarters: bookings and other suggestions. */
const quartersReader = async (
  db: Executor,
  companyId: string,
  employeeId: string,
  range: { from: string; to: string },
  exceptTaskId: string,
) => {
  const [rows, suggested] = await Promise.all([
    planRowsOfWeeks(db, companyId, weeksBetween(range.from, range.to), [employeeId]),
    db
      .select({ date: planSuggestions.date, quarters: planSuggestions.quarters })
      .from(planSuggestions)
      .where(
        and(
          eq(planSuggestions.companyId, companyId),
          eq(planSuggestions.employeeId, employeeId),
          between(planSuggestions.date, range.from, range.to),
          ne(planSuggestions.taskId, exceptTaskId),
        ),
      ),
  ]);
  const quarters = new Map<string, number>();
  const add = (date: string, value: number) => quarters.set(date, (quarters.get(date) ?? 0) + value);
  for (const cell of cellsOfRows(rows)) add(cell.date, quartersOfDay(cell.bookings));
  for (const row of suggested) add(row.date, row.quarters);
  return { quartersOn: (date: string) => quarters.get(date) ?? 0, add };
};

/**
 * In the caller's transaction: one suggestion per visit task (replacing the task's earlier one), on
 * the first day with room for its worker. Answers the suggestions, for the caller to push after the
 * commit.
 */
export const suggestVisitPlans = async (
  ctx: AppContext,
  tx: Executor,
  companyId: string,
  visits: readonly VisitToSuggest[],
): Promise<PlanSuggestionDto[]> => {
  const today = todayIn(ctx.clock);
  const made: PlanSuggestionDto[] = [];
  for (const visit of visits) {
    const range = visitSuggestionWindow(visit.dueDate, today);
    const { quartersOn } = await quartersReader(tx, companyId, visit.employeeId, range, visit.taskId);
    // Suggestions made earlier in this call take their room too (two visits due the same week).
    const madeHere = (date: string) =>
      made
        .filter((other) => other.employeeId === visit.employeeId && other.date === date)
        .reduce((sum, other) => sum + other.quarters, 0);
    const day = suggestVisitDay({
      dueDate: visit.dueDate,
      today,
      quartersOn: (date) => quartersOn(date) + madeHere(date),
    });
    const values = {
      companyId,
      employeeId: visit.employeeId,
      date: day.date,
      quarters: VISIT_SUGGESTION_QUARTERS,
      taskId: visit.taskId,
      agreementId: visit.agreementId,
      projectId: visit.projectId,
      title: visit.title,
      isOverbooked: day.isOverbooked,
    };
    const [row] = await tx
      .insert(planSuggestions)
      .values(values)
      .onConflictDoUpdate({ target: planSuggestions.taskId, set: { ...values, updatedAt: ctx.clock.now() } })
      .returning();
    made.push(dtoOf(row!));
  }
  return made;
};

/** Removes the suggestions of these tasks (their visit was made, moved or booked); answers their ids. */
export const dropSuggestionsOfTasks = async (db: Executor, companyId: string, taskIds: readonly string[]) => {
  if (taskIds.length === 0) return [];
  const rows = await db
    .delete(planSuggestions)
    .where(and(eq(planSuggestions.companyId, companyId), inArray(planSuggestions.taskId, [...taskIds])))
    .returning({ id: planSuggestions.id });
  return rows.map((row) => row.id);
};

/** The suggestions of these tasks (to push after the transaction that made them). */
export const suggestionsOfTasks = async (db: Executor, companyId: string, taskIds: readonly string[]) =>
  taskIds.length === 0
    ? []
    : (
        await db
          .select()
          .from(planSuggestions)
          .where(and(eq(planSuggestions.companyId, companyId), inArray(planSuggestions.taskId, [...taskIds])))
      ).map(dtoOf);

/** Tells open planners what changed (after the commit). */
export const pushSuggestions = (
  ctx: AppContext,
  companyId: string,
  suggestions: PlanSuggestionDto[],
  removedIds: string[],
) => {
  if (suggestions.length === 0 && removedIds.length === 0) return;
  ctx.realtime.toCompany(companyId, PLAN_PUSHES.suggestions, {
    suggestions,
    removedIds,
  } satisfies PlanSuggestionsPush);
};

/** The suggestions in a range (of these employees only, when given), by date. */
export const suggestionsBetween = async (
  db: Executor,
  companyId: string,
  range: { from: string; to: string },
  employeeIds?: readonly string[],
) =>
  (
    await db
      .select()
      .from(planSuggestions)
      .where(
        and(
          eq(planSuggestions.companyId, companyId),
          between(planSuggestions.date, range.from, range.to),
          employeeIds ? inArray(planSuggestions.employeeId, [...employeeIds]) : undefined,
        ),
      )
      .orderBy(asc(planSuggestions.date), asc(planSuggestions.id))
  ).map(dtoOf);

/** The suggestion, locked, of this company and at the version the client read. */
const lockSuggestion = async (tx: Executor, companyId: string, id: string, version: number) => {
  const [row] = await tx
    .select()
    .from(planSuggestions)
    .where(and(eq(planSuggestions.companyId, companyId), eq(planSuggestions.id, id)))
    .for('update');
  if (!row) throw notFound('Suggested plan');
  if (row.version !== version) throw conflict(MESSAGES.planSuggestionChanged, { suggestion: dtoOf(row) });
  return row;
};

/**
 * plan:suggestion-accept — books the visit's task for the suggestion's worker and day through
 * plan:add's rules (a day that would hold more than a whole day is refused unless confirmed), makes
 * the worker the task's assignee and removes the suggestion, in one transaction.
 */
export const acceptSuggestion = async (
  ctx: AppContext,
  actor: Actor,
  input: z.output<typeof planSuggestionAcceptSchema>,
) => {
  const { cells, row, isAssigned } = await ctx.db.transaction(async (tx) => {
    const row = await lockSuggestion(tx, actor.companyId, input.id, input.version);
    const version = await currentCellVersion(tx, actor.companyId, row.employeeId, row.date);
    const cells = await bookCells(ctx, tx, actor, {
      cells: [{ employeeId: row.employeeId, date: row.date, version }],
      subject: { kind: 'task', taskId: row.taskId },
      dayPart: row.quarters as DayPart,
      isOverbookingConfirmed: input.isOverbookingConfirmed,
    });
    const isAssigned = await assignTaskInTransaction(
      tx,
      actor.companyId,
      row.taskId,
      row.employeeId,
      ctx.clock.now(),
    );
    await tx.delete(planSuggestions).where(eq(planSuggestions.id, row.id));
    return { cells, row, isAssigned };
  });
  if (isAssigned) pushTasksChanged(ctx, actor.companyId, [row.taskId]);
  pushSuggestions(ctx, actor.companyId, [], [row.id]);
  return publishBooked(ctx, actor.companyId, cells);
};

/** plan:suggestion-move — another worker or day; still a suggestion, its room checked again. */
export const moveSuggestion = async (
  ctx: AppContext,
  actor: Actor,
  input: z.output<typeof planSuggestionMoveSchema>,
) => {
  const dayProblem = movedSuggestionDayProblem(input.date, todayIn(ctx.clock));
  if (dayProblem) throw validationError({ date: dayProblem });
  const moved = await ctx.db.transaction(async (tx) => {
    await assertReferencesInCompany(tx, actor.companyId, {
      employeeId: [ACTIVE_EMPLOYEES_REFERABLE, input.employeeId],
    });
    const row = await lockSuggestion(tx, actor.companyId, input.id, input.version);
    const { quartersOn } = await quartersReader(
      tx,
      actor.companyId,
      input.employeeId,
      { from: input.date, to: input.date },
      row.taskId,
    );
    const [updated] = await tx
      .update(planSuggestions)
      .set({
        employeeId: input.employeeId,
        date: input.date,
        isOverbooked: quartersOn(input.date) + row.quarters > QUARTERS_PER_DAY,
        updatedAt: ctx.clock.now(),
        version: row.version + 1,
      })
      .where(eq(planSuggestions.id, row.id))
      .returning();
    return dtoOf(updated!);
  });
  pushSuggestions(ctx, actor.companyId, [moved], []);
  return moved;
};

/** plan:suggestion-dismiss — the suggestion goes; the visit stays due in dispatch and the due list. */
export const dismissSuggestion = async (
  ctx: AppContext,
  actor: Actor,
  input: z.output<typeof planSuggestionDismissSchema>,
) => {
  await ctx.db.transaction(async (tx) => {
    const row = await lockSuggestion(tx, actor.companyId, input.id, input.version);
    await tx.delete(planSuggestions).where(eq(planSuggestions.id, row.id));
  });
  pushSuggestions(ctx, actor.companyId, [], [input.id]);
  return { id: input.id };
};
