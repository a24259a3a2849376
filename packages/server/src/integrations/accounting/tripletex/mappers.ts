import {
  type AccountingAddress,
  type AccountingContact,
  type AccountingContactFields,
  type AccountingCustomer,
  type AccountingCustomerFields,
  type AccountingEmployee,
  AccountingError,
  INVOICE_SEND_METHODS,
  type InvoiceSendMethod,
} from '../port';
import type { TripletexAddress, TripletexContact, TripletexCustomer, TripletexEmployee } from './schemas';

/** Tripletex ids are integers; anything else cannot name a record there. */
export const toTripletexId = (externalId: string) => {
  if (!/^\d+$/.test(externalId)) throw new AccountingError('not-found', `Not a Tripletex id: ${externalId}`);
  return Number(externalId);
};

const isSendMethod = (value: string): value is InvoiceSendMethod =>
  (INVOICE_SEND_METHODS as readonly string[]).includes(value);

const fromAddress = (address: TripletexAddress | null | undefined): AccountingAddress | null => {
  if (!address) return null;
  return {
    ...(address.id != null && { externalId: address.id }),
    addressLine1: address.addressLine1,
    addressLine2: address.addressLine2,
    postalCode: address.postalCode,
    city: address.city,
    countryCode: address.country?.isoAlpha2Code ?? '',
  };
};

export const fromTripletexCustomer = (customer: TripletexCustomer): AccountingCustomer => ({
  externalId: customer.id,
  version: customer.version,
  name: customer.name,
  organizationNumber: customer.organizationNumber,
  customerNumber: customer.customerNumber,
  supplierNumber: customer.supplierNumber,
  isSupplier: customer.isSupplier,
  isPrivateIndividual: customer.isPrivateIndividual,
  isInactive: customer.isInactive,
  email: customer.email,
  invoiceEmail: customer.invoiceEmail,
  phoneNumber: customer.phoneNumber,
  phoneNumberMobile: customer.phoneNumberMobile,
  // Unset or unknown (a method added after this was written) reads as Tripletex's default, EMAIL.
  invoiceSendMethod: isSendMethod(customer.invoiceSendMethod) ? customer.invoiceSendMethod : 'EMAIL',
  invoicesDueIn: customer.invoicesDueIn,
  postalAddress: fromAddress(customer.postalAddress),
  physicalAddress: fromAddress(customer.physicalAddress),
});

/**
 * Only the text lines are sent: the country reference's id for Norway is unconfirmed, so the country
 * is left as Tripletex has it. When updating, the address `id` says which address record to change.
 */
const toAddress = (address: AccountingAddress, mode: 'create' | 'update') => ({
  ...(mode === 'update' && address.externalId && { id: toTripletexId(address.externalId) }),
  addressLine1: address.addressLine1,
  addressLine2: address.addressLine2,
  postalCode: address.postalCode,
  city: address.city,
});

const PLAIN_CUSTOMER_FIELDS = [
  'name',
  'organizationNumber',
  'isSupplier',
  'isPrivateIndividual',
  'isInactive',
  'email',
  'invoiceEmail',
  'phoneNumber',
  'phoneNumberMobile',
  'invoiceSendMethod',
] as const satisfies readonly (keyof AccountingCustomerFields)[];

/**
 * The body for POST (all fields) or a partial PUT (only the given ones). A null number is left out
 * (Tripletex numbers a new customer itself and cannot unset a number); so is a null address, because
 * an address record cannot be removed from a customer, only emptied.
 */
export const toTripletexCustomer = (fields: Partial<AccountingCustomerFields>, mode: 'create' | 'update') => {
  const body: Record<string, unknown> = {};
  for (const key of PLAIN_CUSTOMER_FIELDS) {
    if (fields[key] !== undefined) body[key] = fields[key];
  }
  if (fields.customerNumber != null) body.customerNumber = fields.customerNumber;
  if (fields.supplierNumber != null) body.supplierNumber = fields.supplierNumber;
  // Karm's payment terms count days; Tripletex also knows months and a day of the month.
  if (fields.invoicesDueIn != null) {
    body.invoicesDueIn = fields.invoicesDueIn;
    body.invoicesDueInType = 'DAYS';
  }
  if (fields.postalAddress) body.postalAddress = toAddress(fields.postalAddress, mode);
  if (fields.physicalAddress) body.physicalAddress = toAddress(fields.physicalAddress, mode);
  return body;
};

export const fromTripletexContact = (contact: TripletexContact): AccountingContact => ({
  externalId: contact.id,
  version: contact.version,
  customerExternalId: contact.customer,
  firstName: contact.firstName,
  lastName: contact.lastName,
  email: contact.email,
  phoneNumberMobile: contact.phoneNumberMobile,
  phoneNumberWork: contact.phoneNumberWork,
  isInactive: contact.isInactive,
});

/**
 * `isInactive` is not sent: Tripletex's document marks it read-only on a contact, so whether a
 * contact is active is read from Tripletex but cannot be set through the API.
 */
export const toTripletexContact = (fields: AccountingContactFields) => ({
  firstName: fields.firstName,
  lastName: fields.lastName,
  email: fields.email,
  phoneNumberMobile: fields.phoneNumberMobile,
  phoneNumberWork: fields.phoneNumberWork,
  ...(fields.customerExternalId !== null && { customer: { id: toTripletexId(fields.customerExternalId) } }),
});

export const fromTripletexEmployee = (employee: TripletexEmployee): AccountingEmployee => ({
  externalId: employee.id,
  version: employee.version,
  firstName: employee.firstName,
  lastName: employee.lastName,
  displayName: employee.displayName || `${employee.firstName} ${employee.lastName}`.trim(),
  employeeNumber: employee.employeeNumber,
  email: employee.email,
  phoneNumberMobile: employee.phoneNumberMobile,
  dateOfBirth: employee.dateOfBirth,
  employmentStartDate: employee.employments?.[0]?.startDate ?? null,
  departmentExternalId: employee.department,
  categoryExternalId: employee.employeeCategory,
});
