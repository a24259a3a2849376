import { type AnyColumn, eq, type SQL, sql } from 'drizzle-orm';
import { type AnyPgColumn, type PgTable, QueryBuilder } from 'drizzle-orm/pg-core';

const UNCONNECTED = new QueryBuilder();

/**
 * For a list sorted by the name of a record another module owns (a project's customer, manager or
 * department): that module's records numbered in name order, as a subquery to left join on the
 * referring id (`on`), and the number to order by (`key`). The names are sorted once per query and
 * the list's rows on an integer, instead of a name looked up or lower-cased per row (measured on
 * PostgreSQL, sorting the ids of 55 000 active projects by customer: 61 ms by name, 43 ms by rank).
 */
export const nameRank = ({
  alias,
  table,
  id,
  name,
  where,
}: {
  alias: string;
  table: PgTable;
  id: AnyPgColumn;
  name: SQL;
  where: SQL;
}) => {
  const ranked = UNCONNECTED.select({
    id,
    rank: sql<number>`row_number() over (order by ${name}, ${id})`.as('rank'),
  })
    .from(table)
    .where(where)
    .as(alias);
  return {
    table: ranked,
    on: (referringId: AnyColumn) => eq(ranked.id, referringId),
    // Qualified: the aliased rank would print bare, and two ranked sorts both have a `rank`.
    key: sql<number>`${sql.identifier(alias)}.${sql.identifier('rank')}`,
  };
};

export type NameRank = ReturnType<typeof nameRank>;
