import {
  PROJECT_PUSHES,
  type ProcessColumnDto,
  type processColumnInputSchema,
  type subProcessInputSchema,
} from '@karm/domain/contract';
import {
  DEFAULT_PROCESS_COLUMNS,
  isProcessColumnType,
  type ProcessColumnType,
  VALIDATION_MESSAGE_KEYS,
  validateProcessColumn,
  validateSubProcess,
} from '@karm/domain/rules';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { Actor, AppContext } from '../../platform/context';
import type { Executor } from '../../platform/db/client';
import { derivedId } from '../../platform/db/derived-ids';
import { assertReferencesInCompany, type Referable } from '../../platform/db/references';
import { notFound, validationError } from '../../platform/errors';
import { processColumns, subProcesses } from './processes.tables';

type ColumnRow = typeof processColumns.$inferSelect;
type SubRow = typeof subProcesses.$inferSelect;

const toDto = (column: ColumnRow, subs: SubRow[]): ProcessColumnDto => ({
  id: column.id,
  key: column.key,
  nameNo: column.nameNo,
  nameEn: column.nameEn,
  factor: column.factor,
  min: column.min,
  max: column.max,
  type: column.type,
  color: column.color,
  status: column.status,
  invoice: column.invoice,
  position: column.position,
  subProcesses: subs
    .filter((sub) => sub.columnId === column.id)
    .sort((left, right) => left.position - right.position)
    .map((sub) => ({
      id: sub.id,
      nameNo: sub.nameNo,
      nameEn: sub.nameEn,
      type: sub.type,
      position: sub.position,
    })),
});

/** Process columns as cells and sub-processes point at them: only live (not deleted) ones. */
export const PROCESS_COLUMNS_REFERABLE: Referable = {
  table: processColumns,
  id: processColumns.id,
  companyId: processColumns.companyId,
  isUsable: eq(processColumns.isDeleted, false),
};

/** Columns whose completion is a point to invoice (the `invoice` flag): what a payment rule may fall due on. */
export const INVOICE_PROCESS_COLUMNS_REFERABLE: Referable = {
  ...PROCESS_COLUMNS_REFERABLE,
  isUsable: and(eq(processColumns.isDeleted, false), eq(processColumns.invoice, true)),
  message: VALIDATION_MESSAGE_KEYS.processColumnNotInvoice,
};

/**
 * The eleven default columns (PID1–PID11) of a company as rows, before or after they are stored:
 * their ids are derived from the company and slot, so a read that answers them and the write that
 * stores them agree (cells and filters name columns by id).
 */
const defaultColumns = (companyId: string) =>
  DEFAULT_PROCESS_COLUMNS.map(({ id: key, order: position, ...column }) => ({
    ...column,
    id: derivedId('process-column', companyId, key),
    companyId,
    key,
    position,
  }));

/** For writes: stores the default columns the first time a company's write needs columns. */
export const ensureProcessColumns = async (db: Executor, companyId: string) => {
  const [existing] = await db
    .select({ id: processColumns.id })
    .from(processColumns)
    .where(eq(processColumns.companyId, companyId))
    .limit(1);
  if (existing) return;
  await db.insert(processColumns).values(defaultColumns(companyId)).onConflictDoNothing();
};

/** What a stored column has beyond the defaults, for a default column shown before it is stored. */
const unstored = { isDeleted: false, createdAt: new Date(0), updatedAt: new Date(0) };

/**
 * The company's active columns in grid order, with their sub-processes; the default columns until
 * a write stores them. Never writes: a read takes no write transaction.
 */
export const listProcessColumns = async (ctx: AppContext, companyId: string): Promise<ProcessColumnDto[]> => {
  const columns = await ctx.db
    .select()
    .from(processColumns)
    .where(and(eq(processColumns.companyId, companyId), eq(processColumns.isDeleted, false)))
    .orderBy(asc(processColumns.position), asc(processColumns.key));
  if (columns.length === 0) {
    const [stored] = await ctx.db
      .select({ id: processColumns.id })
      .from(processColumns)
      .where(eq(processColumns.companyId, companyId))
      .limit(1);
    // Nothing stored yet (a company whose columns are all deleted has none to show).
    if (!stored) return defaultColumns(companyId).map((column) => toDto({ ...unstored, ...column }, []));
  }
  const subs = columns.length
    ? await ctx.db
        .select()
        .from(subProcesses)
        .where(
          inArray(
            subProcesses.columnId,
            columns.map((column) => column.id),
          ),
        )
    : [];
  return columns.map((column) => toDto(column, subs));
};

type ColumnInput = z.output<typeof processColumnInputSchema>;

const checkedColumn = (input: ColumnInput) => {
  const errors = validateProcessColumn(input);
  if (Object.keys(errors).length > 0) throw validationError(errors as Record<string, string>);
  return { ...input, type: input.type as ProcessColumnType };
};

const publish = async (ctx: AppContext, companyId: string) => {
  const columns = await listProcessColumns(ctx, companyId);
  ctx.realtime.toCompany(companyId, PROJECT_PUSHES.processColumnsChanged, columns);
  return columns;
};

