import type { SearchKind } from '@karm/domain/contract';
import { type AnyColumn, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { numberInTerm } from '../../platform/db/search-terms';
import { customerIdsMatching } from '../customers/customers.service';

export type SearchSourceQuery = {
  companyId: string;
  term: string;
  limit: number;
  /** Per kind, what the person may see of it (a technician: only the projects they work on). */
  scopes?: Partial<Record<SearchKind, SQL | undefined>>;
};

/** A drizzle `sql` select returning columns kind text, id uuid, number int, title text,
 *  subtitle text|null (customer name · address), archived boolean, rank int (0 = number match, 1 = other);
 *  ordered by rank, number desc; limited to `limit`. */
export type SearchSource = (query: SearchSourceQuery) => SQL;

/** How one module's records take part in the global search. */
export type SearchSourceSpec = {
  kind: SearchKind;
  table: PgTable;
  id: AnyColumn;
  number: AnyColumn;
  companyId: AnyColumn;
  /** The record's customer in Karm, matched by the customer's name through the customers module. */
  customerId: AnyColumn;
  /** Records whose own text (project name, address, one-time customer…) contains the term. */
  textMatch: (term: string) => SQL | undefined;
  title: SQL | AnyColumn;
  subtitle: SQL;
  archived: SQL | AnyColumn;
};

/**
 * A search source from its spec. The number, text and customer matches are separate arms, each
 * ordered by number and limited on its own, and merged afterwards: PostgreSQL then plans each arm
 * on its own index with its own row estimate. As one OR it could only guess the customer match's
 * size, so a term that matched nothing walked the whole number index (measured on 100 000 projects:
 * 160 ms on PGlite, 30 ms on PostgreSQL; as arms about 2 ms).
 */
export const searchSource =
  (spec: SearchSourceSpec): SearchSource =>
  ({ companyId, term, limit, scopes }) => {
    const search = term.trim();
    const number = numberInTerm(search);
    const scope = scopes?.[spec.kind];
    const ofCompany = scope
      ? sql`${spec.companyId} = ${companyId} and ${scope}`
      : sql`${spec.companyId} = ${companyId}`;
    const newestFirst = sql`order by ${spec.number} desc limit ${limit}`;
    const arms = [
      number === null
        ? undefined
        : sql`select ${spec.id} as id, 0 as rank from ${spec.table} where ${ofCompany} and ${spec.number} = ${number}`,
      sql`select ${spec.id} as id, 1 as rank from ${spec.table}
        where ${ofCompany} and (${spec.textMatch(search) ?? sql`false`}) ${newestFirst}`,
      sql`select ${spec.id} as id, 1 as rank from ${spec.table}
        join (${customerIdsMatching(companyId, search)}) as matching_customers
          on matching_customers.id = ${spec.customerId}
        where ${ofCompany} ${newestFirst}`,
    ].flatMap((arm) => (arm ? [sql`(${arm})`] : []));
    return sql`select ${spec.kind}::text as kind, ${spec.id} as id, ${spec.number} as number,
        ${spec.title} as title, ${spec.subtitle} as subtitle, ${spec.archived} as archived, hits.rank as rank
      from (select id, min(rank) as rank from (${sql.join(arms, sql` union all `)}) as arms group by id) as hits
      join ${spec.table} on ${spec.id} = hits.id
      order by hits.rank, ${spec.number} desc
      limit ${limit}`;
  };
