import { completeOrganisationNumber } from '@karm/domain/rules';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountingSettings, syncRuns } from '../../integrations/accounting/accounting.tables';
import { startConnectedServer } from '../../test/fake-tripletex/connected-server';
import { FAKE_TRIPLETEX_TOKENS, type FakeTripletex } from '../../test/fake-tripletex/fake-tripletex';
import type { SignedInUser, TestServer } from '../../test/test-server';
import { contacts, customers } from '../customers/customers.tables';
import { employees } from '../employees/employees.tables';
import { pushPending, runSync } from './sync-engine';

/**
 * The sync against a Tripletex fake over real HTTP: first import, incremental sync, records changed
 * on both sides, and an outage during a push — with nothing lost and nothing duplicated.
 */
let server: TestServer;
let fake: FakeTripletex;
let admin: SignedInUser;

const ORG = completeOrganisationNumber('91234560')!;

let stop: () => Promise<void>;
beforeAll(async () => {
  ({ server, fake, admin, close: stop } = await startConnectedServer());
});
afterAll(async () => {
  await stop?.();
});

const customersOfCompany = () =>
  server.ctx.db.select().from(customers).where(eq(customers.companyId, admin.companyId));
const customerByAccountingId = async (accountingId: number) => {
  const [row] = await server.ctx.db
    .select()
    .from(customers)
    .where(and(eq(customers.companyId, admin.companyId), eq(customers.accountingId, String(accountingId))));
  return row;
};
const fakeCustomersNamed = (name: string) =>
  [...fake.state.customers.values()].filter((customer) => customer.name === name);
const port = () => server.ctx.accounting.forCompany(admin.companyId);
const syncNow = (mode?: 'full' | 'incremental') =>
  runSync(server.ctx, admin.companyId, { trigger: 'manual', mode });

describe('accounting settings', () => {
  it('stores the tokens sealed and shows only their last characters', async () => {
    const settings = await admin.client.request('accounting:get-settings');
    expect(settings).toMatchObject({
      provider: 'tripletex',
      environment: 'test',
      consumerTokenHint: '••••karm',
    });
    const [row] = await server.ctx.db
      .select()
      .from(accountingSettings)
      .where(eq(accountingSettings.companyId, admin.companyId));
    expect(JSON.stringify(row)).not.toContain(FAKE_TRIPLETEX_TOKENS.consumerToken);
    expect(JSON.stringify(row)).not.toContain(FAKE_TRIPLETEX_TOKENS.employeeToken);
  });

  it('tests the connection', async () => {
    await expect(admin.client.request('accounting:test-connection')).resolves.toMatchObject({
      companyName: expect.any(String),
    });
  });

  it('is for admins only, and each company sees its own', async () => {
    const colleague = await server.signedInUser({ companyId: admin.companyId });
    expect((await colleague.client.requestError('accounting:get-settings')).code).toBe('FORBIDDEN');
    expect((await colleague.client.requestError('accounting:sync-now', {})).code).toBe('FORBIDDEN');
    const otherAdmin = await server.signedInUser({ role: 'admin' });
    expect(await otherAdmin.client.request('accounting:get-settings')).toMatchObject({
      provider: 'none',
      consumerTokenHint: null,
    });
    expect((await otherAdmin.client.request('accounting:sync-runs', {})).total).toBe(0);
  });
});

