import { and, desc, eq, sql } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import { customerDisplayNameOf } from '../customers/customers.service';
import type { SearchSource } from '../search/search-source';
import { inquiries } from './inquiries.tables';
import { inquirySearchCondition, oneTimeCustomerName } from './inquiry-list';

/**
 * Inquiries for the header's global search (SPEC §2): the same match as the inquiry list — number,
 * project name, address (trigram indexes), customer name — archived ones included and marked.
 */
const UNCONNECTED = new QueryBuilder();

export const inquirySearchSource: SearchSource = ({ companyId, term, limit }) => {
  const search = term.trim();
  const numberMatch = /^\d{1,9}$/.test(search) ? eq(inquiries.number, Number(search)) : sql`false`;
  const rank = sql<number>`(case when ${numberMatch} then 0 else 1 end)::int`;
  const customerName = sql`coalesce(${customerDisplayNameOf(inquiries.customerId)}, ${oneTimeCustomerName})`;
  return UNCONNECTED.select({
    kind: sql<'inquiry'>`'inquiry'::text`.as('kind'),
    id: inquiries.id,
    number: inquiries.number,
    title: sql<string>`${inquiries.projectName}`.as('title'),
    subtitle: sql<
      string | null
    >`nullif(concat_ws(' · ', ${customerName}, nullif(${inquiries.projectAddress}, '')), '')`.as('subtitle'),
    archived: sql<boolean>`(${inquiries.archivedAt} is not null)`.as('archived'),
    rank: rank.as('rank'),
  })
    .from(inquiries)
    .where(and(eq(inquiries.companyId, companyId), inquirySearchCondition(companyId, search)))
    .orderBy(sql`rank`, desc(inquiries.number))
    .limit(limit)
    .getSQL();
};
