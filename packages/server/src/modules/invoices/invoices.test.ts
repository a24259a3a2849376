import {
  type ErrorPayload,
  INVOICE_PUSHES,
  type InvoiceConfirmationDto,
  type InvoiceDto,
  type ReadyToInvoicePush,
} from '@karm/domain/contract';
import { addDays, INVOICE_STATUS_CODES, type InvoiceStatusCode } from '@karm/domain/rules';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { derivedId } from '../../platform/db/derived-ids';
import { newId } from '../../platform/ids';
import { seedCustomer } from '../../seed/factories';
import { type SignedInUser, startTestServer, type TestServer } from '../../test/test-server';
import { restClient } from '../offers/offers-test-helpers';
import { projects } from '../projects/projects.tables';
import { projectsWithSquareStatus } from './invoice-squares';
import { invoices } from './invoices.tables';
import { projectWithConfirmation, uploadPurchaseOrder } from './invoices-testing';

/**
 * Invoices of a company without an accounting system: Karm numbers them, an administrator marks them
 * sent and registers payments, and the order squares follow (codes 1–5).
 */
let server: TestServer;
let admin: SignedInUser;
let office: SignedInUser;
let technician: SignedInUser;
let intruder: SignedInUser;
let customerId: string;

const TODAY = '2026-03-02';

beforeAll(async () => {
  server = await startTestServer();
  server.clock.set(new Date(`${TODAY}T09:00:00Z`));
  admin = await server.signedInUser({ role: 'admin' });
  office = await server.signedInUser({ role: 'office', companyId: admin.companyId });
  technician = await server.signedInUser({ role: 'technician', companyId: admin.companyId });
  intruder = await server.signedInUser({ role: 'admin' });
  customerId = (await seedCustomer(server.ctx.db, admin.companyId, { name: 'Bjørnstad Bygg AS' })).id;
});
afterAll(async () => {
  await server?.close();
});

const squaresOf = async (user: SignedInUser, projectId: string) => {
  const answer = await restClient(server, user).get<InvoiceConfirmationDto[]>(
    `/invoices-confirmations/project/${projectId}`,
  );
  expect(answer.status).toBe(200);
  return answer.body;
};

const invoicePart = (
  user: SignedInUser,
  body: { confirmationId: string; paymentRuleId: string; requestId?: string },
) => restClient(server, user).post<InvoiceDto & ErrorPayload>('/invoices', { requestId: newId(), ...body });

describe('order squares of a project', () => {
  it('shows each part of the confirmation as a square with no invoice, split to the øre', async () => {
    const { projectId, confirmation } = await projectWithConfirmation(server, office, customerId);
    const [order] = await squaresOf(office, projectId);
    expect(order).toMatchObject({ confirmationId: confirmation.id, total: 1_250_00 });
    expect(order?.squares.map((square) => [square.amount, square.status, square.invoice])).toEqual([
      [375_00, 1, null],
      [750_00, 1, null],
      [125_00, 1, null],
    ]);
    // On order: due at once; at delivery: when the delivery date has passed; on a date: from that date.
    expect(order?.squares.map((square) => square.isDue)).toEqual([true, false, false]);
  });
});

