import { VALIDATION_MESSAGE_KEYS as MESSAGES } from '@karm/domain/rules';
import { type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from '../../platform/db/client';
import { validationError } from '../../platform/errors';

/**
 * Orders of siblings (a template's groups, a group's rows, a row's answers, the global lists): each
 * list is 0…n−1 with no gap and no repeat, which a unique index on (parent, position) holds. Every
 * change writes the list's whole new order under the parent's lock, so concurrent changes of one
 * list take turns and each sees the order the last one left.
 */

type Placed = { id: string; position: number };

const idList = (ids: readonly string[]) =>
  sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  );

/**
 * Gives the listed rows the positions of their places in `ordered` (0 first). Only rows whose
 * position changes are written, in two statements: first to distinct negative numbers, then to
 * their places — a unique index is checked row by row, so writing the places at once could meet a
 * sibling that has not moved away yet.
 */
export const writeOrder = async (tx: Executor, table: PgTable, ordered: readonly Placed[]) => {
  const moving = ordered.flatMap((row, index) => (row.position === index ? [] : [{ id: row.id, index }]));
  if (moving.length === 0) return;
  const ids = moving.map((row) => row.id);
  const cases: SQL = sql.join(
    moving.map((row) => sql`when ${row.id}::uuid then ${-1 - row.index}::int`),
    sql` `,
  );
  await tx.execute(sql`update ${table} set position = case id ${cases} end where id in (${idList(ids)})`);
  await tx.execute(sql`update ${table} set position = -1 - position where id in (${idList(ids)})`);
};

/** The list with `id` moved to `to` (0 first; past the end means last). */
export const moved = <Row extends { id: string }>(rows: readonly Row[], id: string, to: number): Row[] => {
  const row = rows.find((candidate) => candidate.id === id);
  if (!row) return [...rows];
  const rest = rows.filter((candidate) => candidate.id !== id);
  rest.splice(Math.min(to, rest.length), 0, row);
  return rest;
};

/** The list with `id` placed right after `afterId` (a copy beside its source). */
export const placedAfter = <Row extends { id: string }>(
  rows: readonly Row[],
  id: string,
  afterId: string,
) => {
  const index = rows.findIndex((candidate) => candidate.id === afterId);
  return moved(rows, id, index + 1);
};

/** The rows in the order a reorder names; VALIDATION unless it names every row exactly once. */
export const inRequestedOrder = <Row extends { id: string }>(
  rows: readonly Row[],
  ids: readonly string[],
) => {
  const byId = new Map(rows.map((row) => [row.id, row]));
  const ordered = ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [row] : [];
  });
  if (ordered.length !== rows.length || ids.length !== rows.length) {
    throw validationError({ ids: MESSAGES.orderMismatch });
  }
  return ordered;
};

/** Rows of one list in position order. */
export const byPosition = <Row extends { position: number }>(rows: readonly Row[]) =>
  [...rows].sort((left, right) => left.position - right.position);
