import type { ContactDto, CustomerDto } from '@karm/domain/contract';
import { effectivePaymentTermOf, type PaymentTermBook } from '@karm/domain/rules';
import type { Executor } from '../../platform/db/client';
import { loadPaymentTermBook } from '../billing-settings/payment-terms.service';
import type { contacts, customers } from './customers.tables';

export type CustomerRow = typeof customers.$inferSelect;
export type ContactRow = typeof contacts.$inferSelect;

/** A customer as the client sees it; `book` (the company's payment terms) gives its effective term. */
export const toCustomerDto = (row: CustomerRow, book: PaymentTermBook): CustomerDto => ({
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
  paymentTermId: row.paymentTermId,
  paymentTerm: effectivePaymentTermOf(book, row),
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

/** Customers of one company as DTOs, reading its payment terms once. */
export const customerDtosOf = async (db: Executor, companyId: string, rows: CustomerRow[]) => {
  if (rows.length === 0) return [];
  const book = await loadPaymentTermBook(db, companyId);
  return rows.map((row) => toCustomerDto(row, book));
};

/** One customer as its DTO. */
export const customerDtoOf = async (db: Executor, row: CustomerRow) =>
  toCustomerDto(row, await loadPaymentTermBook(db, row.companyId));

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
