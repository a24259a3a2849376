import type { ServiceTemplatesChangedPush } from '@karm/domain/contract';
import { and, asc, eq } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Actor, AppContext } from '../../platform/context';
import type { Executor } from '../../platform/db/client';
import { writeOrder } from './ordering';
import { serviceTemplateSettings } from './service-templates.tables';
import { areStartersStored, ensureStarters, type StarterRows, startersOfCompany } from './starters';
import { announce, assertVersion, findOwn } from './template-locks';

/**
 * The company-wide lists beside the templates — global answer groups, function groups, function
 * statuses — and the lists under them (a group's answers, a group's functions). Every change of any
 * of them locks the company's settings row first: they are small and seldom changed, and one lock
 * keeps every order dense without a lock order to get wrong.
 */

type Listed = PgTable & { id: AnyPgColumn; companyId: AnyPgColumn; position: AnyPgColumn };

/** Reads the stored lists, or the starters while the company has stored nothing. */
export const readLists = async <Result>(
  db: Executor,
  companyId: string,
  fromStarters: (starters: StarterRows) => Result,
  fromTables: () => Promise<Result>,
) =>
  (await areStartersStored(db, companyId))
    ? fromTables()
    : fromStarters(await startersOfCompany(db, companyId));

/** Locks the company's own lists (the order of its global answer groups, function groups, statuses). */
const lockCompanyLists = (tx: Executor, companyId: string) =>
  tx
    .select({ companyId: serviceTemplateSettings.companyId })
    .from(serviceTemplateSettings)
    .where(eq(serviceTemplateSettings.companyId, companyId))
    .for('update');

/** The rows of a list in order: the company's own, or those under a parent. */
export const listOf = (tx: Executor, table: Listed, companyId: string, parent?: [AnyPgColumn, string]) =>
  tx
    .select()
    .from(table as PgTable)
    .where(and(eq(table.companyId, companyId), parent ? eq(parent[0], parent[1]) : undefined))
    .orderBy(asc(table.position)) as unknown as Promise<{ id: string; position: number; version: number }[]>;

/**
 * A change of one of the lists in one transaction: the starters stored first, the list's lock taken
 * (the company's, or the parent row's), then the work; afterwards the company is told.
 */
export const changeList = async <Result>(
  ctx: AppContext,
  actor: Actor,
  change: Pick<ServiceTemplatesChangedPush, 'isGlobalAnswersChanged' | 'isFunctionsChanged'>,
  work: (tx: Executor) => Promise<void>,
  read: () => Promise<Result>,
) => {
  await ctx.db.transaction(async (tx) => {
    await ensureStarters(tx, actor.companyId);
    await lockCompanyLists(tx, actor.companyId);
    await work(tx);
  });
  announce(ctx, actor.companyId, change);
  return read();
};

/** Appends a row last in its list. */
export const appendTo = async (
  tx: Executor,
  table: Listed,
  companyId: string,
  values: Record<string, unknown>,
  parent?: [AnyPgColumn, string],
) => {
  const siblings = await listOf(tx, table, companyId, parent);
  await tx.insert(table).values({ ...values, companyId, position: siblings.length } as never);
};

/** Renames (or otherwise changes) a listed row at the version read, optionally moving it. */
export const updateListed = async (
  tx: Executor,
  table: Listed,
  companyId: string,
  id: string,
  what: string,
  input: { version: number; changes: Record<string, unknown> },
) => {
  const row = await findOwn<{ id: string; version: number }>(tx, table, companyId, id, what);
  assertVersion(row, input.version);
  await tx
    .update(table)
    .set({ ...input.changes, version: row.version + 1 } as never)
    .where(eq(table.id, id));
  return row;
};

/** Deletes a listed row at the version read and closes up its list. */
export const deleteListed = async (
  tx: Executor,
  table: Listed,
  companyId: string,
  id: string,
  what: string,
  version: number,
  parentOf?: (row: Record<string, unknown>) => [AnyPgColumn, string] | undefined,
) => {
  const row = await findOwn<Record<string, unknown> & { id: string; version: number }>(
    tx,
    table,
    companyId,
    id,
    what,
  );
  assertVersion(row, version);
  await tx.delete(table).where(eq(table.id, id));
  await writeOrder(tx, table, await listOf(tx, table, companyId, parentOf?.(row)));
  return row;
};
