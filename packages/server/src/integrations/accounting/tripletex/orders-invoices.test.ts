import { afterEach, describe, expect, it } from 'vitest';
import { startTripletexHarness, type TripletexHarness } from '../../../test/fake-tripletex/harness';
import type { AccountingOrderFields, AccountingOrderLineFields } from '../port';
import { rejection } from './adapter.testing';

let h: TripletexHarness;

afterEach(async () => {
  await h.close();
});

const line = (overrides: Partial<AccountingOrderLineFields>): AccountingOrderLineFields => ({
  description: 'Linje',
  count: 1,
  unitPriceExcludingVat: 0,
  discountPercent: 0,
  vatTypeExternalId: null,
  ...overrides,
});

/**
 * Amounts chosen to break floating-point NOK: 1234.56 × 1; 3 × 333.33 (999.99, not 999.9899…);
 * 2 × 1000.00 less 12.5 %; 99.99 less 10 % (89.991 → 89.99) on a VAT-free line.
 */
const LINES = [
  line({ description: 'Skyvedør', unitPriceExcludingVat: 123_456 }),
  line({ description: 'Montasje', count: 3, unitPriceExcludingVat: 33_333 }),
  line({ description: 'Automatikk', count: 2, unitPriceExcludingVat: 100_000, discountPercent: 12.5 }),
  line({ description: 'Gebyr', unitPriceExcludingVat: 9_999, discountPercent: 10, vatTypeExternalId: '6' }),
];
/** The lines' amounts excluding VAT, in øre, as the fake computes them. */
const LINE_AMOUNTS = [123_456, 99_999, 175_000, 8_999];
/** 25 % VAT per line, rounded to øre: 154 320 + 124 999 (99 999 + 24 999.75) + 218 750 + 8 999 (no VAT). */
const AMOUNT_INCLUDING_VAT = 507_068;

const newOrder = (customerExternalId: string, overrides: Partial<AccountingOrderFields> = {}) => ({
  customerExternalId,
  projectExternalId: null,
  orderDate: '2025-03-10',
  deliveryDate: '2025-04-01',
  reference: 'karm-order-1',
  invoiceComment: 'Takk for handelen',
  lines: LINES,
  ...overrides,
});

