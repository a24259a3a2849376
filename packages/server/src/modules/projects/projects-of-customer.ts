import type { CustomerProjectSummary, Page } from '@karm/domain/contract';
import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client';
import { loadPage } from '../../platform/db/paging';
import { projects } from './projects.tables';

/** A customer's newest projects (service and archived ones too) and how many it has, for the customer panel. */
export const projectsOfCustomer = (
  db: Executor,
  companyId: string,
  customerId: string,
  limit: number,
  /** What the person may see of the projects (see `projectReadScope`). */
  scope?: SQL,
): Promise<Page<CustomerProjectSummary>> => {
  const where = and(eq(projects.companyId, companyId), eq(projects.customerId, customerId), scope);
  return loadPage(
    { page: 1, pageSize: limit },
    {
      rows: (pageSize) =>
        db
          .select({
            id: projects.id,
            number: projects.number,
            name: projects.name,
            state: projects.state,
            isService: projects.isService,
            deliveryDate: projects.deliveryDate,
          })
          .from(projects)
          .where(where)
          .orderBy(desc(projects.number))
          .limit(pageSize),
      total: () => db.select({ total: count() }).from(projects).where(where),
    },
    (row) => row,
  );
};
