import { completeOrganisationNumber } from '@karm/domain/rules';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startConnectedServer } from '../../test/fake-tripletex/connected-server';
import type { FakeTripletex } from '../../test/fake-tripletex/fake-tripletex';
import type { SignedInUser, TestServer } from '../../test/test-server';
import { pushPending, runSync } from '../accounting/sync-engine';
import { pushCustomerNow } from './customers.accounting';
import { contacts, customers } from './customers.tables';

/**
 * Edits made on the customer panel under the Tripletex sync rules: an edited or archived customer
 * and an edited or removed contact go to "pending sync" and reach the fake Tripletex; a contact
 * changed there meanwhile keeps Tripletex's version.
 */
let server: TestServer;
let fake: FakeTripletex;
let admin: SignedInUser;
const ORG = completeOrganisationNumber('91234561')!;

let stop: () => Promise<void>;
beforeAll(async () => {
  ({ server, fake, admin, close: stop } = await startConnectedServer());
});
afterAll(async () => {
  await stop?.();
});

const push = async () =>
  pushPending(server.ctx, admin.companyId, await server.ctx.accounting.forCompany(admin.companyId));
const byAccountingId = async <T extends typeof customers | typeof contacts>(table: T, id: number) => {
  const [row] = await server.ctx.db
    .select()
    .from(table as typeof customers)
    .where(and(eq(table.companyId, admin.companyId), eq(table.accountingId, String(id))));
  return row as T['$inferSelect'] | undefined;
};

describe('edits of records that live in Tripletex', () => {
  it('an edited and then archived customer, and an edited contact, reach Tripletex; a removed contact stays removed in Karm', async () => {
    const remoteCustomer = fake.state.seedCustomer({ name: 'Panel Bygg AS', organizationNumber: ORG });
    const remoteContact = fake.state.seedContact({
      customerId: remoteCustomer.id,
      firstName: 'Eva',
      lastName: 'Lie',
      email: 'eva@panel.no',
    });
    await runSync(server.ctx, admin.companyId, { trigger: 'manual', mode: 'full' });
    const customer = (await byAccountingId(customers, remoteCustomer.id))!;
    const contact = (await byAccountingId(contacts, remoteContact.id))!;

    const edited = await admin.client.request('customer:update', {
      id: customer.id,
      version: customer.version,
      changes: { phoneNumber: '33 33 33 33' },
    });
    expect(edited.syncStatus).toBe('pending');
    const editedContact = await admin.client.request('contact:update', {
      id: contact.id,
      version: contact.version,
      changes: { email: 'eva.lie@panel.no' },
    });
    expect(editedContact.syncStatus).toBe('pending');
    await push();
    expect(fake.state.customers.get(remoteCustomer.id)).toMatchObject({ phoneNumber: '33 33 33 33' });
    expect(fake.state.contacts.get(remoteContact.id)).toMatchObject({ email: 'eva.lie@panel.no' });
    expect((await byAccountingId(contacts, remoteContact.id))?.syncStatus).toBe('synced');

    const current = await admin.client.request('customer:get-one', { id: customer.id });
    const archived = await admin.client.request('customer:archive', {
      id: customer.id,
      version: current.version,
      reason: 'Ikke lenger kunde',
    });
    expect(archived).toMatchObject({ syncStatus: 'pending', isInactive: true });
    const currentContact = await admin.client.request('contact:get', { id: contact.id });
    await admin.client.request('contact:archive', { id: contact.id, version: currentContact.version });
    await push();
    expect(fake.state.customers.get(remoteCustomer.id)).toMatchObject({ isInactive: true });
    // A contact's `isInactive` is read-only in Tripletex's API document: the removal is pushed as
    // an ordinary update and stays Karm's own, while the contact stays active in Tripletex.
    expect(fake.state.contacts.get(remoteContact.id)).toMatchObject({ isInactive: false, version: 2 });
    // The next sync reads Karm's own change back without undoing the archiving.
    server.clock.advance(60 * 60_000);
    await runSync(server.ctx, admin.companyId, { trigger: 'manual' });
    expect(await admin.client.request('customer:get-one', { id: customer.id })).toMatchObject({
      isInactive: true,
      archive: { reason: 'Ikke lenger kunde' },
    });
    expect(await byAccountingId(contacts, remoteContact.id)).toMatchObject({ isInactive: true });
  });

  it('a push that crosses another push of the same customer links to the customer that push made', async () => {
    const org = completeOrganisationNumber('81234567')!;
    const made = await admin.client.request('customer:create', {
      name: 'Kryss Bygg AS',
      organizationNumber: org,
    });
    expect(made.syncStatus).toBe('pending');
    // The other push (the background round) got there first: the number is taken, by this customer.
    const other = fake.state.seedCustomer({
      name: 'Kryss Bygg AS',
      organizationNumber: org,
      customerNumber: made.customerNumber ?? 0,
    });
    expect(await pushCustomerNow(server.ctx, admin.companyId, made.id)).toBe('linked');
    const linked = await admin.client.request('customer:get-one', { id: made.id });
    expect(linked).toMatchObject({ syncStatus: 'synced' });
    expect((await byAccountingId(customers, other.id))?.id).toBe(made.id);
    const underNumber = [...fake.state.customers.values()].filter(
      (customer) => customer.customerNumber === made.customerNumber,
    );
    expect(underNumber).toHaveLength(1);
  });

  it('a different customer under the same number in Tripletex is not taken for ours', async () => {
    const made = await admin.client.request('customer:create', {
      name: 'Eget Nummer AS',
      organizationNumber: completeOrganisationNumber('81234568')!,
    });
    fake.state.seedCustomer({
      name: 'Noen Andre AS',
      organizationNumber: completeOrganisationNumber('81234569')!,
      customerNumber: made.customerNumber ?? 0,
    });
    await expect(pushCustomerNow(server.ctx, admin.companyId, made.id)).rejects.toMatchObject({
      kind: 'validation',
    });
    const current = await admin.client.request('customer:get-one', { id: made.id });
    expect(current.syncStatus).toBe('failed');
  });

  it("a contact changed in Tripletex while Karm's edit waited keeps Tripletex's version", async () => {
    const remoteCustomer = fake.state.seedCustomer({ name: 'Begge Sider AS', organizationNumber: ORG });
    const remoteContact = fake.state.seedContact({
      customerId: remoteCustomer.id,
      firstName: 'Ola',
      lastName: 'Berg',
    });
    await runSync(server.ctx, admin.companyId, { trigger: 'manual', mode: 'full' });
    const contact = (await byAccountingId(contacts, remoteContact.id))!;
    await admin.client.request('contact:update', {
      id: contact.id,
      version: contact.version,
      changes: { phoneNumberMobile: '900 00 001' },
    });
    Object.assign(remoteContact, { phoneNumberMobile: '955 55 555' });
    fake.state.bump(remoteContact);
    await push();
    expect(fake.state.contacts.get(remoteContact.id)?.phoneNumberMobile).toBe('955 55 555');
    server.clock.advance(60 * 60_000);
    await runSync(server.ctx, admin.companyId, { trigger: 'manual' });
    expect(await byAccountingId(contacts, remoteContact.id)).toMatchObject({
      phoneNumberMobile: '955 55 555',
      syncStatus: 'synced',
    });
  });
});
