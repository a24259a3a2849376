import { afterEach, describe, expect, it } from 'vitest';
import { startTripletexHarness, type TripletexHarness } from '../../../test/fake-tripletex/harness';
import { newCustomer, rejection } from './adapter.testing';

let h: TripletexHarness;

afterEach(async () => {
  await h.close();
});

describe('Tripletex customers', () => {
  it('pages by from/count until a short page, ignoring the inexact fullResultSize', async () => {
    h = await startTripletexHarness();
    for (let i = 1; i <= 7; i += 1) h.fake.state.seedCustomer({ name: `Kunde ${i}` });
    const pages = [];
    for (let from = 0; ; from += 3) {
      const page = await h.adapter.listCustomers({ from, count: 3 });
      pages.push(page);
      if (page.isLast) break;
    }
    expect(pages.map((p) => [p.items.length, p.isLast])).toEqual([
      [3, false],
      [3, false],
      [1, true],
    ]);
    expect(pages.flatMap((p) => p.items.map((c) => c.name))).toEqual(
      [1, 2, 3, 4, 5, 6, 7].map((i) => `Kunde ${i}`),
    );
    // The fake reports each page's length as fullResultSize (3), which a trusting client would stop at.
    expect(h.requestsTo('/customer').map((r) => r.query.from)).toEqual(['0', '3', '6']);
    expect(h.requestsTo('/customer')[0].query).toMatchObject({ count: '3', sorting: 'id' });
  });

  it('ends on an empty page when the total divides evenly', async () => {
    h = await startTripletexHarness();
    for (let i = 1; i <= 4; i += 1) h.fake.state.seedCustomer();
    expect((await h.adapter.listCustomers({ from: 2, count: 2 })).isLast).toBe(false);
    expect(await h.adapter.listCustomers({ from: 4, count: 2 })).toEqual({ items: [], isLast: true });
  });

  it('maps a customer, unset text as "" and absent numbers as null', async () => {
    h = await startTripletexHarness();
    const seeded = h.fake.state.seedCustomer({
      name: 'Låsesmeden AS',
      customerNumber: 10_050,
      email: 'post@laas.no',
      postalAddress: { addressLine1: 'Storgata 1', postalCode: '0155', city: 'Oslo' },
    });
    const customer = await h.adapter.getCustomer(String(seeded.id));
    expect(customer).toEqual({
      externalId: String(seeded.id),
      version: 0,
      name: 'Låsesmeden AS',
      organizationNumber: '',
      customerNumber: 10_050,
      supplierNumber: null,
      isSupplier: false,
      isPrivateIndividual: false,
      isInactive: false,
      email: 'post@laas.no',
      invoiceEmail: '',
      phoneNumber: '',
      phoneNumberMobile: '',
      invoiceSendMethod: 'EMAIL',
      invoicesDueIn: 14,
      postalAddress: {
        externalId: String(seeded.postalAddress.id),
        addressLine1: 'Storgata 1',
        addressLine2: '',
        postalCode: '0155',
        city: 'Oslo',
        countryCode: 'NO',
      },
      physicalAddress: {
        externalId: String(seeded.physicalAddress.id),
        addressLine1: '',
        addressLine2: '',
        postalCode: '',
        city: '',
        countryCode: 'NO',
      },
    });
    expect((await rejection(h.adapter.getCustomer('999999'))).kind).toBe('not-found');
  });

  it('lists only customers changed since an instant, sent as UTC without offset', async () => {
    h = await startTripletexHarness({ start: new Date('2025-03-10T10:00:00Z') });
    const old = h.fake.state.seedCustomer({ name: 'Uendret AS' });
    const changed = h.fake.state.seedCustomer({ name: 'Endret AS' });
    h.clock.set(new Date('2025-03-10T13:00:00Z'));
    h.fake.state.touchCustomer(changed.id, { email: 'ny@endret.no' });
    const since = new Date('2025-03-10T12:59:59Z');
    const page = await h.adapter.listCustomers({ changedSince: since, from: 0, count: 100 });
    expect(page.items.map((c) => c.externalId)).toEqual([String(changed.id)]);
    expect(page.items[0]).toMatchObject({ email: 'ny@endret.no', version: 1 });
    expect(h.requestsTo('/customer')[0].query.changedSince).toBe('2025-03-10T12:59:59');
    const all = await h.adapter.listCustomers({ from: 0, count: 100 });
    expect(all.items.map((c) => c.externalId)).toEqual([String(old.id), String(changed.id)]);
  });

  it('creates a customer without id or version and reads back what Tripletex made', async () => {
    h = await startTripletexHarness();
    const created = await h.adapter.createCustomer(newCustomer());
    const [post] = h.requestsTo('/customer', 'POST');
    expect(post.body).not.toHaveProperty('id');
    expect(post.body).not.toHaveProperty('version');
    expect(post.body).not.toHaveProperty('customerNumber');
    expect(post.body).toMatchObject({
      name: 'Vindu og Dør AS',
      invoiceSendMethod: 'EHF',
      postalAddress: { addressLine1: 'Postboks 12', addressLine2: '', postalCode: '0101', city: 'Oslo' },
    });
    expect(created).toMatchObject({ name: 'Vindu og Dør AS', version: 0, customerNumber: 10_001 });
    const stored = h.fake.state.customers.get(Number(created.externalId));
    expect(stored?.postalAddress).toMatchObject({ city: 'Oslo', country: { isoAlpha2Code: 'NO' } });
    expect(created.postalAddress?.externalId).toBe(String(stored?.postalAddress.id));
    const numbered = await h.adapter.createCustomer(
      newCustomer({ name: 'Med nummer AS', customerNumber: 20_001 }),
    );
    expect(numbered.customerNumber).toBe(20_001);
  });

  it('updates with a partial PUT carrying id and version', async () => {
    h = await startTripletexHarness();
    const seeded = h.fake.state.seedCustomer({ name: 'Før AS', email: 'a@b.no', phoneNumber: '123' });
    const before = await h.adapter.getCustomer(String(seeded.id));
    const updated = await h.adapter.updateCustomer(before.externalId, before.version, {
      email: 'ny@b.no',
      postalAddress: { ...before.postalAddress!, addressLine1: 'Nyveien 2', city: 'Bergen' },
    });
    const [put] = h.requestsTo(`/customer/${seeded.id}`, 'PUT');
    expect(put.body).toEqual({
      id: seeded.id,
      version: 0,
      email: 'ny@b.no',
      postalAddress: {
        id: seeded.postalAddress.id,
        addressLine1: 'Nyveien 2',
        addressLine2: '',
        postalCode: '',
        city: 'Bergen',
      },
    });
    expect(updated).toMatchObject({ name: 'Før AS', email: 'ny@b.no', phoneNumber: '123', version: 1 });
    expect(updated.postalAddress).toMatchObject({ addressLine1: 'Nyveien 2', city: 'Bergen' });
  });

  it('gives conflict when the version is stale', async () => {
    h = await startTripletexHarness();
    const seeded = h.fake.state.seedCustomer();
    h.fake.state.touchCustomer(seeded.id, { name: 'Endret i Tripletex AS' });
    const error = await rejection(h.adapter.updateCustomer(String(seeded.id), 0, { email: 'x@y.no' }));
    expect(error.kind).toBe('conflict');
    expect(error.details).toMatchObject({ status: 409, code: 8000 });
    expect(error.details?.requestId).toEqual(expect.any(String));
    expect(h.fake.state.customers.get(seeded.id)?.email).toBe('');
  });

  it('gives validation with the field messages on 422, without retrying', async () => {
    h = await startTripletexHarness();
    h.fake.state.seedCustomer({ customerNumber: 30_000 });
    const noName = await rejection(h.adapter.createCustomer(newCustomer({ name: '' })));
    expect(noName.kind).toBe('validation');
    expect(noName.details).toMatchObject({ status: 422, code: 18000, fields: { name: 'Name is required' } });
    const taken = await rejection(h.adapter.createCustomer(newCustomer({ customerNumber: 30_000 })));
    expect(taken.details?.fields).toEqual({ customerNumber: 'Customer number is already taken' });
    expect(h.requestsTo('/customer', 'POST')).toHaveLength(2);
    expect(h.sleeps).toEqual([]);
  });

  it('finds a customer by number with the customerAccountNumber filter', async () => {
    h = await startTripletexHarness();
    h.fake.state.seedCustomer({ customerNumber: 10_100, name: 'Første AS' });
    const wanted = h.fake.state.seedCustomer({ customerNumber: 10_101, name: 'Andre AS' });
    await expect(h.adapter.findCustomerByNumber(10_101)).resolves.toMatchObject({
      externalId: String(wanted.id),
      name: 'Andre AS',
    });
    await expect(h.adapter.findCustomerByNumber(55_555)).resolves.toBeNull();
    expect(h.requestsTo('/customer')[0].query.customerAccountNumber).toBe('10101');
  });
});
