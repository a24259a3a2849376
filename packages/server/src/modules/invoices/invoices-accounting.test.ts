import type { InvoiceConfirmationDto, InvoiceDto } from '@karm/domain/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { newId } from '../../platform/ids';
import { startConnectedServer } from '../../test/fake-tripletex/connected-server';
import { FAKE_PAYMENT_TYPES } from '../../test/fake-tripletex/fake-sales-state';
import type { FakeTripletex } from '../../test/fake-tripletex/fake-tripletex';
import type { SignedInUser, TestServer } from '../../test/test-server';
import { pushPending, runSync } from '../accounting/sync-engine';
import { customers } from '../customers/customers.tables';
import { files } from '../files/files.tables';
import { restClient } from '../offers/offers-test-helpers';
import { orderReferenceOf } from './invoices.accounting';
import { invoices } from './invoices.tables';
import {
  directProject,
  projectWithConfirmation,
  SIGNED_ORDER_PDF,
  uploadPurchaseOrder,
} from './invoices-testing';

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

  it('credits an invoice credited while its push waited on Tripletex, on the next push', async () => {
    const { invoice } = await invoiceFirstPart();
    let release = () => {};
    fake.inject({
      path: /:invoice$/,
      method: 'PUT',
      times: 1,
      until: new Promise<void>((resolve) => {
        release = resolve;
      }),
    });
    // Earlier tests invoiced orders too: only a request sent after this point is this push's.
    const earlierRequests = fake.state.requests.length;
    const invoicing = push();
    // The push has made the order and waits for Tripletex to invoice it: now the admin credits it.
    // (Credited any sooner, the credit's lock could make the push skip the invoice, which then never
    // reaches Tripletex and needs no credit note — another case than this test's.)
    await vi.waitFor(() =>
      expect(
        fake.state.requests.slice(earlierRequests).some((request) => request.path.endsWith('/:invoice')),
      ).toBe(true),
    );
    const read = await admin.client.request('invoice:get', { id: invoice.id });
    await admin.client.request('invoices:del', { id: read.id, version: read.version, reason: 'Avlyst' });
    release();
    await invoicing;
    // The push did not see the credit: it stays due instead of "synced" with the credit left behind.
    expect(await invoiceRow(invoice.id)).toMatchObject({ syncStatus: 'pending', isCreditPending: true });
    await dueNow();
    await push();
    const row = await invoiceRow(invoice.id);
    expect(row).toMatchObject({ syncStatus: 'synced', isCreditPending: false });
    const remote = fake.state.invoices.get(Number(row.accountingInvoiceId))!;
    expect(remote.isCredited).toBe(true);
  });
});