describe('invoicing without an accounting system', () => {
  it('numbers the invoice, and follows it from not sent to pending payment, past due and paid', async () => {
    const { projectId, confirmation } = await projectWithConfirmation(server, office, customerId);
    const [first, second] = confirmation.paymentRules;
    const created = await invoicePart(admin, { confirmationId: confirmation.id, paymentRuleId: first!.id });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      projectId,
      amount: 375_00,
      amountOutstanding: 375_00,
      invoiceDate: TODAY,
      dueDate: '2026-03-16',
      syncStatus: 'local',
      isSent: false,
      status: 2,
      customerName: 'Bjørnstad Bygg AS',
    });
    expect(created.body.number).toEqual(expect.any(Number));
    const next = await invoicePart(admin, { confirmationId: confirmation.id, paymentRuleId: second!.id });
    expect(next.body.number).toBe((created.body.number ?? 0) + 1);

    const sent = await admin.client.request('invoices:upd', {
      id: created.body.id,
      version: created.body.version,
      changes: { isSent: true },
    });
    expect(sent).toMatchObject({ isSent: true, status: 4 });
    const part = await admin.client.request('invoices:upd', {
      id: sent.id,
      version: sent.version,
      changes: { paymentAmount: 100_00 },
    });
    expect(part).toMatchObject({ amountOutstanding: 275_00, status: 4 });
    // Past its due date it is past due: worked out when read from the date, never stored.
    await server.ctx.db.update(invoices).set({ dueDate: '2026-03-01' }).where(eq(invoices.id, sent.id));
    expect((await admin.client.request('invoice:get', { id: sent.id })).status).toBe(5);
    const overpaid = await admin.client.requestError('invoices:upd', {
      id: part.id,
      version: part.version,
      changes: { paymentAmount: 275_01 },
    });
    expect(overpaid).toMatchObject({ code: 'CONFLICT', messageKey: 'validation.invoiceOverpaid' });
    const paid = await admin.client.request('invoices:upd', {
      id: part.id,
      version: part.version,
      changes: { paymentAmount: 275_00 },
    });
    expect(paid).toMatchObject({ amountOutstanding: 0, status: 3 });
    const [order] = await squaresOf(office, projectId);
    expect(order?.squares.map((square) => square.status)).toEqual([3, 2, 1]);
  });

  it('links the signed order to the invoice, which stays Karm’s own (nothing to push)', async () => {
    const { confirmation } = await projectWithConfirmation(server, office, customerId);
    const part = { confirmationId: confirmation.id, paymentRuleId: confirmation.paymentRules[0]!.id };
    const created = (await invoicePart(admin, part)).body;
    const uploaded = await uploadPurchaseOrder(server, admin, created.id, 'Signert ordre.pdf');
    expect(uploaded).toMatchObject({
      status: 201,
      body: {
        syncStatus: 'local',
        purchaseOrderFile: { id: expect.any(String), name: 'Signert ordre.pdf' },
        version: created.version + 1,
      },
    });
    const [row] = await server.ctx.db.select().from(invoices).where(eq(invoices.id, created.id));
    expect(row).toMatchObject({ syncStatus: 'local', nextSyncAt: null, purchaseOrderAttachedFileId: null });
    // The invoice's evidence stays: the project's document cannot be deleted from under it.
    const removed = await restClient(server, admin).delete(`/file/${uploaded.body.purchaseOrderFile!.id}`);
    expect(removed).toMatchObject({ status: 409 });
    const read = await admin.client.request('invoice:get', { id: created.id });
    expect(read.purchaseOrderFile?.name).toBe('Signert ordre.pdf');
  });

  it('makes one invoice of a double click, and refuses a second invoice of the same part', async () => {
    const { confirmation } = await projectWithConfirmation(server, office, customerId);
    const part = { confirmationId: confirmation.id, paymentRuleId: confirmation.paymentRules[0]!.id };
    const requestId = newId();
    const [one, two] = await Promise.all([
      invoicePart(admin, { ...part, requestId }),
      invoicePart(admin, { ...part, requestId }),
    ]);
    expect([one.status, two.status].sort()).toEqual([201, 409]);
    const again = await invoicePart(admin, part);
    expect(again.body).toMatchObject({ code: 'CONFLICT', messageKey: 'validation.invoiceExists' });
    const rows = await server.ctx.db
      .select()
      .from(invoices)
      .where(eq(invoices.paymentRuleId, part.paymentRuleId));
    expect(rows).toHaveLength(1);
  });

  it('credits an invoice with a reason, keeps it as history and frees the square', async () => {
    const { projectId, confirmation } = await projectWithConfirmation(server, office, customerId);
    const part = { confirmationId: confirmation.id, paymentRuleId: confirmation.paymentRules[0]!.id };
    const created = (await invoicePart(admin, part)).body;
    const noReason = await restClient(server, admin).delete(
      `/invoices/${created.id}?version=${created.version}&reason=`,
    );
    expect(noReason.status).toBe(400);
    const stale = await restClient(server, admin).delete(`/invoices/${created.id}?version=9&reason=Feil`);
    expect(stale.status).toBe(409);
    const credited = await restClient(server, admin).delete<InvoiceDto>(
      `/invoices/${created.id}?version=${created.version}&reason=${encodeURIComponent('Feil beløp')}`,
    );
    expect(credited.body).toMatchObject({ isCredited: true, creditReason: 'Feil beløp', status: 1 });
    expect((await squaresOf(office, projectId))[0]?.squares[0]).toMatchObject({ status: 1, invoice: null });
    const twice = await admin.client.requestError('invoices:del', {
      id: created.id,
      version: credited.body.version,
      reason: 'Igjen',
    });
    expect(twice).toMatchObject({ code: 'CONFLICT', messageKey: 'validation.invoiceCredited' });
    // The square can be invoiced again; the credited invoice stays in the list.
    expect((await invoicePart(admin, part)).status).toBe(201);
    const credits = await admin.client.request('invoices:get', { filter: 'credited', projectId });
    expect(credits.items.map((invoice) => invoice.id)).toEqual([created.id]);
    // The confirmation stays invoiced: its plan no longer changes.
    const deleted = await restClient(server, office).delete(`/confirmations/${confirmation.id}`);
    expect(deleted.status).toBe(409);
  });

  it('refuses an offer’s confirmation: invoices are made for projects', async () => {
    const api = restClient(server, office);
    const offer = await api.post<{ id: string }>('/offers', {
      projectName: 'Bare tilbud',
      customerId,
      lines: [{ description: 'Dør', count: 1, unitPrice: 100_00 }],
    });
    const confirmation = await api.post<{ id: string; paymentRules: { id: string }[] }>('/confirmations', {
      requestId: newId(),
      entityType: 'offer',
      entityId: offer.body.id,
      paymentRules: [
        { description: 'Alt', share: { type: 'percent', basisPoints: 10_000 }, due: { kind: 'onOrder' } },
      ],
    });
    const answer = await invoicePart(admin, {
      confirmationId: confirmation.body.id,
      paymentRuleId: confirmation.body.paymentRules[0]!.id,
    });
    expect(answer.body).toMatchObject({ code: 'CONFLICT', messageKey: 'validation.invoiceNeedsProject' });
  });

  it('refuses bad input with a coded error and changes nothing', async () => {
    const { confirmation } = await projectWithConfirmation(server, office, customerId);
    const before = (await server.ctx.db.select().from(invoices)).length;
    for (const body of [
      {},
      { confirmationId: 'nope', paymentRuleId: confirmation.paymentRules[0]!.id },
      { confirmationId: confirmation.id, paymentRuleId: newId() },
      {
        confirmationId: confirmation.id,
        paymentRuleId: confirmation.paymentRules[0]!.id,
        requestId: 'x\u0000',
      },
    ]) {
      const answer = await restClient(server, admin).post<ErrorPayload>('/invoices', body);
      expect([400, 404]).toContain(answer.status);
    }
    const reason = await admin.client.requestError('invoices:del', {
      id: newId(),
      version: 1,
      reason: 'x'.repeat(501),
    });
    expect(reason.code).toBe('VALIDATION');
    expect((await server.ctx.db.select().from(invoices)).length).toBe(before);
  });
});

