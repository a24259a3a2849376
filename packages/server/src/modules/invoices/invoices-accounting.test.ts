import type { InvoiceConfirmationDto, InvoiceDto } from '@karm/domain/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../platform/ids';
import { startConnectedServer } from '../../test/fake-tripletex/connected-server';
import { FAKE_PAYMENT_TYPES } from '../../test/fake-tripletex/fake-sales-state';
import type { FakeTripletex } from '../../test/fake-tripletex/fake-tripletex';
import type { SignedInUser, TestServer } from '../../test/test-server';
import { pushPending, runSync } from '../accounting/sync-engine';
import { customers } from '../customers/customers.tables';
import { restClient } from '../offers/offers-test-helpers';
import { orderReferenceOf } from './invoices.accounting';
import { invoices } from './invoices.tables';
import { projectWithConfirmation } from './invoices-testing';

/**
 * Invoices of a company connected to Tripletex (the fake, over real HTTP, as strict as Tripletex's
 * OpenAPI document): made there exactly once, exact to the øre, recognised after a lost answer,
 * kept pending through an outage, read back as paid, and credited with a credit note.
 */
let server: TestServer;
let fake: FakeTripletex;
let admin: SignedInUser;
let customerId: string;
let stop: () => Promise<void>;

beforeAll(async () => {
  ({ server, fake, admin, close: stop } = await startConnectedServer());
  server.clock.set(new Date('2026-03-02T09:00:00Z'));
  const remote = fake.state.seedCustomer({ name: 'Tripletex Bygg AS' });
  await runSync(server.ctx, admin.companyId, { trigger: 'manual', mode: 'full' });
  const [row] = await server.ctx.db
    .select()
    .from(customers)
    .where(eq(customers.accountingId, String(remote.id)));
  customerId = row!.id;
});
afterAll(async () => {
  await stop?.();
});

const port = () => server.ctx.accounting.forCompany(admin.companyId);
const push = async () => pushPending(server.ctx, admin.companyId, await port());
const invoiceRow = async (id: string) =>
  (await server.ctx.db.select().from(invoices).where(eq(invoices.id, id)))[0]!;
/** Makes every pending invoice due now (the push's back-off is not what these tests are about). */
const dueNow = () => server.ctx.db.update(invoices).set({ nextSyncAt: server.clock.now() });

const invoiceFirstPart = async () => {
  const { projectId, confirmation } = await projectWithConfirmation(server, admin, customerId, [
    { description: 'En tredjedel', share: { type: 'percent', basisPoints: 3333 }, due: { kind: 'onOrder' } },
    { description: 'En tredjedel', share: { type: 'percent', basisPoints: 3333 }, due: { kind: 'onOrder' } },
    { description: 'Resten', share: { type: 'percent', basisPoints: 3334 }, due: { kind: 'onOrder' } },
  ]);
  const created = await restClient(server, admin).post<InvoiceDto>('/invoices', {
    requestId: newId(),
    confirmationId: confirmation.id,
    paymentRuleId: confirmation.paymentRules[0]!.id,
  });
  expect(created.status).toBe(201);
  return { projectId, confirmation, invoice: created.body };
};

describe('invoicing in Tripletex', () => {
  it('is not sent until pushed, then pending payment exact to the øre, then paid after a sync', async () => {
    const { projectId, invoice } = await invoiceFirstPart();
    expect(invoice).toMatchObject({ syncStatus: 'pending', status: 2, number: null, amount: 416_62 });
    await push();
    const pushed = await admin.client.request('invoice:get', { id: invoice.id });
    expect(pushed).toMatchObject({ syncStatus: 'synced', status: 4, amountOutstanding: 416_62 });
    const remote = [...fake.state.invoices.values()].find(
      (candidate) => candidate.invoiceNumber === pushed.number,
    )!;
    // The same amount in Tripletex as in Karm's square, to the øre.
    expect(remote.amount).toBe(416_62);
    expect(fake.state.orders.get(remote.orderIds[0]!)?.reference).toBe(orderReferenceOf(invoice.id));

    fake.state.payInvoice(remote, {
      paymentDate: '2026-03-10',
      paymentTypeId: [...FAKE_PAYMENT_TYPES.keys()][0]!,
      paidAmount: 416_62,
    });
    await runSync(server.ctx, admin.companyId, { trigger: 'manual' });
    expect(await admin.client.request('invoice:get', { id: invoice.id })).toMatchObject({
      status: 3,
      amountOutstanding: 0,
    });
    const [order] = (
      await restClient(server, admin).get<InvoiceConfirmationDto[]>(
        `/invoices-confirmations/project/${projectId}`,
      )
    ).body;
    expect(order?.squares.map((square) => square.status)).toEqual([3, 1, 1]);
  });

  it('recognises the order and the invoice a lost answer made, and never makes them twice', async () => {
    const ordersBefore = fake.state.orders.size;
    const invoicesBefore = fake.state.invoices.size;
    fake.inject({ path: /^\/order$/, method: 'POST', dropAfterCommit: true, times: 1 });
    const { invoice } = await invoiceFirstPart();
    await push();
    expect(await invoiceRow(invoice.id)).toMatchObject({ syncStatus: 'pending', syncAttempts: 1 });
    await dueNow();
    fake.inject({ path: /:invoice$/, method: 'PUT', dropAfterCommit: true, times: 1 });
    await push();
    await dueNow();
    await push();
    const row = await invoiceRow(invoice.id);
    expect(row).toMatchObject({ syncStatus: 'synced', amountOutstanding: 416_62, isSent: true });
    expect(fake.state.orders.size).toBe(ordersBefore + 1);
    expect(fake.state.invoices.size).toBe(invoicesBefore + 1);
  });

  it('keeps the invoice pending while Tripletex is down, and loses nothing', async () => {
    const { invoice } = await invoiceFirstPart();
    fake.setDown(true);
    await push();
    fake.setDown(false);
    expect(await invoiceRow(invoice.id)).toMatchObject({ syncStatus: 'pending', accountingInvoiceId: null });
    expect((await admin.client.request('invoice:get', { id: invoice.id })).status).toBe(2);
    await dueNow();
    await push();
    expect(await invoiceRow(invoice.id)).toMatchObject({ syncStatus: 'synced' });
  });

  it('credits a charged invoice with a credit note in Tripletex, and refuses payments by hand', async () => {
    const { invoice } = await invoiceFirstPart();
    await push();
    const charged = await admin.client.request('invoice:get', { id: invoice.id });
    const byHand = await admin.client.requestError('invoices:upd', {
      id: charged.id,
      version: charged.version,
      changes: { paymentAmount: 100 },
    });
    expect(byHand).toMatchObject({ code: 'CONFLICT', messageKey: 'validation.invoiceFollowsAccounting' });
    const credited = await admin.client.request('invoices:del', {
      id: charged.id,
      version: charged.version,
      reason: 'Feil kunde',
    });
    expect(credited).toMatchObject({ isCredited: true, syncStatus: 'pending', status: 1 });
    await push();
    const remote = [...fake.state.invoices.values()].find(
      (candidate) => candidate.invoiceNumber === charged.number,
    )!;
    expect(remote.isCredited).toBe(true);
    const note = [...fake.state.invoices.values()].find(
      (candidate) => candidate.creditedInvoiceId === remote.id,
    );
    expect(note?.amount).toBe(-416_62);
    expect(await invoiceRow(invoice.id)).toMatchObject({ syncStatus: 'synced', isCreditPending: false });
  });
});
