import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/** Whether a jsonb list of ids (a deviation's pictures, a procedure's files) holds the id. */
export const jsonbListHolds = (column: AnyPgColumn, id: string): SQL =>
  sql`${column} @> ${JSON.stringify([id])}::jsonb`;
