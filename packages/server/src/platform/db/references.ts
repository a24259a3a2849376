import { VALIDATION_MESSAGE_KEYS, type ValidationMessageKey } from '@karm/domain/rules';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { validationError } from '../errors';
import type { Executor } from './client';

/**
 * A table other records may point at (DESIGN rule 4). Each module declares its own — customers,
 * contacts, employees, departments, offer statuses, process columns — and other modules name it in
 * `assertReferencesInCompany`; no module reads another's table to check an id.
 */
export type Referable = {
  table: PgTable;
  id: AnyPgColumn;
  companyId: AnyPgColumn;
  /** Rows that may still be chosen (a deleted offer status may not); others count as unknown. */
  isUsable?: SQL;
  /** The row's parent (a contact's customer), for references that must sit under a given one. */
  parentId?: AnyPgColumn;
  /** What a form shows next to a field holding an unknown id. */
  message?: ValidationMessageKey;
  /** What it shows when the row exists but under another parent. */
  parentMessage?: ValidationMessageKey;
};

/** An id a write points at, or nothing (null or undefined: the field is empty or left unchanged). */
export type Reference =
  | readonly [Referable, string | null | undefined]
  /** …that must also belong to the given parent (null: none is chosen, so no row fits). */
  | readonly [Referable, string | null | undefined, { parentId: string | null }];

/**
 * Checks, inside the caller's transaction, that every referenced id is a row of the actor's
 * company (and usable, and under the stated parent), one query per table. An id of another company
 * is answered exactly like an id that does not exist: a VALIDATION error naming each bad field.
 */
export const assertReferencesInCompany = async (
  db: Executor,
  companyId: string,
  references: Record<string, Reference>,
) => {
  const wanted = new Map<Referable, Set<string>>();
  for (const [to, id] of Object.values(references)) {
    if (id) wanted.set(to, (wanted.get(to) ?? new Set()).add(id));
  }
  // id → parent id of the rows found, per table.
  const found = new Map<Referable, Map<string, string | null>>();
  for (const [to, ids] of wanted) {
    const rows = await db
      .select({ id: sql<string>`${to.id}`, parentId: sql<string | null>`${to.parentId ?? sql`null`}` })
      .from(to.table)
      .where(and(eq(to.companyId, companyId), inArray(to.id, [...ids]), to.isUsable));
    found.set(to, new Map(rows.map((row) => [row.id, row.parentId])));
  }
  const fields: Record<string, string> = {};
  for (const [field, [to, id, scope]] of Object.entries(references)) {
    if (!id) continue;
    const rows = found.get(to);
    if (!rows?.has(id)) fields[field] = to.message ?? VALIDATION_MESSAGE_KEYS.referenceUnknown;
    else if (scope && rows.get(id) !== scope.parentId) {
      fields[field] = to.parentMessage ?? to.message ?? VALIDATION_MESSAGE_KEYS.referenceUnknown;
    }
  }
  const bad = Object.keys(fields);
  if (bad.length > 0) throw validationError(fields, `Unknown or foreign reference: ${bad.join(', ')}`);
};