describe('the signed order in Tripletex', () => {
  /** The Tripletex order an invoice was pushed as. */
  const orderOf = async (invoiceId: string) =>
    fake.state.orders.get(Number((await invoiceRow(invoiceId)).accountingOrderId))!;
  const attachRequests = () => fake.state.requests.filter((r) => r.path.endsWith('/:attach'));
  /** The writes that make orders and invoices, which a push for a signed order alone must not send. */
  const orderAndInvoiceWrites = () =>
    fake.state.requests.filter(
      (r) => (r.method === 'POST' && r.path === '/order') || r.path.endsWith('/:invoice'),
    ).length;

  it('goes with the first push, as the file was uploaded, and is not sent again', async () => {
    const { invoice } = await invoiceFirstPart();
    const uploaded = await uploadPurchaseOrder(server, admin, invoice.id, 'Signert ordre 1.pdf');
    expect(uploaded).toMatchObject({ status: 201, body: { syncStatus: 'pending' } });
    await push();
    const order = await orderOf(invoice.id);
    expect(order.attachments).toMatchObject([
      { fileName: 'Signert ordre 1.pdf', mimeType: 'application/pdf' },
    ]);
    expect(order.attachments[0]?.bytes.equals(SIGNED_ORDER_PDF)).toBe(true);
    expect(await invoiceRow(invoice.id)).toMatchObject({
      syncStatus: 'synced',
      purchaseOrderAttachedFileId: uploaded.body.purchaseOrderFile?.id,
      purchaseOrderAttachedAt: server.clock.now(),
    });
    await dueNow();
    await push();
    expect(order.attachments).toHaveLength(1);
  });

  it('reaches an invoice already in Tripletex, without making its order or invoice again', async () => {
    const { invoice } = await invoiceFirstPart();
    await push();
    const synced = await invoiceRow(invoice.id);
    const writes = orderAndInvoiceWrites();
    const uploaded = await uploadPurchaseOrder(server, admin, invoice.id);
    expect(uploaded).toMatchObject({
      status: 201,
      body: { syncStatus: 'pending', version: synced.version + 1 },
    });
    expect(await invoiceRow(invoice.id)).toMatchObject({ nextSyncAt: server.clock.now() });
    await push();
    expect((await orderOf(invoice.id)).attachments.map((d) => d.fileName)).toEqual(['Signert ordre.pdf']);
    expect(orderAndInvoiceWrites()).toBe(writes);
    expect(await invoiceRow(invoice.id)).toMatchObject({
      syncStatus: 'synced',
      accountingOrderId: synced.accountingOrderId,
      accountingInvoiceId: synced.accountingInvoiceId,
      number: synced.number,
    });
  });

  it('recognises the document a lost answer stored, and attaches it once', async () => {
    const { invoice } = await invoiceFirstPart();
    await push();
    fake.inject({ path: /\/:attach$/, method: 'PUT', dropAfterCommit: true, times: 1 });
    await uploadPurchaseOrder(server, admin, invoice.id);
    await push();
    const order = await orderOf(invoice.id);
    expect(order.attachments).toHaveLength(1);
    expect(await invoiceRow(invoice.id)).toMatchObject({
      syncStatus: 'pending',
      syncAttempts: 1,
      purchaseOrderAttachedFileId: null,
    });
    const sent = attachRequests().length;
    await dueNow();
    await push();
    expect(order.attachments).toHaveLength(1);
    expect(attachRequests()).toHaveLength(sent);
    const looked = fake.state.requests.filter(
      (r) => r.path === `/order/${order.id}` && r.query.fields === 'attachment(id,fileName)',
    );
    expect(looked).toHaveLength(1);
    expect(await invoiceRow(invoice.id)).toMatchObject({ syncStatus: 'synced', syncError: null });
  });

  it('stays pending with back-off while Tripletex fails, loses nothing, then attaches it', async () => {
    const { invoice } = await invoiceFirstPart();
    await push();
    fake.inject({ path: /\/:attach$/, method: 'PUT', status: 503, times: 1 });
    await uploadPurchaseOrder(server, admin, invoice.id);
    await push();
    const failed = await invoiceRow(invoice.id);
    expect(failed).toMatchObject({ syncStatus: 'pending', syncError: expect.stringContaining('Tripletex') });
    expect(failed.nextSyncAt!.getTime()).toBeGreaterThan(server.clock.now().getTime());
    expect((await orderOf(invoice.id)).attachments).toEqual([]);
    // Not due yet: the next push leaves it alone.
    await push();
    expect((await orderOf(invoice.id)).attachments).toEqual([]);
    await dueNow();
    await push();
    expect((await orderOf(invoice.id)).attachments).toHaveLength(1);
    expect(await invoiceRow(invoice.id)).toMatchObject({ syncStatus: 'synced', syncError: null });
  });

  it("stores nothing for another company's invoice (404) or for a user who may not invoice (403)", async () => {
    const { invoice } = await invoiceFirstPart();
    await push();
    const before = await invoiceRow(invoice.id);
    const fileCount = async () => (await server.ctx.db.select({ id: files.id }).from(files)).length;
    const filesBefore = await fileCount();
    const intruder = await server.signedInUser({ role: 'admin' });
    const office = await server.signedInUser({ role: 'office', companyId: admin.companyId });
    expect((await uploadPurchaseOrder(server, intruder, invoice.id)).status).toBe(404);
    expect((await uploadPurchaseOrder(server, office, invoice.id)).status).toBe(403);
    expect(await fileCount()).toBe(filesBefore);
    expect(await invoiceRow(invoice.id)).toEqual(before);
    await dueNow();
    await push();
    expect((await orderOf(invoice.id)).attachments).toEqual([]);
  });
});

describe('a project’s own invoice plan in Tripletex', () => {
  it('names the plan on the order (Fakturaplan N), as a confirmation’s part names its confirmation', async () => {
    const { invoice: ofConfirmation, confirmation } = await invoiceFirstPart();
    const project = await directProject(admin, customerId);
    const plan = await admin.client.request('invoice-plan:save', {
      projectId: project.id,
      version: null,
      paymentRules: [{ description: 'Alt', share: { type: 'percent', basisPoints: 10_000 } }],
      requestId: newId(),
    });
    const created = await restClient(server, admin).post<InvoiceDto>('/invoices', {
      requestId: newId(),
      confirmationId: plan.confirmationId,
      paymentRuleId: plan.squares[0]!.paymentRuleId,
    });
    expect(created.status).toBe(201);
    await dueNow();
    await push();
    const commentOf = (invoiceId: string) =>
      [...fake.state.orders.values()].find((order) => order.reference === orderReferenceOf(invoiceId))
        ?.invoiceComment;
    expect(commentOf(created.body.id)).toBe(`Fakturaplan ${plan.confirmationNumber}`);
    expect(commentOf(ofConfirmation.id)).toBe(`Ordrebekreftelse ${confirmation.number}`);
    expect(await invoiceRow(created.body.id)).toMatchObject({ syncStatus: 'synced', amount: 1_250_00 });
  });
});
