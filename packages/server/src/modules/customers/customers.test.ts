import { completeOrganisationNumber } from '@karm/domain/rules';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedContact, seedCustomer, seedInquiry } from '../../seed/factories';
import { type SignedInUser, startTestServer, type TestServer } from '../../test/test-server';
import { contacts, customers } from './customers.tables';

let server: TestServer;
let alice: SignedInUser;
let mallory: SignedInUser;
beforeAll(async () => {
  server = await startTestServer();
  alice = await server.signedInUser();
  mallory = await server.signedInUser();
});
afterAll(async () => {
  await server?.close();
});

const VALID_ORG = completeOrganisationNumber('91234560')!;
const customersOf = (companyId: string) =>
  server.ctx.db.select().from(customers).where(eq(customers.companyId, companyId));

describe('customer:create', () => {
  it('creates a local customer with the next customer number and tells the company', async () => {
    const colleague = await server.connect(alice.token);
    const pushed = colleague.nextPush('customer:changed');
    const created = await alice.client.request('customer:create', {
      name: 'Nordbygg AS',
      organizationNumber: `${VALID_ORG.slice(0, 3)} ${VALID_ORG.slice(3, 6)} ${VALID_ORG.slice(6)}`,
      postalAddress: { addressLine1: 'Industriveien 12', postalCode: '2020', city: 'Skedsmokorset' },
    });
    expect(created).toMatchObject({
      name: 'Nordbygg AS',
      organizationNumber: VALID_ORG,
      orgnr: VALID_ORG,
      source: 'local',
      syncStatus: 'local',
      city: 'Skedsmokorset',
      category: 'company',
    });
    expect(created.customerNumber).toBeGreaterThan(10_000);
    await expect(pushed).resolves.toMatchObject({ id: created.id });
    const second = await alice.client.request('customer:create', {
      name: 'Privat',
      isPrivateIndividual: true,
    });
    expect(second.customerNumber).toBe((created.customerNumber ?? 0) + 1);
    expect(second.category).toBe('private');
  });

  it('burns no customer number when the insert fails', async () => {
    const first = await alice.client.request('customer:create', {
      name: 'Før AS',
      isPrivateIndividual: true,
    });
    // Stands in for any failure of the insert itself (a constraint, a lost connection…).
    await server.ctx.db.execute(
      sql`alter table customers add constraint test_refuses check (name <> 'Feiler AS')`,
    );
    try {
      const error = await alice.client.requestError('customer:create', {
        name: 'Feiler AS',
        isPrivateIndividual: true,
      });
      expect(error.code).toBe('INTERNAL');
    } finally {
      await server.ctx.db.execute(sql`alter table customers drop constraint test_refuses`);
    }
    const next = await alice.client.request('customer:create', {
      name: 'Etter AS',
      isPrivateIndividual: true,
    });
    expect(next.customerNumber).toBe((first.customerNumber ?? 0) + 1);
    // A number typed by hand where the sequence comes next is skipped, not refused.
    const typed = (next.customerNumber ?? 0) + 1;
    await alice.client.request('customer:create', {
      name: 'Håndført AS',
      isPrivateIndividual: true,
      customerNumber: typed,
    });
    const after = await alice.client.request('customer:create', {
      name: 'Deretter AS',
      isPrivateIndividual: true,
    });
    expect(after.customerNumber).toBe(typed + 1);
  });

  it.each([
    ['12345', 'validation.mustBe9Characters'],
    ['12345678901', 'validation.mustBe9Characters'],
    ['923609017', 'validation.organisationNumberInvalid'],
    ['', 'validation.mustBe9Characters'],
  ])('refuses organisation number %j with %s and saves nothing', async (organizationNumber, message) => {
    const before = (await customersOf(alice.companyId)).length;
    const error = await alice.client.requestError('customer:create', { name: 'Feil AS', organizationNumber });
    expect(error).toMatchObject({ code: 'VALIDATION', details: { fields: { organizationNumber: message } } });
    expect(await customersOf(alice.companyId)).toHaveLength(before);
  });

  it('refuses empty names, bad e-mail, too long text and wrong types', async () => {
    for (const input of [
      { name: '' },
      { name: 'Ok', isPrivateIndividual: true, email: 'not-an-email' },
      { name: 'x'.repeat(201), isPrivateIndividual: true },
      { name: 42 },
    ]) {
      expect((await alice.client.requestError('customer:create', input as never)).code).toBe('VALIDATION');
    }
  });

  it('refuses a customer number that is taken, and creates concurrent customers with distinct numbers', async () => {
    const first = await alice.client.request('customer:create', { name: 'Først', isPrivateIndividual: true });
    const error = await alice.client.requestError('customer:create', {
      name: 'Kopi',
      isPrivateIndividual: true,
      customerNumber: first.customerNumber,
    });
    expect(error).toMatchObject({
      code: 'VALIDATION',
      details: { fields: { customerNumber: 'validation.customerNumberTaken' } },
    });
    const many = await Promise.all(
      Array.from({ length: 6 }, (_, index) =>
        alice.client.request('customer:create', { name: `Samtidig ${index}`, isPrivateIndividual: true }),
      ),
    );
    expect(new Set(many.map((customer) => customer.customerNumber)).size).toBe(6);
  });

  it('keeps one-time customers in Karm', async () => {
    const oneTime = await alice.client.request('customer:create', { name: 'Engangskunde', isOneTime: true });
    expect(oneTime).toMatchObject({ source: 'one-time', syncStatus: 'local' });
  });
});