describe('Tripletex orders', () => {
  it('creates an order with embedded lines and reads it back exact to the øre', async () => {
    h = await startTripletexHarness();
    const customer = h.fake.state.seedCustomer();
    const project = h.fake.state.seedProject({ customerId: customer.id });
    const created = await h.adapter.createOrder(
      newOrder(String(customer.id), { projectExternalId: String(project.id) }),
    );
    const [post] = h.requestsTo('/order', 'POST');
    // A write declares no `fields=`: the lines are read back with a GET.
    expect(post.query).toEqual({});
    expect(h.requestsTo(`/order/${created.externalId}`, 'GET')[0].query.fields).toBe('*,orderLines(*)');
    expect(post.body).toEqual({
      customer: { id: customer.id },
      project: { id: project.id },
      orderDate: '2025-03-10',
      deliveryDate: '2025-04-01',
      reference: 'karm-order-1',
      invoiceComment: 'Takk for handelen',
      isPrioritizeAmountsIncludingVat: false,
      orderLines: [
        { description: 'Skyvedør', count: 1, unitPriceExcludingVatCurrency: 1234.56, discount: 0 },
        { description: 'Montasje', count: 3, unitPriceExcludingVatCurrency: 333.33, discount: 0 },
        { description: 'Automatikk', count: 2, unitPriceExcludingVatCurrency: 1000, discount: 12.5 },
        {
          description: 'Gebyr',
          count: 1,
          unitPriceExcludingVatCurrency: 99.99,
          discount: 10,
          vatType: { id: 6 },
        },
      ],
    });
    expect(created).toMatchObject({
      version: 0,
      number: '1',
      customerExternalId: String(customer.id),
      projectExternalId: String(project.id),
      orderDate: '2025-03-10',
      deliveryDate: '2025-04-01',
      reference: 'karm-order-1',
      invoiceComment: 'Takk for handelen',
    });
    expect(created.lines).toEqual(
      LINES.map((sent, index) => ({
        ...sent,
        externalId: expect.any(String),
        // A line without a VAT type gets Tripletex's default (the fake's: 3, 25 %).
        vatTypeExternalId: sent.vatTypeExternalId ?? '3',
        amountExcludingVat: LINE_AMOUNTS[index],
      })),
    );
    const read = await h.adapter.getOrder(created.externalId);
    expect(read).toEqual(created);
    expect(h.requestsTo(`/order/${created.externalId}`)[0].query.fields).toBe('*,orderLines(*)');
  });

  it('refuses an order for an unknown customer as validation', async () => {
    h = await startTripletexHarness();
    const error = await rejection(h.adapter.createOrder(newOrder('424242')));
    expect(error).toMatchObject({
      kind: 'validation',
      details: { fields: { customer: 'No such customer' } },
    });
    expect(h.fake.state.orders.size).toBe(0);
  });

  it('lists orders in a date range whose end is exclusive, always sending both ends', async () => {
    h = await startTripletexHarness();
    const customerId = h.fake.state.seedCustomer().id;
    const dated = ['2025-02-28', '2025-03-01', '2025-03-15', '2025-03-31', '2025-04-01'].map((orderDate) =>
      h.fake.state.seedOrder({ customerId, orderDate, lines: [{ unitPriceExcludingVat: 100 }] }),
    );
    const range = { orderDateFrom: '2025-03-01', orderDateTo: '2025-04-01' };
    const first = await h.adapter.listOrders({ ...range, from: 0, count: 2 });
    const second = await h.adapter.listOrders({ ...range, from: 2, count: 2 });
    expect([first.isLast, second.isLast]).toEqual([false, true]);
    expect([...first.items, ...second.items].map((o) => o.orderDate)).toEqual([
      '2025-03-01',
      '2025-03-15',
      '2025-03-31',
    ]);
    expect(first.items[0]).toMatchObject({
      externalId: String(dated[1].id),
      lines: [{ amountExcludingVat: 100 }],
    });
    for (const request of h.requestsTo('/order')) {
      expect(request.query).toMatchObject({ ...range, fields: '*,orderLines(*)' });
    }
    // An empty or reversed range is a caller bug, caught before anything is sent.
    await expect(
      h.adapter.listOrders({ orderDateFrom: '2025-03-01', orderDateTo: '2025-03-01', from: 0, count: 10 }),
    ).rejects.toThrow(RangeError);
    expect(h.requestsTo('/order')).toHaveLength(2);
  });

  it('is refused by the fake, as by Tripletex, without both order dates', async () => {
    // Requests without the required dates break the contract on purpose.
    h = await startTripletexHarness({ checkContract: false });
    await h.adapter.testConnection();
    const [token] = h.fake.state.sessions.keys();
    const auth = `Basic ${Buffer.from(`0:${token}`).toString('base64')}`;
    const answer = await fetch(`${h.fake.url}/order?orderDateFrom=2025-03-01`, {
      headers: { Authorization: auth },
    });
    expect(answer.status).toBe(422);
    expect(await answer.json()).toMatchObject({
      code: 18000,
      validationMessages: [{ field: 'orderDateTo', message: 'Required' }],
    });
    const invoices = await fetch(`${h.fake.url}/invoice`, { headers: { Authorization: auth } });
    expect(invoices.status).toBe(422);
  });

  it('lets a lost create be found by date and reference, without sending it twice', async () => {
    h = await startTripletexHarness();
    const customer = h.fake.state.seedCustomer();
    h.fake.inject({ path: /^\/order$/, method: 'POST', dropAfterCommit: true, times: 1 });
    const error = await rejection(
      h.adapter.createOrder(newOrder(String(customer.id), { reference: 'karm-7' })),
    );
    expect(error.kind).toBe('unreachable');
    expect(error.message).toContain('may have been applied');
    expect(h.requestsTo('/order', 'POST')).toHaveLength(1);
    expect([...h.fake.state.orders.values()].map((o) => o.reference)).toEqual(['karm-7']);
    const { items } = await h.adapter.listOrders({
      orderDateFrom: '2025-03-10',
      orderDateTo: '2025-03-11',
      from: 0,
      count: 100,
    });
    const found = items.find((order) => order.reference === 'karm-7');
    expect(found?.lines.map((l) => l.amountExcludingVat)).toEqual(LINE_AMOUNTS);
  });
});

