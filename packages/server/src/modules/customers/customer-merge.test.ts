import { describe, expect, it } from 'vitest';
import { changedFields, mergeCustomer, type SyncedCustomer } from './customer-merge';

const address = (addressLine1: string) => ({
  addressLine1,
  addressLine2: '',
  postalCode: '0155',
  city: 'Oslo',
  countryCode: 'NO',
});

const base: SyncedCustomer = {
  name: 'Nordbygg AS',
  organizationNumber: '923609016',
  isPrivateIndividual: false,
  email: 'post@nordbygg.no',
  invoiceEmail: '',
  phoneNumber: '22 00 00 00',
  phoneNumberMobile: '',
  invoiceSendMethod: 'EMAIL',
  isSupplier: false,
  supplierNumber: null,
  customerNumber: 10001,
  isInactive: false,
  postalAddress: address('Storgata 1'),
  physicalAddress: null,
};

describe('mergeCustomer', () => {
  it("keeps each side's changes to different fields", () => {
    const local = { ...base, phoneNumber: '22 11 11 11' };
    const remote = { ...base, email: 'faktura@nordbygg.no' };
    expect(mergeCustomer(base, local, remote)).toEqual({
      merged: { ...base, phoneNumber: '22 11 11 11', email: 'faktura@nordbygg.no' },
      localOnly: ['phoneNumber'],
      conflicts: [],
    });
  });

  it('lets the accounting system win a field both changed, and reports it', () => {
    const local = { ...base, name: 'Nordbygg Entreprenør AS' };
    const remote = { ...base, name: 'Nordbygg Holding AS' };
    expect(mergeCustomer(base, local, remote)).toEqual({
      merged: remote,
      localOnly: [],
      conflicts: ['name'],
    });
  });

  it('treats the same change on both sides as no conflict', () => {
    const changed = { ...base, postalAddress: address('Kirkegata 2') };
    expect(
      mergeCustomer(base, changed, {
        ...changed,
        postalAddress: { ...address('Kirkegata 2'), externalId: '77' },
      }),
    ).toMatchObject({ localOnly: [], conflicts: [] });
  });

  it("compares addresses by content, not by the accounting system's address id", () => {
    expect(
      changedFields(base, { ...base, postalAddress: { ...address('Storgata 1'), externalId: '5' } }),
    ).toEqual([]);
  });
});