describe('customer:get', () => {
  it('searches by name, organisation number and customer number, and pages on the server', async () => {
    const company = (await server.signedInUser()).companyId;
    const user = await server.signedInUser({ companyId: company });
    const target = await seedCustomer(server.ctx.db, company, {
      name: 'Vindusmester Berg',
      organizationNumber: VALID_ORG,
    });
    for (let index = 0; index < 25; index++) await seedCustomer(server.ctx.db, company);
    expect(
      (await user.client.request('customer:get', { search: 'vindusmester' })).items.map((item) => item.id),
    ).toEqual([target.id]);
    expect((await user.client.request('customer:get', { search: VALID_ORG })).items[0]?.id).toBe(target.id);
    expect(
      (await user.client.request('customer:get', { search: String(target.customerNumber) })).items[0]?.id,
    ).toBe(target.id);
    const page = await user.client.request('customer:get', { page: 2, pageSize: 10 });
    expect(page).toMatchObject({ total: 26, page: 2, pageSize: 10 });
    expect(page.items).toHaveLength(10);
  });

  it('treats search text literally', async () => {
    expect((await alice.client.request('customer:get', { search: '%' })).total).toBe(0);
  });
});

describe('contacts', () => {
  it('creates a contact without validation and lists it under its customer', async () => {
    const customer = await seedCustomer(server.ctx.db, alice.companyId, { organizationNumber: VALID_ORG });
    const empty = await alice.client.request('contact:create', { customerId: customer.id });
    const named = await alice.client.request('contact:create', {
      customerId: customer.id,
      firstName: 'Jon',
      lastName: 'Bakken',
      email: 'jon@example.no',
      phoneNumberMobile: '915 00 000',
    });
    expect(named).toMatchObject({
      displayName: 'Jon Bakken',
      orgnr: VALID_ORG,
      customer: { id: customer.id },
    });
    const listed = await alice.client.request('contacts:get', { customerId: customer.id });
    expect(listed.map((contact) => contact.id).sort()).toEqual([empty.id, named.id].sort());
    expect(await alice.client.request('contact:get', { id: named.id })).toMatchObject({
      email: 'jon@example.no',
    });
  });

  it('asks for a customer ("No customer selected!")', async () => {
    const error = await alice.client.requestError('contacts:get', {} as never);
    expect(error).toMatchObject({
      code: 'VALIDATION',
      details: { fields: { customerId: 'validation.noCustomerSelected' } },
    });
  });
});

describe('company isolation', () => {
  it("another company cannot read, change or add to this company's customers and contacts", async () => {
    const customer = await seedCustomer(server.ctx.db, alice.companyId);
    const contact = await seedContact(server.ctx.db, alice.companyId, customer.id);
    expect((await mallory.client.request('customer:get', { search: customer.name })).total).toBe(0);
    for (const [event, input] of [
      ['customer:get-one', { id: customer.id }],
      ['customer:update', { id: customer.id, version: customer.version, changes: { name: 'Stolen' } }],
      ['contacts:get', { customerId: customer.id }],
      ['contact:get', { id: contact.id }],
    ] as const) {
      expect((await mallory.client.requestError(event, input as never)).code, event).toBe('NOT_FOUND');
    }
    // A contact points at its customer: another company's customer is a bad reference (DESIGN rule 4).
    expect(
      await mallory.client.requestError('contact:create', { customerId: customer.id, firstName: 'Intruder' }),
    ).toMatchObject({
      code: 'VALIDATION',
      details: { fields: { customerId: 'validation.referenceUnknown' } },
    });
    const [unchanged] = await server.ctx.db.select().from(customers).where(eq(customers.id, customer.id));
    expect(unchanged?.name).toBe(customer.name);
    expect(
      await server.ctx.db.select().from(contacts).where(eq(contacts.customerId, customer.id)),
    ).toHaveLength(1);
  });
});

