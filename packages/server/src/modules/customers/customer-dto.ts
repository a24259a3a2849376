import type { ContactDto, CustomerDto } from '@karm/domain/contract';
import type { contacts, customers } from './customers.tables';

export type CustomerRow = typeof customers.$inferSelect;
export type ContactRow = typeof contacts.$inferSelect;

export const toCustomerDto = (row: CustomerRow): CustomerDto => ({
  id: row.id,
  source: row.source,
  customerNumber: row.customerNumber,
  name: row.name,
  organizationNumber: row.organizationNumber,
  orgnr: row.organizationNumber,
  // SPEC §3 "selected customer" flattens the postal address.
  address: row.postalAddress.addressLine1,
  city: row.postalAddress.city,
  postalCode: row.postalAddress.postalCode,
  isPrivateIndividual: row.isPrivateIndividual,
  email: row.email,
  invoiceEmail: row.invoiceEmail,
  phoneNumber: row.phoneNumber,
  phoneNumberMobile: row.phoneNumberMobile,
  invoiceSendMethod: row.invoiceSendMethod as CustomerDto['invoiceSendMethod'],
  isSupplier: row.isSupplier,
  supplierNumber: row.supplierNumber,
  postalAddress: row.postalAddress,
  physicalAddress: row.physicalAddress,
  category: row.category,
  creditScore:
    row.creditScore && row.creditScoreDate
      ? { score: row.creditScore, date: row.creditScoreDate, source: row.creditScoreSource ?? '' }
      : null,
  accountingId: row.accountingId,
  syncStatus: row.syncStatus,
  syncError: row.syncError,
  isInactive: row.isInactive,
  // Reactivated in the accounting system, an old archiving no longer applies.
  archive:
    row.isInactive && row.archivedAt
      ? {
          at: row.archivedAt.toISOString(),
          by: { id: row.archivedBy, displayName: row.archivedByName ?? '' },
          reason: row.archiveReason ?? '',
        }
      : null,
  version: row.version,
  updatedAt: row.updatedAt.toISOString(),
});

export const toContactDto = (row: ContactRow, customer: CustomerRow): ContactDto => ({
  id: row.id,
  customerId: row.customerId,
  customer: { id: customer.id, name: customer.name },
  firstName: row.firstName,
  lastName: row.lastName,
  displayName: [row.firstName, row.lastName].filter(Boolean).join(' '),
  orgnr: customer.organizationNumber,
  email: row.email,
  phoneNumberMobile: row.phoneNumberMobile,
  phoneNumber: row.phoneNumber,
  address: customer.postalAddress.addressLine1,
  city: customer.postalAddress.city,
  postalCode: customer.postalAddress.postalCode,
  syncStatus: row.syncStatus,
  version: row.version,
});