describe('Tripletex order attachments', () => {
  const SIGNED = {
    fileName: 'Signert ordre – Ås.pdf',
    contentType: 'application/pdf',
    bytes: Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\n%%EOF\n'),
  };

  it('uploads the file as the multipart part `file`, and reads back the order’s attachments', async () => {
    h = await startTripletexHarness();
    const order = h.fake.state.seedOrder({ lines: [{ unitPriceExcludingVat: 100_00 }] });
    expect(await h.adapter.listOrderAttachments(String(order.id))).toEqual([]);
    const attached = await h.adapter.attachToOrder(String(order.id), SIGNED);
    expect(attached).toEqual({ externalId: expect.any(String), fileName: SIGNED.fileName });
    const [put] = h.requestsTo(`/order/${order.id}/:attach`, 'PUT');
    expect(put.contentType).toBe('multipart/form-data');
    expect(put.body).toEqual({
      file: { fileName: SIGNED.fileName, contentType: 'application/pdf', bytes: SIGNED.bytes },
    });
    expect(await h.adapter.listOrderAttachments(String(order.id))).toEqual([attached]);
    expect(h.requestsTo(`/order/${order.id}`, 'GET').map((r) => r.query.fields)).toEqual([
      'attachment(id,fileName)',
      'attachment(id,fileName)',
    ]);
  });

  it('does not send an upload again after a 5xx (it may have been stored), nor to a missing order', async () => {
    h = await startTripletexHarness();
    const order = h.fake.state.seedOrder({ lines: [{ unitPriceExcludingVat: 100_00 }] });
    h.fake.inject({ path: /:attach$/, method: 'PUT', status: 503, times: 1 });
    expect((await rejection(h.adapter.attachToOrder(String(order.id), SIGNED))).kind).toBe('unreachable');
    expect(h.requestsTo(`/order/${order.id}/:attach`)).toHaveLength(1);
    expect((await rejection(h.adapter.attachToOrder('424242', SIGNED))).kind).toBe('not-found');
    expect(order.attachments).toEqual([]);
  });
});

