import type { CustomerOfferSummary, Page } from '@karm/domain/contract';
import { and, count, desc, eq } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client';
import { loadPage } from '../../platform/db/paging';
import { offerStatuses, offers } from './offers.tables';

/** A customer's newest offers (archived ones too) and how many it has, for the customer panel. */
export const offersOfCustomer = (
  db: Executor,
  companyId: string,
  customerId: string,
  limit: number,
): Promise<Page<CustomerOfferSummary>> => {
  const where = and(eq(offers.companyId, companyId), eq(offers.customerId, customerId));
  return loadPage(
    { page: 1, pageSize: limit },
    {
      rows: (pageSize) =>
        db
          .select({
            id: offers.id,
            number: offers.number,
            name: offers.projectName,
            status: offerStatuses.name,
            createdAt: offers.createdAt,
            projectNumber: offers.projectNumber,
            isArchived: offers.archived,
          })
          .from(offers)
          .leftJoin(
            offerStatuses,
            and(eq(offerStatuses.id, offers.statusId), eq(offerStatuses.companyId, offers.companyId)),
          )
          .where(where)
          .orderBy(desc(offers.number))
          .limit(pageSize),
      total: () => db.select({ total: count() }).from(offers).where(where),
    },
    (row) => ({ ...row, createdAt: row.createdAt.toISOString() }),
  );
};