describe('customer:update', () => {
  it('refuses a stale version and changes nothing', async () => {
    const customer = await alice.client.request('customer:create', {
      name: 'Versjon AS',
      isPrivateIndividual: true,
      email: 'post@versjon.no',
      phoneNumberMobile: '900 00 000',
    });
    const updated = await alice.client.request('customer:update', {
      id: customer.id,
      version: customer.version,
      changes: { phoneNumber: '22 22 22 22' },
    });
    expect(updated.version).toBe(customer.version + 1);
    // Fields the update does not name stay as they were.
    expect(updated).toMatchObject({
      name: 'Versjon AS',
      email: 'post@versjon.no',
      phoneNumberMobile: '900 00 000',
    });
    const stale = await alice.client.requestError('customer:update', {
      id: customer.id,
      version: customer.version,
      changes: { phoneNumber: '99 99 99 99' },
    });
    expect(stale.code).toBe('CONFLICT');
    expect((await alice.client.request('customer:get-one', { id: customer.id })).phoneNumber).toBe(
      '22 22 22 22',
    );
  });
});

describe('customer:update checks', () => {
  it('keeps the organisation number a company needs', async () => {
    const customer = await seedCustomer(server.ctx.db, alice.companyId, { organizationNumber: VALID_ORG });
    expect(
      await alice.client.requestError('customer:update', {
        id: customer.id,
        version: customer.version,
        changes: { organizationNumber: '' },
      }),
    ).toMatchObject({
      code: 'VALIDATION',
      details: { fields: { organizationNumber: 'validation.mustBe9Characters' } },
    });
    // A private person needs none.
    const updated = await alice.client.request('customer:update', {
      id: customer.id,
      version: customer.version,
      changes: { organizationNumber: '', isPrivateIndividual: true, category: 'private' },
    });
    expect(updated).toMatchObject({ organizationNumber: '', isPrivateIndividual: true, category: 'private' });
  });
});

describe('customer:archive and customer:unarchive', () => {
  it('asks why, keeps who, when and why, and hides the customer unless archived ones are asked for', async () => {
    const name = `Arkiv ${Date.now()} AS`;
    const customer = await seedCustomer(server.ctx.db, alice.companyId, { name });
    for (const reason of ['', '   ']) {
      expect(
        await alice.client.requestError('customer:archive', {
          id: customer.id,
          version: customer.version,
          reason,
        }),
      ).toMatchObject({
        code: 'VALIDATION',
        details: { fields: { reason: 'validation.archiveReasonRequired' } },
      });
    }
    const colleague = await server.connect(alice.token);
    const pushed = colleague.nextPush('customer:changed');
    const archived = await alice.client.request('customer:archive', {
      id: customer.id,
      version: customer.version,
      reason: 'Gått konkurs',
    });
    expect(archived).toMatchObject({
      isInactive: true,
      version: customer.version + 1,
      archive: { reason: 'Gått konkurs', by: { id: alice.userId } },
    });
    expect(archived.archive?.by.displayName).not.toBe('');
    expect(Number.isNaN(Date.parse(archived.archive?.at ?? ''))).toBe(false);
    await expect(pushed).resolves.toMatchObject({ id: customer.id, isInactive: true });

    expect((await alice.client.request('customer:get', { search: name })).total).toBe(0);
    expect(
      (await alice.client.request('customer:get', { search: name, includeInactive: true })).items[0],
    ).toMatchObject({ id: customer.id, archive: { reason: 'Gått konkurs' } });

    // Archiving again, or with the version before, is refused.
    expect(
      (
        await alice.client.requestError('customer:archive', {
          id: customer.id,
          version: archived.version,
          reason: 'Igjen',
        })
      ).code,
    ).toBe('CONFLICT');
    expect(
      (await alice.client.requestError('customer:unarchive', { id: customer.id, version: customer.version }))
        .code,
    ).toBe('CONFLICT');

    const restored = await alice.client.request('customer:unarchive', {
      id: customer.id,
      version: archived.version,
    });
    expect(restored).toMatchObject({ isInactive: false, archive: null });
    expect((await alice.client.request('customer:get', { search: name })).items[0]?.id).toBe(customer.id);
  });
});

