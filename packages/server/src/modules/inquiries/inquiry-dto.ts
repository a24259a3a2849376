import type { InquiryDto } from '@karm/domain/contract';
import type { AppContext } from '../../platform/context';
import { userNamesByIds } from '../auth/users.repository';
import { contactSummaries } from '../customers/contacts.service';
import { customersByIds } from '../customers/customers.service';
import { employeeSummaries } from '../employees/employees.service';
import type { inquiries } from './inquiries.tables';

export type InquiryRow = typeof inquiries.$inferSelect;

const idsOf = (rows: InquiryRow[], pick: (row: InquiryRow) => string | null) =>
  rows.map(pick).filter((id): id is string => id !== null);

/** A page of inquiries as DTOs; the names they show come in four queries whatever the page size. */
export const inquiryDtos = async (
  ctx: AppContext,
  companyId: string,
  rows: InquiryRow[],
): Promise<InquiryDto[]> => {
  const [customers, contacts, owners, archivers] = await Promise.all([
    customersByIds(
      ctx.db,
      companyId,
      idsOf(rows, (row) => row.customerId),
    ),
    contactSummaries(
      ctx,
      companyId,
      idsOf(rows, (row) => row.contactId),
    ),
    employeeSummaries(
      ctx,
      companyId,
      idsOf(rows, (row) => row.ownerId),
    ),
    userNamesByIds(
      ctx.db,
      idsOf(rows, (row) => row.archivedBy),
    ),
  ]);
  return rows.map((row) => {
    const customer = row.customerId ? customers.get(row.customerId) : undefined;
    return {
      id: row.id,
      number: row.number,
      receivedDate: row.receivedDate,
      deadline: row.deadline,
      owner: (row.ownerId && owners.get(row.ownerId)) || null,
      projectName: row.projectName,
      projectAddress: row.projectAddress,
      postalCode: row.postalCode,
      city: row.city,
      comment: row.comment,
      projectCategory: row.projectCategory,
      calculationGroup: row.calculationGroup,
      complexity: row.complexity,
      customerCategory: row.customerCategory,
      ownerType: row.ownerType,
      projectOwner: row.projectOwner,
      architect: row.architect,
      consultant: row.consultant,
      customer: customer
        ? {
            id: customer.id,
            name: customer.name,
            customerNumber: customer.customerNumber,
            source: customer.source,
            creditScore: customer.creditScore,
          }
        : null,
      oneTimeCustomer: row.oneTimeCustomer ?? null,
      customerName: customer?.name ?? row.oneTimeCustomer?.name ?? null,
      contact: (row.contactId && contacts.get(row.contactId)) || null,
      creditScore: row.creditScore,
      archived: row.archivedAt !== null,
      archiveReason: row.archiveReason,
      archivedAt: row.archivedAt?.toISOString() ?? null,
      archivedBy: row.archivedBy
        ? { id: row.archivedBy, displayName: archivers.get(row.archivedBy) ?? '' }
        : null,
      offerId: row.offerId,
      offerNumber: row.offerNumber,
      version: row.version,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    };
  });
};
