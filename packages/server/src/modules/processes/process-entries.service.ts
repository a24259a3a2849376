import {
  type NoteDates,
  PROJECT_PUSHES,
  type ProcessEntryDto,
  type processEntryUpdateSchema,
} from '@karm/domain/contract';
import { assertNoteDateType, processDate } from '@karm/domain/rules';
import { and, between, eq, inArray, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../platform/context';
import type { Executor } from '../../platform/db/client';
import { assertReferencesInCompany } from '../../platform/db/references';
import { conflict, validationError } from '../../platform/errors';
import { ensureProcessColumns, PROCESS_COLUMNS_REFERABLE } from './process-columns.service';
import { processColumns, processEntries } from './processes.tables';

type EntryRow = typeof processEntries.$inferSelect;

export const toEntryDto = (row: EntryRow): ProcessEntryDto => ({
  id: row.id,
  projectId: row.projectId,
  processColumnId: row.columnId,
  date: row.date,
  isActive: row.isActive,
  noteDates: row.noteDates,
  comment: row.comment,
  version: row.version,
});

/**
 * Sets every cell's date of a project from its delivery date (SPEC §5: delivery minus the
 * column's factor in weeks). Flags, note dates and comments stay as they are.
 */
export const applyDeliveryDate = async (
  db: Executor,
  companyId: string,
  projectId: string,
  deliveryDate: string | null,
) => {
  await ensureProcessColumns(db, companyId);
  const columns = await db
    .select({ id: processColumns.id, factor: processColumns.factor })
    .from(processColumns)
    .where(and(eq(processColumns.companyId, companyId), eq(processColumns.isDeleted, false)));
  if (columns.length === 0) return;
  await db
    .insert(processEntries)
    .values(
      columns.map((column) => ({
        companyId,
        projectId,
        columnId: column.id,
        date: deliveryDate ? processDate(deliveryDate, column.factor) : null,
      })),
    )
    .onConflictDoUpdate({
      target: [processEntries.projectId, processEntries.columnId],
      set: { date: sql`excluded.date`, updatedAt: sql`now()`, version: sql`${processEntries.version} + 1` },
    });
};

export const entriesOfProjects = async (db: Executor, companyId: string, projectIds: string[]) =>
  projectIds.length === 0
    ? []
    : (
        await db
          .select()
          .from(processEntries)
          .where(and(eq(processEntries.companyId, companyId), inArray(processEntries.projectId, projectIds)))
      ).map(toEntryDto);

export const removeEntriesOfProject = (db: Executor, companyId: string, projectId: string) =>
  db
    .delete(processEntries)
    .where(and(eq(processEntries.companyId, companyId), eq(processEntries.projectId, projectId)));

/** SPEC §8: the exact failure when the project of a process update is gone. */
export const PROJECT_MISSING_FOR_PROCESS = 'could not find project to update process';

const staleCell = (currentVersion: number) =>
  conflict('The process cell has been changed by someone else', { currentVersion });

/**
 * Changes one cell (process edit dialog) at the version the person read (DESIGN rule 5): 0 makes a
 * cell that does not exist yet (a column added after the project), any other version updates the
 * cell only if it still has that version. The caller has checked that the project exists in the
 * actor's company; the column must be one of the company's live columns, and note dates of its
 * type (SPEC §8: any other type is an error).
 */
export const updateProcessEntry = async (
  ctx: AppContext,
  companyId: string,
  input: z.output<typeof processEntryUpdateSchema>,
): Promise<ProcessEntryDto> => {
  const row = await ctx.db.transaction(async (tx) => {
    await ensureProcessColumns(tx, companyId);
    await assertReferencesInCompany(tx, companyId, {
      processColumnId: [PROCESS_COLUMNS_REFERABLE, input.processColumnId],
    });
    const [column] = await tx
      .select({ id: processColumns.id, type: processColumns.type })
      .from(processColumns)
      .where(eq(processColumns.id, input.processColumnId));
    if (!column) throw new Error('Process column vanished');
    let noteDates: NoteDates | undefined;
    if (input.noteDates) {
      noteDates = {};
      for (const [type, date] of Object.entries(input.noteDates)) {
        try {
          assertNoteDateType(column.type, type);
        } catch (error) {
          throw validationError({ noteDates: 'validation.noteTypeUnsupported' }, (error as Error).message);
        }
        if (date) noteDates[type] = date;
      }
    }
    const cell = and(
      eq(processEntries.companyId, companyId),
      eq(processEntries.projectId, input.projectId),
      eq(processEntries.columnId, column.id),
    );
    const [saved] =
      input.version === 0
        ? await tx
            .insert(processEntries)
            .values({
              companyId,
              projectId: input.projectId,
              columnId: column.id,
              date: input.date ?? null,
              isActive: input.isActive ?? true,
              noteDates: noteDates ?? {},
              comment: input.comment ?? '',
            })
            .onConflictDoNothing({ target: [processEntries.projectId, processEntries.columnId] })
            .returning()
        : await tx
            .update(processEntries)
            .set({
              ...(input.date !== undefined ? { date: input.date } : {}),
              ...(input.isActive !== undefined ? { isActive: input.isActive } : {}),
              ...(noteDates ? { noteDates } : {}),
              ...(input.comment !== undefined ? { comment: input.comment } : {}),
              updatedAt: ctx.clock.now(),
              version: sql`${processEntries.version} + 1`,
            })
            .where(and(cell, eq(processEntries.version, input.version)))
            .returning();
    if (saved) return saved;
    const [current] = await tx.select({ version: processEntries.version }).from(processEntries).where(cell);
    throw staleCell(current?.version ?? 0);
  });
  const entry = toEntryDto(row);
  ctx.realtime.toCompany(companyId, PROJECT_PUSHES.processChanged, entry);
  return entry;
};

/**
 * Ids of projects whose cell in a column is in a state, as a subquery for the project list:
 * `active` (the cell is on), `done` (its completed or received date is set), `notDone`, and
 * `overdue` (not done and its date has passed).
 */
/** A cell's step is done: its completed (or, for an ordered/received column, received) date is set. */
const isEntryDone = sql`(${processEntries.noteDates} ? 'completed' or ${processEntries.noteDates} ? 'received')`;

export const projectIdsInProcessState = (
  db: Executor,
  companyId: string,
  filter: { columnId: string; filterType: 'active' | 'done' | 'notDone' | 'overdue' },
  today: string,
) => {
  const isDone = isEntryDone;
  const state = {
    active: undefined,
    done: isDone,
    notDone: sql`not ${isDone}`,
    overdue: sql`not ${isDone} and ${processEntries.date} < ${today}`,
  }[filter.filterType];
  return db
    .select({ id: processEntries.projectId })
    .from(processEntries)
    .innerJoin(processColumns, eq(processColumns.id, processEntries.columnId))
    .where(
      and(
        eq(processEntries.companyId, companyId),
        eq(processEntries.isActive, true),
        // The filter names a column by its id or by its slot key (PID1…).
        sql`(${processColumns.id}::text = ${filter.columnId} or ${processColumns.key} = ${filter.columnId})`,
        state,
      ),
    );
};

/**
 * Projects with a cell of one of the columns dated within its range (the capacity forecast's
 * candidates), as a subquery for the projects module.
 */
export const projectIdsWithCellBetween = (
  db: Executor,
  companyId: string,
  ranges: readonly { columnId: string; from: string; to: string }[],
) =>
  db
    .select({ id: processEntries.projectId })
    .from(processEntries)
    .where(
      and(
        eq(processEntries.companyId, companyId),
        // No ranges, no candidates (an empty `or` would match every cell).
        or(
          ...ranges.map((range) =>
            and(
              eq(processEntries.columnId, range.columnId),
              between(processEntries.date, range.from, range.to),
            ),
          ),
        ) ?? sql`false`,
      ),
    );

/** The given projects' cells of the given columns: date, whether the step applies and whether it is done. */
export const cellsOfColumns = (
  db: Executor,
  companyId: string,
  projectIds: readonly string[],
  columnIds: readonly string[],
) =>
  projectIds.length === 0 || columnIds.length === 0
    ? Promise.resolve([])
    : db
        .select({
          projectId: processEntries.projectId,
          columnId: processEntries.columnId,
          date: processEntries.date,
          isActive: processEntries.isActive,
          isDone: sql<boolean>`${isEntryDone}`,
        })
        .from(processEntries)
        .where(
          and(
            eq(processEntries.companyId, companyId),
            // One array parameter rather than hundreds: PGlite parses a long `in (…)` list slowly.
            sql`${processEntries.projectId} = any(${`{${projectIds.join(',')}}`}::uuid[])`,
            inArray(processEntries.columnId, [...columnIds]),
          ),
        );

/** The done cells of the given projects, as `projectId|columnId` (a payment part due on a step asks). */
export const doneCellsOfProjects = async (db: Executor, companyId: string, projectIds: string[]) => {
  if (projectIds.length === 0) return new Set<string>();
  const rows = await db
    .select({ projectId: processEntries.projectId, columnId: processEntries.columnId })
    .from(processEntries)
    .where(
      and(
        eq(processEntries.companyId, companyId),
        inArray(processEntries.projectId, projectIds),
        eq(processEntries.isActive, true),
        isEntryDone,
      ),
    );
  return new Set(rows.map((row) => `${row.projectId}|${row.columnId}`));
};