describe('who may invoice', () => {
  it('lets office staff read invoices but not make, change or credit them; technicians see none', async () => {
    const { projectId, confirmation } = await projectWithConfirmation(server, office, customerId);
    const part = { confirmationId: confirmation.id, paymentRuleId: confirmation.paymentRules[0]!.id };
    expect((await invoicePart(office, part)).status).toBe(403);
    const created = (await invoicePart(admin, part)).body;
    expect((await office.client.request('invoice:get', { id: created.id })).id).toBe(created.id);
    for (const [event, input] of [
      ['invoices:upd', { id: created.id, version: created.version, changes: { isSent: true } }],
      ['invoices:del', { id: created.id, version: created.version, reason: 'Nei' }],
      // Refused before the input is looked at.
      ['invoices:upd', { id: 'bad', version: 0, changes: {} }],
    ] as const) {
      expect((await office.client.requestError(event, input as never)).code).toBe('FORBIDDEN');
    }
    expect(
      (await restClient(server, office).delete(`/invoices/${created.id}?version=1&reason=x`)).status,
    ).toBe(403);
    expect((await technician.client.requestError('invoices:get', {})).code).toBe('FORBIDDEN');
    expect(
      (await restClient(server, technician).get(`/invoices-confirmations/project/${projectId}`)).status,
    ).toBe(403);
  });
});

