import { ilike, or, sql } from 'drizzle-orm';
import { containsPattern } from '../../platform/db/search-terms';
import { customerDisplayNameOf } from '../customers/customers.service';
import { searchSource } from '../search/search-source';
import { offers } from './offers.tables';

const oneTimeCustomerName = sql<string>`(${offers.oneTimeCustomer} ->> 'name')`;
const customerName = sql`coalesce(${customerDisplayNameOf(offers.companyId, offers.customerId)}, ${oneTimeCustomerName})`;
const address = sql`nullif(concat_ws(' ', nullif(${offers.projectAddress}, ''), nullif(${offers.city}, '')), '')`;

/**
 * The offers' part of the global search (SPEC §2 Header): by number (rank 0), or by project name,
 * address or customer name (rank 1), each a trigram-indexed ILIKE. Subtitle: "customer · address".
 */
export const offerSearchSource = searchSource({
  kind: 'offer',
  table: offers,
  id: offers.id,
  number: offers.number,
  companyId: offers.companyId,
  customerId: offers.customerId,
  textMatch: (term) => {
    const pattern = containsPattern(term);
    return or(
      ilike(offers.projectName, pattern),
      ilike(offers.projectAddress, pattern),
      ilike(oneTimeCustomerName, pattern),
    );
  },
  title: offers.projectName,
  subtitle: sql`nullif(concat_ws(' · ', ${customerName}, ${address}), '')`,
  archived: offers.archived,
});