/** A live column of the company, for a write to it (the default columns are stored first). */
const findColumn = async (ctx: AppContext, companyId: string, columnId: string) => {
  await ensureProcessColumns(ctx.db, companyId);
  const [column] = await ctx.db
    .select()
    .from(processColumns)
    .where(
      and(
        eq(processColumns.companyId, companyId),
        eq(processColumns.id, columnId),
        eq(processColumns.isDeleted, false),
      ),
    );
  if (!column) throw notFound('Process column');
  return column;
};

const columnDto = async (ctx: AppContext, companyId: string, columnId: string) => {
  const columns = await publish(ctx, companyId);
  const column = columns.find((candidate) => candidate.id === columnId);
  if (!column) throw notFound('Process column');
  return column;
};

export const createProcessColumn = async (ctx: AppContext, actor: Actor, input: ColumnInput) => {
  const values = checkedColumn(input);
  await ensureProcessColumns(ctx.db, actor.companyId);
  const existing = await ctx.db
    .select({ key: processColumns.key, position: processColumns.position })
    .from(processColumns)
    .where(eq(processColumns.companyId, actor.companyId));
  const nextSlot = Math.max(0, ...existing.map((column) => Number(column.key.replace(/\D/g, '')) || 0)) + 1;
  const [row] = await ctx.db
    .insert(processColumns)
    .values({
      companyId: actor.companyId,
      key: `PID${nextSlot}`,
      ...values,
      position: Math.max(0, ...existing.map((column) => column.position)) + 1,
    })
    .returning();
  if (!row) throw new Error('Process column insert returned nothing');
  return columnDto(ctx, actor.companyId, row.id);
};

export const updateProcessColumn = async (
  ctx: AppContext,
  actor: Actor,
  input: ColumnInput & { id: string },
) => {
  const { id, ...rest } = input;
  const values = checkedColumn(rest);
  await findColumn(ctx, actor.companyId, id);
  await ctx.db
    .update(processColumns)
    .set({ ...values, updatedAt: ctx.clock.now() })
    .where(eq(processColumns.id, id));
  return columnDto(ctx, actor.companyId, id);
};

/** Puts the columns in the given order; every active column must be named exactly once. */
export const reorderProcessColumns = async (ctx: AppContext, actor: Actor, ids: string[]) => {
  await ensureProcessColumns(ctx.db, actor.companyId);
  const current = await listProcessColumns(ctx, actor.companyId);
  const known = new Set(current.map((column) => column.id));
  if (ids.length !== known.size || new Set(ids).size !== ids.length || ids.some((id) => !known.has(id))) {
    throw validationError({ ids: 'validation.reorderMismatch' }, 'The new order must list every column once');
  }
  await ctx.db.transaction(async (tx) => {
    for (const [position, id] of ids.entries()) {
      await tx
        .update(processColumns)
        .set({ position: position + 1 })
        .where(eq(processColumns.id, id));
    }
  });
  return publish(ctx, actor.companyId);
};

/** Soft delete: old cells keep their column for history, the grid no longer shows it. */
export const deleteProcessColumn = async (ctx: AppContext, actor: Actor, id: string) => {
  await findColumn(ctx, actor.companyId, id);
  await ctx.db
    .update(processColumns)
    .set({ isDeleted: true, updatedAt: ctx.clock.now() })
    .where(eq(processColumns.id, id));
  await publish(ctx, actor.companyId);
  return { id };
};

export const createSubProcess = async (
  ctx: AppContext,
  actor: Actor,
  input: z.output<typeof subProcessInputSchema> & { columnId: string },
) => {
  const errors = validateSubProcess(input);
  if (Object.keys(errors).length > 0 || !isProcessColumnType(input.type)) {
    throw validationError(errors as Record<string, string>);
  }
  const type = input.type;
  await ctx.db.transaction(async (tx) => {
    // The column is what the sub-process points at: one of the company's live columns.
    await ensureProcessColumns(tx, actor.companyId);
    await assertReferencesInCompany(tx, actor.companyId, {
      columnId: [PROCESS_COLUMNS_REFERABLE, input.columnId],
    });
    const siblings = await tx
      .select({ position: subProcesses.position })
      .from(subProcesses)
      .where(eq(subProcesses.columnId, input.columnId));
    await tx.insert(subProcesses).values({
      companyId: actor.companyId,
      columnId: input.columnId,
      nameNo: input.nameNo,
      nameEn: input.nameEn,
      type,
      position: Math.max(0, ...siblings.map((sibling) => sibling.position)) + 1,
    });
  });
  return columnDto(ctx, actor.companyId, input.columnId);
};

export const deleteSubProcess = async (ctx: AppContext, actor: Actor, id: string) => {
  const [sub] = await ctx.db
    .delete(subProcesses)
    .where(and(eq(subProcesses.companyId, actor.companyId), eq(subProcesses.id, id)))
    .returning();
  if (!sub) throw notFound('Sub-process');
  return columnDto(ctx, actor.companyId, sub.columnId);
};
