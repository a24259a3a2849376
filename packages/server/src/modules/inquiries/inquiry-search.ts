import { sql } from 'drizzle-orm';
import { customerDisplayNameOf } from '../customers/customers.service';
import { searchSource } from '../search/search-source';
import { inquiries } from './inquiries.tables';
import { inquiryTextContains, oneTimeCustomerName } from './inquiry-list';

const customerName = sql`coalesce(${customerDisplayNameOf(inquiries.companyId, inquiries.customerId)}, ${oneTimeCustomerName})`;

/**
 * Inquiries for the header's global search (SPEC §2): the same match as the inquiry list — number,
 * project name, address (trigram indexes), customer name — archived ones included and marked.
 */
export const inquirySearchSource = searchSource({
  kind: 'inquiry',
  table: inquiries,
  id: inquiries.id,
  number: inquiries.number,
  companyId: inquiries.companyId,
  customerId: inquiries.customerId,
  textMatch: inquiryTextContains,
  title: inquiries.projectName,
  subtitle: sql`nullif(concat_ws(' · ', ${customerName}, nullif(${inquiries.projectAddress}, '')), '')`,
  archived: sql`(${inquiries.archivedAt} is not null)`,
});
