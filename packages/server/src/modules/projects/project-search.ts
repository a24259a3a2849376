import { sql } from 'drizzle-orm';
import { customerDisplayNameOf } from '../customers/customers.service';
import { searchSource } from '../search/search-source';
import { projects, projectTextContains } from './projects.tables';

const address = sql`nullif(concat_ws(', ', nullif(${projects.projectAddress}, ''), nullif(${projects.projectCity}, '')), '')`;

/**
 * Projects for the header's global search: by number, name, address or city (one trigram index,
 * migration 0007) and customer name.
 */
export const projectSearchSource = searchSource({
  kind: 'project',
  table: projects,
  id: projects.id,
  number: projects.number,
  companyId: projects.companyId,
  customerId: projects.customerId,
  textMatch: projectTextContains,
  title: projects.name,
  subtitle: sql`nullif(concat_ws(' · ', ${customerDisplayNameOf(projects.companyId, projects.customerId)}, ${address}), '')`,
  archived: sql`${projects.state} = 'archived'`,
});