describe('companies apart', () => {
  it("finds nothing of another company's invoices, squares or confirmations", async () => {
    const { projectId, confirmation } = await projectWithConfirmation(server, office, customerId);
    const part = { confirmationId: confirmation.id, paymentRuleId: confirmation.paymentRules[0]!.id };
    const created = (await invoicePart(admin, part)).body;
    const theirs = restClient(server, intruder);
    expect((await invoicePart(intruder, part)).status).toBe(404);
    expect((await theirs.get(`/invoices-confirmations/project/${projectId}`)).status).toBe(404);
    expect((await theirs.delete(`/invoices/${created.id}?version=1&reason=x`)).status).toBe(404);
    expect((await intruder.client.requestError('invoice:get', { id: created.id })).code).toBe('NOT_FOUND');
    expect(
      (
        await intruder.client.requestError('invoices:upd', {
          id: created.id,
          version: 1,
          changes: { isSent: true },
        })
      ).code,
    ).toBe('NOT_FOUND');
    const listed = await intruder.client.request('invoices:get', {});
    expect(listed.items.map((invoice) => invoice.id)).not.toContain(created.id);
    expect((await admin.client.request('invoice:get', { id: created.id })).version).toBe(created.version);
  });
});

describe('the invoice list', () => {
  it('pages on the server, filters by state and finds by customer, project or number', async () => {
    const company = await server.signedInUser({ role: 'admin' });
    const customer = (await seedCustomer(server.ctx.db, company.companyId, { name: 'Listekunde AS' })).id;
    const { projectId, confirmation } = await projectWithConfirmation(server, company, customer);
    for (const rule of confirmation.paymentRules) {
      await invoicePart(company, { confirmationId: confirmation.id, paymentRuleId: rule.id });
    }
    const page = await company.client.request('invoices:get', { page: 1, pageSize: 2 });
    expect(page).toMatchObject({ total: 3, page: 1, pageSize: 2 });
    expect(page.items).toHaveLength(2);
    expect((await company.client.request('invoices:get', { filter: 'notSent' })).total).toBe(3);
    expect((await company.client.request('invoices:get', { filter: 'paid' })).total).toBe(0);
    expect((await company.client.request('invoices:get', { search: 'listekunde' })).total).toBe(3);
    const [project] = await server.ctx.db.select().from(projects).where(eq(projects.id, projectId));
    expect((await company.client.request('invoices:get', { search: String(project?.number) })).total).toBe(3);
    expect((await company.client.request('invoices:get', { search: 'finnes ikke' })).total).toBe(0);
  });
});

