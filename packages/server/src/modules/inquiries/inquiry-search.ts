import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client';
import { customerDisplayNameOf } from '../customers/customers.service';
import { inquiries } from './inquiries.tables';
import { inquirySearchCondition, oneTimeCustomerName } from './inquiry-list';

/** The global search's question to one source (modules/search/search-source.ts on the search branch). */
export type SearchSourceQuery = { companyId: string; term: string; limit: number };
/**
 * A select of columns kind, id, number, title, subtitle, archived, rank (0 = number match,
 * 1 = other), ordered by rank then number descending, at most `limit` rows.
 */
export type SearchSource = (query: SearchSourceQuery) => SQL;

/**
 * Inquiries for the header's global search (SPEC §2): the same match as the inquiry list — number,
 * project name, address (trigram indexes), customer name — archived ones included and marked.
 */
export const inquirySearchSource =
  (db: Executor): SearchSource =>
  ({ companyId, term, limit }) => {
    const search = term.trim();
    const numberMatch = /^\d{1,9}$/.test(search) ? eq(inquiries.number, Number(search)) : sql`false`;
    const rank = sql<number>`(case when ${numberMatch} then 0 else 1 end)::int`;
    const customerName = sql`coalesce(${customerDisplayNameOf(inquiries.customerId)}, ${oneTimeCustomerName})`;
    return db
      .select({
        kind: sql<'inquiry'>`'inquiry'::text`.as('kind'),
        id: inquiries.id,
        number: inquiries.number,
        title: sql<string>`${inquiries.projectName}`.as('title'),
        subtitle: sql<
          string | null
        >`nullif(concat_ws(' · ', ${customerName}, nullif(${inquiries.projectAddress}, '')), '')`.as(
          'subtitle',
        ),
        archived: sql<boolean>`(${inquiries.archivedAt} is not null)`.as('archived'),
        rank: rank.as('rank'),
      })
      .from(inquiries)
      .where(and(eq(inquiries.companyId, companyId), inquirySearchCondition(db, companyId, search)))
      .orderBy(sql`rank`, desc(inquiries.number))
      .limit(limit)
      .getSQL();
  };