describe('sync', () => {
  it('first sync imports customers, contacts, employees, departments and categories', async () => {
    const department = fake.state.seedDepartment({ name: 'Montasje', departmentNumber: '20' });
    const category = fake.state.seedCategory({ name: 'Administrasjon', number: '1' });
    fake.state.seedEmployee({
      firstName: 'Lars',
      lastName: 'Johansen',
      departmentId: department.id,
      categoryId: category.id,
      dateOfBirth: '1979-06-04',
      employments: [{ startDate: '2009-04-20' }],
    });
    const nordbygg = fake.state.seedCustomer({
      name: 'Nordbygg AS',
      organizationNumber: ORG,
      customerNumber: 10_500,
      postalAddress: { addressLine1: 'Industriveien 12', postalCode: '2020', city: 'Skedsmokorset' },
    });
    fake.state.seedCustomer({ name: 'Hansen Bygg AS', customerNumber: 10_501 });
    fake.state.seedContact({
      firstName: 'Jon',
      lastName: 'Bakken',
      customerId: nordbygg.id,
      email: 'jon@nordbygg.no',
    });

    const run = await syncNow();
    expect(run).toMatchObject({ status: 'succeeded', mode: 'full', errors: [] });
    expect(run.counts.customers).toMatchObject({ created: 2 });
    expect(run.counts.contacts).toMatchObject({ created: 1 });
    expect(run.counts.employees).toMatchObject({ created: 1 });

    const imported = await customerByAccountingId(nordbygg.id);
    expect(imported).toMatchObject({
      name: 'Nordbygg AS',
      source: 'accounting',
      syncStatus: 'synced',
      customerNumber: 10_500,
    });
    expect(imported?.postalAddress).toMatchObject({
      addressLine1: 'Industriveien 12',
      city: 'Skedsmokorset',
    });
    const [lars] = await server.ctx.db
      .select()
      .from(employees)
      .where(eq(employees.companyId, admin.companyId));
    expect(lars).toMatchObject({ firstName: 'Lars', birthDate: '1979-06-04', employmentDate: '2009-04-20' });
    expect(await admin.client.request('admin:get-users')).toEqual([
      { id: null, displayName: '(Ingen valgt)' },
      { id: lars?.id, displayName: expect.stringContaining('Lars') },
    ]);
  });

  it('a second sync is incremental and idempotent: nothing duplicated, only changes fetched', async () => {
    const before = (await customersOfCompany()).length;
    server.clock.advance(60 * 60_000);
    const [changed] = fakeCustomersNamed('Hansen Bygg AS');
    fake.state.touchCustomer(changed!.id, { phoneNumber: '64 86 12 34' });
    const run = await syncNow();
    expect(run).toMatchObject({ status: 'succeeded', mode: 'incremental' });
    expect(run.counts.customers).toMatchObject({ created: 0, updated: 1 });
    expect(await customersOfCompany()).toHaveLength(before);
    expect((await customerByAccountingId(changed!.id))?.phoneNumber).toBe('64 86 12 34');
    const lastList = fake.state.requests
      .filter((request) => request.method === 'GET' && request.path === '/customer')
      .at(-1);
    expect(lastList?.query.changedSince).toBeDefined();
    const again = await syncNow();
    expect(again.counts.customers ?? { created: 0, updated: 0 }).toMatchObject({ created: 0, updated: 0 });
  });

  it('a customer changed on both sides keeps both changes, and the accounting system wins the same field', async () => {
    const [hansen] = fakeCustomersNamed('Hansen Bygg AS');
    const local = await customerByAccountingId(hansen!.id);
    // Karm changes the mobile and the e-mail …
    await admin.client.request('customer:update', {
      id: local!.id,
      version: local!.version,
      changes: { phoneNumberMobile: '915 55 555', email: 'karm@hansen.no' },
    });
    // … while Tripletex changes the invoice e-mail and the e-mail.
    server.clock.advance(60_000);
    fake.state.touchCustomer(hansen!.id, { invoiceEmail: 'faktura@hansen.no', email: 'tripletex@hansen.no' });
    server.clock.advance(60 * 60_000);
    const run = await syncNow();
    expect(run.status).toBe('succeeded');
    expect(run.counts.customers?.conflicts).toBe(1);
    expect(run.errors.join('\n')).toContain('email');

    const merged = await customerByAccountingId(hansen!.id);
    expect(merged).toMatchObject({
      phoneNumberMobile: '915 55 555',
      invoiceEmail: 'faktura@hansen.no',
      email: 'tripletex@hansen.no',
      syncStatus: 'synced',
    });
    expect(fake.state.customers.get(hansen!.id)).toMatchObject({
      phoneNumberMobile: '915 55 555',
      invoiceEmail: 'faktura@hansen.no',
      email: 'tripletex@hansen.no',
    });
  });

  it('a customer created during an outage stays pending, then reaches Tripletex exactly once', async () => {
    fake.setDown(true);
    const created = await admin.client.request('customer:create', {
      name: 'Utetid Dører AS',
      organizationNumber: ORG,
    });
    expect(created).toMatchObject({ source: 'accounting', syncStatus: 'pending' });
    const first = await pushPending(server.ctx, admin.companyId, await port());
    expect(first.pushedCustomers.counts.deferred).toBe(1);
    const [pending] = await server.ctx.db.select().from(customers).where(eq(customers.id, created.id));
    expect(pending).toMatchObject({ syncStatus: 'pending', syncAttempts: 1 });

    fake.setDown(false);
    // Not due yet: the retry waits.
    expect(
      (await pushPending(server.ctx, admin.companyId, await port())).pushedCustomers.counts.created,
    ).toBe(0);
    server.clock.advance(2 * 60_000);
    const second = await pushPending(server.ctx, admin.companyId, await port());
    expect(second.pushedCustomers.counts.created + second.pushedCustomers.counts.linked).toBe(1);
    expect(fakeCustomersNamed('Utetid Dører AS')).toHaveLength(1);
    const [synced] = await server.ctx.db.select().from(customers).where(eq(customers.id, created.id));
    expect(synced).toMatchObject({ syncStatus: 'synced', syncError: null });
    expect(synced?.accountingId).toBe(String(fakeCustomersNamed('Utetid Dører AS')[0]?.id));
  });

  it('a push whose answer is lost is recognised on retry, never created twice', async () => {
    fake.inject({ path: /^\/customer$/, method: 'POST', dropAfterCommit: true, times: 1 });
    const created = await admin.client.request('customer:create', {
      name: 'Tapt Svar AS',
      organizationNumber: ORG,
    });
    await pushPending(server.ctx, admin.companyId, await port());
    expect(fakeCustomersNamed('Tapt Svar AS')).toHaveLength(1);
    server.clock.advance(2 * 60_000);
    const retry = await pushPending(server.ctx, admin.companyId, await port());
    expect(retry.pushedCustomers.counts.linked).toBe(1);
    expect(fakeCustomersNamed('Tapt Svar AS')).toHaveLength(1);
    const [row] = await server.ctx.db.select().from(customers).where(eq(customers.id, created.id));
    expect(row?.syncStatus).toBe('synced');
  });

  it('a contact made in Karm follows its customer to Tripletex', async () => {
    const [nordbygg] = fakeCustomersNamed('Nordbygg AS');
    const customer = await customerByAccountingId(nordbygg!.id);
    const contact = await admin.client.request('contact:create', {
      customerId: customer!.id,
      firstName: 'Marit',
      lastName: 'Dahl',
    });
    expect(contact.syncStatus).toBe('pending');
    await pushPending(server.ctx, admin.companyId, await port());
    const [row] = await server.ctx.db.select().from(contacts).where(eq(contacts.id, contact.id));
    expect(row?.syncStatus).toBe('synced');
    expect([...fake.state.contacts.values()].filter((remote) => remote.firstName === 'Marit')).toHaveLength(
      1,
    );
  });

  it('rides out rate limits and server errors during a sync', async () => {
    server.clock.advance(60 * 60_000);
    fake.inject({ path: /^\/customer$/, method: 'GET', status: 429, rateLimitResetSeconds: 0, times: 1 });
    fake.inject({ path: /^\/contact$/, method: 'GET', status: 500, times: 1 });
    const run = await syncNow();
    expect(run.status).toBe('succeeded');
  });

  it('sync-now answers at once with the running sync; admins get its progress and outcome pushed', async () => {
    const colleague = await server.signedInUser({ companyId: admin.companyId });
    let colleagueHeard = false;
    colleague.client.socket.on('accounting:sync-progress', () => {
      colleagueHeard = true;
    });
    const outcomes: { status: string }[] = [];
    const finished = new Promise<void>((resolve) =>
      admin.client.socket.on('accounting:sync-progress', (run: { status: string }) => {
        outcomes.push(run);
        if (run.status !== 'running') resolve();
      }),
    );
    const started = await admin.client.request('accounting:sync-now', { mode: 'full' });
    expect(started).toMatchObject({ status: 'running', mode: 'full' });
    await finished;
    expect(outcomes.at(-1)).toMatchObject({ status: 'succeeded' });
    expect(colleagueHeard).toBe(false);
    admin.client.socket.off('accounting:sync-progress');
  });

  it('a run left "running" by a server that died does not block later syncs', async () => {
    const longAgo = new Date(server.clock.now().getTime() - 60 * 60_000);
    const [stuck] = await server.ctx.db
      .insert(syncRuns)
      .values({
        companyId: admin.companyId,
        trigger: 'scheduled',
        mode: 'incremental',
        status: 'running',
        progress: { phase: 'customers', done: 10, total: null },
        startedAt: longAgo,
        heartbeatAt: longAgo,
      })
      .returning();
    expect((await syncNow()).status).toBe('succeeded');
    const [closed] = await server.ctx.db.select().from(syncRuns).where(eq(syncRuns.id, stuck!.id));
    expect(closed).toMatchObject({ status: 'failed', errors: [expect.stringContaining('interrupted')] });
  });

  it('a sync against an unreachable Tripletex fails, is logged, and changes nothing', async () => {
    const before = await customersOfCompany();
    fake.setDown(true);
    const run = await syncNow();
    fake.setDown(false);
    expect(run.status).toBe('failed');
    expect(run.errors[0]).toMatch(/unreachable/);
    expect(await customersOfCompany()).toHaveLength(before.length);
    const log = await admin.client.request('accounting:sync-runs', {});
    expect(log.items[0]).toMatchObject({ id: run.id, status: 'failed' });
  });
});