describe('the project list', () => {
  it('shows the squares and filters by invoice state and hasInvoice, with no question per row', async () => {
    const company = await server.signedInUser({ role: 'admin' });
    const customer = (await seedCustomer(server.ctx.db, company.companyId, { name: 'Filterkunde AS' })).id;
    const invoiced = await projectWithConfirmation(server, company, customer);
    const untouched = await projectWithConfirmation(server, company, customer);
    const created = (
      await invoicePart(company, {
        confirmationId: invoiced.confirmation.id,
        paymentRuleId: invoiced.confirmation.paymentRules[0]!.id,
      })
    ).body;
    const list = (filters: Record<string, unknown>) =>
      company.client.request('projects:filter_new', { who: 'alle', status: 'all', ...filters });
    const ids = async (filters: Record<string, unknown>) =>
      (await list(filters)).items.map((item) => item.id).sort();

    const all = await list({});
    const row = all.items.find((item) => item.id === invoiced.projectId);
    expect(row?.invoiceSquares).toEqual([
      {
        confirmationKind: 'confirmation',
        confirmationNumber: invoiced.confirmation.number,
        squares: [
          { status: 2, number: created.number, amount: 375_00, dueDate: created.dueDate },
          { status: 1, number: null, amount: 750_00, dueDate: null },
          { status: 1, number: null, amount: 125_00, dueDate: null },
        ],
        moreCount: 0,
      },
    ]);
    expect(await ids({ hasInvoice: true })).toEqual([invoiced.projectId]);
    expect(await ids({ hasInvoice: false })).toEqual([untouched.projectId]);
    expect(await ids({ status: 'pending' })).toEqual([invoiced.projectId]);
    // Both have squares without an invoice.
    expect(await ids({ status: 'none' })).toEqual([invoiced.projectId, untouched.projectId].sort());
    expect(await ids({ status: 'sent' })).toEqual([]);
    const sent = await company.client.request('invoices:upd', {
      id: created.id,
      version: created.version,
      changes: { isSent: true },
    });
    expect(await ids({ status: 'sent' })).toEqual([invoiced.projectId]);
    await company.client.request('invoices:upd', {
      id: sent.id,
      version: sent.version,
      changes: { paymentAmount: 375_00 },
    });
    expect(await ids({ status: 'paid' })).toEqual([invoiced.projectId]);
    expect(await ids({ status: 'sent' })).toEqual([]);

    // The filters read columns the database keeps (migration 0029): credited, an invoice is gone
    // from them; a confirmation deleted takes its squares along.
    const other = (
      await invoicePart(company, {
        confirmationId: untouched.confirmation.id,
        paymentRuleId: untouched.confirmation.paymentRules[0]!.id,
      })
    ).body;
    expect(await ids({ hasInvoice: true })).toEqual([invoiced.projectId, untouched.projectId].sort());
    await company.client.request('invoices:del', {
      id: other.id,
      version: other.version,
      reason: 'Feil kunde',
    });
    expect(await ids({ hasInvoice: true })).toEqual([invoiced.projectId]);
    expect(await ids({ status: 'pending' })).toEqual([]);
    const third = await projectWithConfirmation(server, company, customer);
    expect(await ids({ status: 'none' })).toContain(third.projectId);
    const removed = await restClient(server, company).delete(`/confirmations/${third.confirmation.id}`);
    expect(removed.status).toBeLessThan(300);
    expect(await ids({ status: 'none' })).not.toContain(third.projectId);
  });

  it('moves a sent, unpaid invoice from pending payment to past due as the days pass', async () => {
    const company = await server.signedInUser({ role: 'admin' });
    const customer = (await seedCustomer(server.ctx.db, company.companyId, { name: 'Forfallkunde AS' })).id;
    const { projectId, confirmation } = await projectWithConfirmation(server, company, customer);
    const created = (
      await invoicePart(company, {
        confirmationId: confirmation.id,
        paymentRuleId: confirmation.paymentRules[0]!.id,
      })
    ).body;
    await company.client.request('invoices:upd', {
      id: created.id,
      version: created.version,
      changes: { isSent: true },
    });
    const [row] = await server.ctx.db.select().from(projects).where(eq(projects.id, projectId));
    expect(row).toMatchObject({ unpaidDueFirst: created.dueDate, unpaidDueLast: created.dueDate });
    const matches = async (code: InvoiceStatusCode, day: string) =>
      (
        await server.ctx.db
          .select({ id: projects.id })
          .from(projects)
          .where(and(eq(projects.id, projectId), projectsWithSquareStatus([code], day)))
      ).length === 1;
    expect(await matches(INVOICE_STATUS_CODES.pendingPayment, created.dueDate)).toBe(true);
    expect(await matches(INVOICE_STATUS_CODES.pastDueDate, created.dueDate)).toBe(false);
    expect(await matches(INVOICE_STATUS_CODES.pastDueDate, addDays(created.dueDate, 1))).toBe(true);
    expect(await matches(INVOICE_STATUS_CODES.pendingPayment, addDays(created.dueDate, 1))).toBe(false);
  });
});

describe('milestone invoicing driven by the production process', () => {
  it('tells the administrators when a completed step makes a part due, and marks the square ready', async () => {
    const installed = derivedId('process-column', admin.companyId, 'PID10');
    const { projectId } = await projectWithConfirmation(server, office, customerId, [
      { description: 'Forskudd', share: { type: 'percent', basisPoints: 9000 }, due: { kind: 'onOrder' } },
      {
        description: 'Ved ferdig montasje',
        share: { type: 'percent', basisPoints: 1000 },
        due: { kind: 'processColumnCompleted', columnId: installed },
      },
    ]);
    expect((await squaresOf(admin, projectId))[0]?.squares.map((square) => square.isDue)).toEqual([
      true,
      false,
    ]);
    const told = new Promise<ReadyToInvoicePush>((resolve) =>
      admin.client.socket.once(INVOICE_PUSHES.readyToInvoice, resolve),
    );
    const { entries } = await office.client.request('mongo:project_process', { projectIds: [projectId] });
    const cell = entries.find((entry) => entry.processColumnId === installed);
    await office.client.request('process:update-entry', {
      projectId,
      processColumnId: installed,
      version: cell?.version ?? 0,
      noteDates: { completed: TODAY },
    });
    expect(await told).toMatchObject({
      projectId,
      parts: [{ description: 'Ved ferdig montasje', amount: 125_00 }],
    });
    expect((await squaresOf(admin, projectId))[0]?.squares.map((square) => square.isDue)).toEqual([
      true,
      true,
    ]);
  });
});
