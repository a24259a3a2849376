import { sql } from 'drizzle-orm';
import { customerDisplayNameOf, customerIdsMatching, escapeLike } from '../customers/customers.service';
import { numberInTerm, type SearchSource } from '../search/search-source';
import { projects } from './projects.tables';

/**
 * Projects for the header's global search: by number, name, address or city (trigram GIN indexes,
 * migration 0003) and customer name (the customer match runs once, as in project-filter.ts).
 */
export const projectSearchSource: SearchSource = ({ companyId, term, limit }) => {
  const pattern = `%${escapeLike(term)}%`;
  const number = numberInTerm(term);
  const isNumber = number === null ? sql`false` : sql`${projects.number} = ${number}`;
  const ownCompany = sql`${projects.companyId} = ${companyId}`;
  // The company is repeated inside the number and customer arms so each arm of the OR has an index of
  // its own (company+number, company+customer, three trigram indexes) and PostgreSQL can BitmapOr them.
  // Ordering by number lets a common word stop after `limit` rows on the number index (measured on
  // 100 000 projects: 15–30 ms); the price is a term matching nothing, which walks that index (~0.7 s
  // on PGlite). Forcing a sort instead made common words take 1–3 s.
  const address = sql`nullif(concat_ws(', ', nullif(${projects.projectAddress}, ''), nullif(${projects.projectCity}, '')), '')`;
  return sql`select 'project'::text as kind, ${projects.id} as id, ${projects.number} as number,
      ${projects.name} as title,
      nullif(concat_ws(' · ', ${customerDisplayNameOf(projects.customerId)}, ${address}), '') as subtitle,
      ${projects.state} = 'archived' as archived,
      case when ${isNumber} then 0 else 1 end as rank
    from ${projects}
    where ${ownCompany}
      and ((${ownCompany} and ${isNumber})
        or ${projects.name} ilike ${pattern}
        or ${projects.projectAddress} ilike ${pattern}
        or ${projects.projectCity} ilike ${pattern}
        or (${ownCompany} and ${projects.customerId} = any(array(${customerIdsMatching(companyId, term)}))))
    order by rank, ${projects.number} desc
    limit ${limit}`;
};
