import { expect } from 'vitest';
import { type AccountingCustomerFields, AccountingError } from '../port';

/** The error a promise rejects with, checked to be an AccountingError. */
export const rejection = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AccountingError);
  return error as AccountingError;
};

/** A customer as Karm would create it, with a postal address. */
export const newCustomer = (overrides: Partial<AccountingCustomerFields> = {}): AccountingCustomerFields => ({
  name: 'Vindu og Dør AS',
  organizationNumber: '912345678',
  customerNumber: null,
  supplierNumber: null,
  isSupplier: false,
  isPrivateIndividual: false,
  isInactive: false,
  email: 'post@vindudor.no',
  invoiceEmail: 'faktura@vindudor.no',
  phoneNumber: '22 33 44 55',
  phoneNumberMobile: '',
  invoiceSendMethod: 'EHF',
  postalAddress: {
    addressLine1: 'Postboks 12',
    addressLine2: '',
    postalCode: '0101',
    city: 'Oslo',
    countryCode: 'NO',
  },
  physicalAddress: null,
  ...overrides,
});