describe('contact:update and contact:archive', () => {
  it('saves the changed fields at the version seen, refuses a stale one, and removes a contact from the list', async () => {
    const customer = await seedCustomer(server.ctx.db, alice.companyId);
    const contact = await alice.client.request('contact:create', {
      customerId: customer.id,
      firstName: 'Per',
      lastName: 'Hansen',
      email: 'per@example.no',
    });
    const colleague = await server.connect(alice.token);
    const pushed = colleague.nextPush('contact:changed');
    const updated = await alice.client.request('contact:update', {
      id: contact.id,
      version: contact.version,
      changes: { email: 'per.hansen@example.no', phoneNumber: '22 00 00 00' },
    });
    expect(updated).toMatchObject({
      firstName: 'Per',
      lastName: 'Hansen',
      email: 'per.hansen@example.no',
      phoneNumber: '22 00 00 00',
      customerId: customer.id,
      version: contact.version + 1,
    });
    await expect(pushed).resolves.toMatchObject({ id: contact.id, email: 'per.hansen@example.no' });
    expect(
      (
        await alice.client.requestError('contact:update', {
          id: contact.id,
          version: contact.version,
          changes: { email: 'stale@example.no' },
        })
      ).code,
    ).toBe('CONFLICT');
    expect((await alice.client.request('contact:get', { id: contact.id })).email).toBe(
      'per.hansen@example.no',
    );

    const removed = await alice.client.request('contact:archive', {
      id: contact.id,
      version: updated.version,
    });
    expect(removed.version).toBe(updated.version + 1);
    expect(await alice.client.request('contacts:get', { customerId: customer.id })).toEqual([]);
  });

  it('refuses a contact id of another company as not found and changes nothing', async () => {
    const customer = await seedCustomer(server.ctx.db, alice.companyId);
    const contact = await seedContact(server.ctx.db, alice.companyId, customer.id, { firstName: 'Ekte' });
    for (const [event, input] of [
      ['contact:update', { id: contact.id, version: contact.version, changes: { firstName: 'Stjålet' } }],
      ['contact:archive', { id: contact.id, version: contact.version }],
      ['customer:archive', { id: customer.id, version: customer.version, reason: 'Sabotasje' }],
      ['customer:unarchive', { id: customer.id, version: customer.version }],
      ['customer:related', { id: customer.id }],
    ] as const) {
      expect((await mallory.client.requestError(event, input as never)).code, event).toBe('NOT_FOUND');
    }
    const [unchanged] = await server.ctx.db.select().from(contacts).where(eq(contacts.id, contact.id));
    expect(unchanged).toMatchObject({ firstName: 'Ekte', isInactive: false, version: contact.version });
    const [customerRow] = await server.ctx.db.select().from(customers).where(eq(customers.id, customer.id));
    expect(customerRow).toMatchObject({ isInactive: false, version: customer.version });
  });
});

describe('customer:related', () => {
  it("lists the customer's inquiries, offers and projects, newest first, from its own company only", async () => {
    const customer = await seedCustomer(server.ctx.db, alice.companyId, { organizationNumber: VALID_ORG });
    const other = await seedCustomer(server.ctx.db, alice.companyId);
    const first = await seedInquiry(server.ctx.db, alice.companyId, {
      customerId: customer.id,
      projectName: 'Skole',
    });
    const second = await seedInquiry(server.ctx.db, alice.companyId, {
      customerId: customer.id,
      projectName: 'Barnehage',
    });
    await seedInquiry(server.ctx.db, alice.companyId, { customerId: other.id });
    // Another company's rows that carry this customer's id (a stray id) are never listed.
    await seedInquiry(server.ctx.db, mallory.companyId, { customerId: customer.id });
    await mallory.client.request('project:create', { name: 'Fremmed', customerId: null });

    const conversion = await alice.client.request('inquiry:convert-to-offer', {
      id: first.id,
      version: first.version,
    });
    const project = await alice.client.request('project:create', {
      name: 'Skole – dører',
      customerId: customer.id,
      deliveryDate: '2026-09-01',
    });

    const related = await alice.client.request('customer:related', { id: customer.id });
    expect(related.inquiries.total).toBe(2);
    expect(related.inquiries.items.map((item) => item.id)).toEqual([second.id, first.id]);
    expect(related.inquiries.items[1]).toMatchObject({
      name: 'Skole',
      receivedDate: first.receivedDate,
      isArchived: false,
    });
    expect(related.inquiries.items[1]?.offerNumber).not.toBeNull();
    expect(related.offers).toMatchObject({
      total: 1,
      items: [
        {
          id: conversion.offerId,
          number: conversion.offerNumber,
          name: 'Skole',
          isArchived: false,
          projectNumber: null,
        },
      ],
    });
    expect(related.projects).toMatchObject({
      total: 1,
      items: [{ id: project.id, name: 'Skole – dører', state: 'active', deliveryDate: '2026-09-01' }],
    });
    expect(await alice.client.request('customer:related', { id: other.id })).toMatchObject({
      inquiries: { total: 1 },
      offers: { total: 0, items: [] },
      projects: { total: 0, items: [] },
    });
  });
});

describe('admin:postaladdress', () => {
  it('answers the place of a postal code, and refuses unknown or malformed ones', async () => {
    expect(await alice.client.request('admin:postaladdress', { postalCode: '0150' })).toEqual({
      postalCode: '0150',
      city: 'Oslo',
    });
    expect((await alice.client.requestError('admin:postaladdress', { postalCode: '0000' })).code).toBe(
      'VALIDATION',
    );
    expect((await alice.client.requestError('admin:postaladdress', { postalCode: 'abcd' })).code).toBe(
      'VALIDATION',
    );
  });
});
