import { and, eq, ilike, or, sql } from 'drizzle-orm';
import { escapeLike } from '../customers/customers.service';
import { customers } from '../customers/customers.tables';
import type { SearchSource } from '../search/search-source';
import { offers } from './offers.tables';

/**
 * The offers' part of the global search (SPEC §2 Header): by number (rank 0), or by project name,
 * address or customer name (rank 1), each a trigram-indexed ILIKE. Subtitle: "customer · address".
 * The customer name comes through a join on the customers table, read-only, as the search module
 * composes every module's source into one statement.
 */
export const offerSearchSource: SearchSource = ({ companyId, term, limit }) => {
  const trimmed = term.trim();
  const pattern = `%${escapeLike(trimmed)}%`;
  const isNumber = /^\d{1,9}$/.test(trimmed);
  const numberMatch = isNumber ? eq(offers.number, Number(trimmed)) : sql`false`;
  const customerName = sql`coalesce(${customers.name}, ${offers.oneTimeCustomer}->>'name')`;
  const address = sql`nullif(concat_ws(' ', nullif(${offers.projectAddress}, ''), nullif(${offers.city}, '')), '')`;
  return sql`select 'offer'::text as kind, ${offers.id} as id, ${offers.number} as number,
      ${offers.projectName} as title,
      nullif(concat_ws(' · ', ${customerName}, ${address}), '') as subtitle,
      ${offers.archived} as archived,
      (case when ${numberMatch} then 0 else 1 end)::int as rank
    from ${offers}
    left join ${customers} on ${customers.id} = ${offers.customerId} and ${customers.companyId} = ${offers.companyId}
    where ${and(
      eq(offers.companyId, companyId),
      or(
        numberMatch,
        ilike(offers.projectName, pattern),
        ilike(offers.projectAddress, pattern),
        ilike(customers.name, pattern),
        sql`${offers.oneTimeCustomer}->>'name' ilike ${pattern}`,
      ),
    )}
    order by rank, ${offers.number} desc
    limit ${limit}`;
};
