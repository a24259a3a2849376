import { completeOrganisationNumber } from '@karm/domain/rules';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startConnectedServer } from '../../test/fake-tripletex/connected-server';
import type { FakeTripletex } from '../../test/fake-tripletex/fake-tripletex';
import type { SignedInUser, TestServer } from '../../test/test-server';
import { pushPending, runSync } from '../accounting/sync-engine';
import { customers } from '../customers/customers.tables';

/**
 * A customer's effective payment term reaches Tripletex as `invoicesDueIn` (DAYS): on create, when
 * the customer's own term changes, and when a default it inherits changes.
 */
let server: TestServer;
let fake: FakeTripletex;
let admin: SignedInUser;
let stop: () => Promise<void>;
beforeAll(async () => {
  ({ server, fake, admin, close: stop } = await startConnectedServer());
});
afterAll(async () => {
  await stop?.();
});

const push = async () =>
  pushPending(server.ctx, admin.companyId, await server.ctx.accounting.forCompany(admin.companyId));

describe('payment terms in Tripletex', () => {
  it('sends the effective days as invoicesDueIn with the type DAYS', async () => {
    const terms = await admin.client.request('payment_term:add', { name: '30 dager', daysUntilDue: 30 });
    const thirty = terms.terms.find((term) => term.name === '30 dager')!;
    await admin.client.request('payment_term:add', { name: 'Forskudd', daysUntilDue: 0, isDefault: true });

    const created = await admin.client.request('customer:create', {
      name: 'Forfall Bygg AS',
      organizationNumber: completeOrganisationNumber('91234571')!,
      paymentTermId: thirty.id,
    });
    expect(created.paymentTerm).toMatchObject({ daysUntilDue: 30, source: 'customer' });
    await push();
    const [row] = await server.ctx.db
      .select()
      .from(customers)
      .where(and(eq(customers.companyId, admin.companyId), eq(customers.id, created.id)));
    const remote = fake.state.customers.get(Number(row!.accountingId));
    expect(remote).toMatchObject({ name: 'Forfall Bygg AS', invoicesDueIn: 30, invoicesDueInType: 'DAYS' });

    // Without its own term, the company default (0 days, prepayment) applies and is pushed.
    const current = await admin.client.request('customer:get-one', { id: created.id });
    await admin.client.request('customer:update', {
      id: created.id,
      version: current.version,
      changes: { paymentTermId: null },
    });
    await push();
    expect(fake.state.customers.get(remote!.id)).toMatchObject({ invoicesDueIn: 0 });

    // A change of the inherited term's days reaches customers already synced.
    const list = await admin.client.request('payment_term:list');
    const prepayment = list.terms.find((term) => term.name === 'Forskudd')!;
    await admin.client.request('payment_term:upd', {
      id: prepayment.id,
      version: prepayment.version,
      values: { daysUntilDue: 7 },
    });
    await push();
    expect(fake.state.customers.get(remote!.id)).toMatchObject({ invoicesDueIn: 7 });
  });

  it("reads Tripletex's customers as before: their due days do not change Karm's term", async () => {
    const seeded = fake.state.seedCustomer({ name: 'Fra Tripletex AS', invoicesDueIn: 45 });
    await runSync(server.ctx, admin.companyId, { trigger: 'manual', mode: 'full' });
    const [row] = await server.ctx.db
      .select()
      .from(customers)
      .where(and(eq(customers.companyId, admin.companyId), eq(customers.accountingId, String(seeded.id))));
    expect(row).toMatchObject({ name: 'Fra Tripletex AS', paymentTermId: null, syncStatus: 'synced' });
  });
});