describe('Tripletex invoices', () => {
  it('invoices an order and reads the invoice, amount including VAT in øre', async () => {
    h = await startTripletexHarness();
    const customer = h.fake.state.seedCustomer();
    const order = await h.adapter.createOrder(newOrder(String(customer.id)));
    const invoice = await h.adapter.invoiceOrder(order.externalId, {
      invoiceDate: '2025-03-12',
      sendToCustomer: false,
    });
    const [put] = h.requestsTo(`/order/${order.externalId}/:invoice`, 'PUT');
    expect(put.query).toEqual({ invoiceDate: '2025-03-12', sendToCustomer: 'false' });
    expect(put.body).toBeUndefined();
    expect(invoice).toEqual({
      externalId: expect.any(String),
      version: 0,
      invoiceNumber: 1,
      invoiceDate: '2025-03-12',
      invoiceDueDate: '2025-03-26',
      amount: AMOUNT_INCLUDING_VAT,
      amountOutstanding: AMOUNT_INCLUDING_VAT,
      isCreditNote: false,
      isCharged: true,
      isCredited: false,
      creditedInvoiceExternalId: null,
      customerExternalId: String(customer.id),
      orderExternalIds: [order.externalId],
    });
    await expect(h.adapter.getInvoice(invoice.externalId)).resolves.toEqual(invoice);
    const listed = await h.adapter.listInvoices({
      invoiceDateFrom: '2025-03-01',
      invoiceDateTo: '2025-04-01',
      from: 0,
      count: 10,
    });
    expect(listed).toEqual({ items: [invoice], isLast: true });
    expect(h.requestsTo('/invoice')[0].query).toMatchObject({
      invoiceDateFrom: '2025-03-01',
      invoiceDateTo: '2025-04-01',
    });
    const outside = await h.adapter.listInvoices({
      invoiceDateFrom: '2025-03-01',
      invoiceDateTo: '2025-03-12',
      from: 0,
      count: 10,
    });
    expect(outside.items).toEqual([]);
    // The fake closes an invoiced order; invoicing it again is refused, never a second invoice.
    const again = await rejection(
      h.adapter.invoiceOrder(order.externalId, { invoiceDate: '2025-03-13', sendToCustomer: false }),
    );
    expect(again.kind).toBe('validation');
    expect(h.fake.state.invoices.size).toBe(1);
    expect((await rejection(h.adapter.getInvoice('999999'))).kind).toBe('not-found');
  });

  it('lets a lost invoice be found by its order, without invoicing twice', async () => {
    h = await startTripletexHarness();
    const order = h.fake.state.seedOrder({
      orderDate: '2025-03-10',
      lines: [{ count: 2, unitPriceExcludingVat: 50_050 }],
    });
    h.fake.inject({ path: /:invoice$/, method: 'PUT', dropAfterCommit: true, times: 1 });
    const error = await rejection(
      h.adapter.invoiceOrder(String(order.id), { invoiceDate: '2025-03-10', sendToCustomer: false }),
    );
    expect(error.kind).toBe('unreachable');
    expect(h.requestsTo(/:invoice$/)).toHaveLength(1);
    const { items } = await h.adapter.listInvoices({
      invoiceDateFrom: '2025-03-10',
      invoiceDateTo: '2025-03-11',
      from: 0,
      count: 100,
    });
    // 2 × 500.50 = 1001.00, plus 25 % = 1251.25 NOK.
    expect(items.find((i) => i.orderExternalIds.includes(String(order.id)))?.amount).toBe(125_125);
  });

  it('credits a charged invoice with a credit note, sent the way the caller says', async () => {
    h = await startTripletexHarness();
    const order = h.fake.state.seedOrder({
      orderDate: '2025-03-10',
      lines: [{ count: 1, unitPriceExcludingVat: 100_000 }],
    });
    const invoice = await h.adapter.invoiceOrder(String(order.id), {
      invoiceDate: '2025-03-10',
      sendToCustomer: true,
      sendType: 'EHF',
    });
    const [invoicePut] = h.requestsTo(/:invoice$/, 'PUT');
    expect(invoicePut.query).toMatchObject({ sendToCustomer: 'true', sendType: 'EHF' });
    const note = await h.adapter.createCreditNote(invoice.externalId, {
      date: '2025-03-20',
      comment: 'Feil fakturert',
      sendToCustomer: false,
    });
    const [creditPut] = h.requestsTo(/:createCreditNote$/, 'PUT');
    expect(creditPut.query).toEqual({
      date: '2025-03-20',
      comment: 'Feil fakturert',
      sendToCustomer: 'false',
    });
    expect(note).toMatchObject({
      isCreditNote: true,
      creditedInvoiceExternalId: invoice.externalId,
      amount: -125_000,
    });
    expect(await h.adapter.getInvoice(invoice.externalId)).toMatchObject({
      isCredited: true,
      amountOutstanding: 0,
    });
    // A credit note is made once: crediting it again is refused, never a second note.
    const again = await rejection(
      h.adapter.createCreditNote(invoice.externalId, {
        date: '2025-03-21',
        comment: '',
        sendToCustomer: false,
      }),
    );
    expect(again.kind).toBe('validation');
  });

  it('invoices a payment part to the øre from its price including VAT, where no price excluding VAT could', async () => {
    h = await startTripletexHarness();
    const customer = h.fake.state.seedCustomer();
    // A third of 1 000.01 kr including VAT, and 7 øre: no whole-øre price excluding VAT gives either
    // once VAT is rounded per line, so the part is sent with its price including VAT.
    for (const [index, amount] of [33_334, 7].entries()) {
      const order = await h.adapter.createOrder(
        newOrder(String(customer.id), {
          reference: `karm-invoice-${index}`,
          lines: [
            {
              description: 'Delbetaling',
              count: 1,
              unitPriceExcludingVat: 0,
              unitPriceIncludingVat: amount,
              discountPercent: 0,
              vatTypeExternalId: null,
            },
          ],
        }),
      );
      const invoice = await h.adapter.invoiceOrder(order.externalId, {
        invoiceDate: '2025-03-12',
        sendToCustomer: false,
      });
      expect(invoice.amount).toBe(amount);
      expect(invoice.amountOutstanding).toBe(amount);
    }
    const [post] = h.requestsTo('/order', 'POST');
    expect(post.body).toMatchObject({
      isPrioritizeAmountsIncludingVat: true,
      orderLines: [{ unitPriceIncludingVatCurrency: 333.34 }],
    });
    expect((post.body as { orderLines: object[] }).orderLines[0]).not.toHaveProperty(
      'unitPriceExcludingVatCurrency',
    );
  });
});
