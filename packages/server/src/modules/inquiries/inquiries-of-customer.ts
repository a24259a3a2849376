import type { CustomerInquirySummary, Page } from '@karm/domain/contract';
import { and, count, desc, eq } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client';
import { loadPage } from '../../platform/db/paging';
import { inquiries } from './inquiries.tables';

/** A customer's newest inquiries (archived ones too) and how many it has, for the customer panel. */
export const inquiriesOfCustomer = (
  db: Executor,
  companyId: string,
  customerId: string,
  limit: number,
): Promise<Page<CustomerInquirySummary>> => {
  const where = and(eq(inquiries.companyId, companyId), eq(inquiries.customerId, customerId));
  return loadPage(
    { page: 1, pageSize: limit },
    {
      rows: (pageSize) =>
        db
          .select({
            id: inquiries.id,
            number: inquiries.number,
            name: inquiries.projectName,
            receivedDate: inquiries.receivedDate,
            offerNumber: inquiries.offerNumber,
            archivedAt: inquiries.archivedAt,
          })
          .from(inquiries)
          .where(where)
          .orderBy(desc(inquiries.number))
          .limit(pageSize),
      total: () => db.select({ total: count() }).from(inquiries).where(where),
    },
    ({ archivedAt, ...row }) => ({ ...row, isArchived: archivedAt !== null }),
  );
};
