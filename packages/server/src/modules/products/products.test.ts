import { randomUUID } from 'node:crypto';
import type {
  ErrorPayload,
  ExpenseChangeResultDto,
  ExpenseDeleteResultDto,
  InvoiceConfirmationDto,
  ProductDto,
  ProductPageDto,
  ProjectDto,
  ProjectExpensesDto,
  ServiceItemDto,
} from '@karm/domain/contract';
import { VALIDATION_MESSAGE_KEYS as MESSAGES } from '@karm/domain/rules';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../platform/ids';
import { seedCustomer } from '../../seed/factories';
import { type SignedInUser, startTestServer, type TestServer } from '../../test/test-server';
import { confirmationPaymentRules, confirmations } from '../confirmations/confirmations.tables';
import { PLAN_30_60_10 } from '../invoices/invoices-testing';
import { restClient } from '../offers/offers-test-helpers';
import { buildTemplate } from '../service-templates/service-templates-test-helpers';

/** Products and expenses (issue 19: `product:get`, GET /product/service, /product/expense*). */

let server: TestServer;
let admin: SignedInUser;
let technician: SignedInUser;
let office: SignedInUser;
let reader: SignedInUser;
let stranger: SignedInUser;
let project: ProjectDto;
let item: ServiceItemDto;
let part: ProductDto;
let hours: ProductDto;
let strangersProduct: ProductDto;

type Refusal = ErrorPayload & { details?: { fields?: Record<string, string>; currentVersion?: number } };

const addProduct = (user: SignedInUser, input: Record<string, unknown>) =>
  user.client.request('product:add', input as never);

const addItem = async (projectId: string, name: string) => {
  const { template } = await buildTemplate(admin);
  return (
    await restClient(server, admin).post<ServiceItemDto>('/service-project/template/add', {
      id: randomUUID(),
      serviceTemplateId: template.id,
      projectId,
      name,
    })
  ).body;
};

beforeAll(async () => {
  server = await startTestServer();
  server.clock.set(new Date('2026-03-02T09:00:00Z'));
  admin = await server.signedInUser({ role: 'admin' });
  const { companyId } = admin;
  technician = await server.signedInUser({
    role: 'technician',
    companyId,
    firstName: 'Tore',
    lastName: 'Tekniker',
  });
  office = await server.signedInUser({ role: 'office', companyId });
  reader = await server.signedInUser({ role: 'readonly', companyId });
  stranger = await server.signedInUser({ role: 'admin' });
  const customerId = (await seedCustomer(server.ctx.db, companyId, { name: 'Storo Drift AS' })).id;
  project = await admin.client.request('project:create', {
    name: 'Storo Storsenter',
    isService: true,
    customerId,
  } as never);
  item = await addItem(project.id, 'Hovedinngang');
  part = await addProduct(admin, {
    number: 'SEN-10',
    name: 'Radarsensor BEA Eagle',
    unit: 'stk',
    priceOre: 1_890_00,
  });
  hours = await addProduct(admin, {
    number: 'T-1',
    name: 'Servicetime',
    unit: 'timer',
    priceOre: 950_00,
    isService: true,
  });
  strangersProduct = await addProduct(stranger, { name: 'Fremmed del', priceOre: 100 });
});
afterAll(async () => {
  await server?.close();
});

const expense = (user: SignedInUser, body: Record<string, unknown>) =>
  restClient(server, user).post<ExpenseChangeResultDto & Refusal>('/product/expense', {
    projectId: project.id,
    productId: part.id,
    quantity: 1,
    date: '2026-03-02',
    ...body,
  });

describe('products kept in Karm', () => {
  it('lists, searches and pages the company’s own products, and only those', async () => {
    for (let index = 0; index < 3; index++) {
      await addProduct(admin, { number: `FJ-${index}`, name: `Fjær ${index}`, priceOre: 100 * index });
    }
    const page = await technician.client.request('product:get', { search: 'fjær', pageSize: 2 });
    expect(page).toMatchObject({ total: 3, page: 1, pageSize: 2, source: 'karm', isTotalExact: true });
    expect(page.items).toHaveLength(2);
    const second = await technician.client.request('product:get', { search: 'FJÆR', page: 2, pageSize: 2 });
    expect(second.items).toHaveLength(1);
    const byNumber = await technician.client.request('product:get', { search: 'sen-10' });
    expect(byNumber.items.map((product) => product.id)).toEqual([part.id]);
    const theirs = await stranger.client.request('product:get', {});
    expect(theirs.items.map((product) => product.name)).toEqual(['Fremmed del']);
  });

  it('lets only the administrator add and change them, at the version read', async () => {
    expect((await technician.client.requestError('product:add', { name: 'X', priceOre: 1 })).code).toBe(
      'FORBIDDEN',
    );
    expect(
      (await office.client.requestError('product:upd', { id: part.id, version: 1, values: { name: 'Y' } }))
        .code,
    ).toBe('FORBIDDEN');
    const nul = await admin.client.requestError('product:add', { name: 'Sensor\u0000', priceOre: 1 });
    expect(nul.code).toBe('VALIDATION');
    const long = await admin.client.requestError('product:add', { name: 'x'.repeat(201), priceOre: 1 });
    expect(long.code).toBe('VALIDATION');
    const negative = await admin.client.requestError('product:add', { name: 'Rabatt', priceOre: -1 });
    expect(negative.code).toBe('VALIDATION');
    const oddRate = await admin.client.requestError('product:add', {
      name: 'Dør',
      priceOre: 1,
      vatPercent: 13 as never,
    });
    expect(oddRate.code).toBe('VALIDATION');
    expect((oddRate as Refusal).details?.fields).toEqual({ vatPercent: 'validation.vatRate' });
    const negativeCost = await admin.client.requestError('product:add', {
      name: 'Dør',
      priceOre: 1,
      costPriceOre: -5,
    });
    expect(negativeCost.code).toBe('VALIDATION');
    const made = await addProduct(admin, { name: 'Dørlukker', priceOre: 2_500_00 });
    // Without a cost price or rate a product costs 0 and is sold at the high rate, as a new order line.
    expect(made).toMatchObject({ costPriceOre: 0, vatPercent: 25 });
    const changed = await admin.client.request('product:upd', {
      id: made.id,
      version: made.version,
      values: { priceOre: 2_600_00, costPriceOre: 1_700_00, vatPercent: 0 },
    });
    expect(changed).toMatchObject({
      priceOre: 2_600_00,
      costPriceOre: 1_700_00,
      vatPercent: 0,
      version: made.version + 1,
    });
    const stale = await admin.client.requestError('product:upd', {
      id: made.id,
      version: made.version,
      values: { name: 'Z' },
    });
    expect(stale.code).toBe('CONFLICT');
    const foreign = await stranger.client.requestError('product:upd', {
      id: made.id,
      version: 2,
      values: { name: 'Z' },
    });
    expect(foreign.code).toBe('NOT_FOUND');
  });

  it('answers the service products at GET /product/service', async () => {
    const answer = await restClient(server, technician).get<ProductPageDto>(
      '/product/service?search=servicetime',
    );
    expect(answer.status).toBe(200);
    expect(answer.body.items.map((product) => product.id)).toEqual([hours.id]);
    const all = await restClient(server, technician).get<ProductPageDto>('/product/service');
    expect(all.body.items.every((product) => product.isService)).toBe(true);
    expect(
      (await restClient(server, technician).get('/product/service?search=x'.padEnd(140, 'x'))).status,
    ).toBe(400);
  });
});

describe('expenses', () => {
  it('records parts and hours on a service item, lists them on the project with their sum', async () => {
    const parts = await expense(technician, {
      serviceItemId: item.id,
      quantity: 2,
      note: 'Byttet begge sensorer',
    });
    expect(parts.status).toBe(201);
    expect(parts.body.expense).toMatchObject({
      productName: 'Radarsensor BEA Eagle',
      productNumber: 'SEN-10',
      unit: 'stk',
      quantity: 2,
      unitPriceOre: 1_890_00,
      amountOre: 3_780_00,
      serviceItemId: item.id,
      serviceItemLabel: expect.stringContaining('Hovedinngang'),
      userName: 'Tore Tekniker',
      version: 1,
    });
    const work = await expense(technician, { productId: hours.id, quantity: 1.5, unitPriceOre: 900_00 });
    expect(work.status).toBe(201);
    expect(work.body.expense.amountOre).toBe(1_350_00);
    const listed = await restClient(server, reader).get<ProjectExpensesDto>(
      `/product/expense/project?projectId=${project.id}`,
    );
    expect(listed.status).toBe(200);
    expect(listed.body.total).toBeGreaterThanOrEqual(2);
    expect(listed.body.sumOre).toBe(listed.body.items.reduce((sum, row) => sum + row.amountOre, 0));
    const ofItem = await restClient(server, technician).get<ProjectExpensesDto>(
      `/product/expense/project?projectId=${project.id}&serviceItemId=${item.id}`,
    );
    expect(ofItem.body.items.every((row) => row.serviceItemId === item.id)).toBe(true);
  });

  it('refuses roles without service work, before looking at the input', async () => {
    expect((await expense(office, {})).status).toBe(403);
    expect((await expense(reader, {})).status).toBe(403);
    const bad = await restClient(server, reader).patch<Refusal>('/product/expense', { id: 'x' });
    expect(bad.status).toBe(403);
  });

  it('refuses bad input with a coded error and writes nothing', async () => {
    const before = (
      await restClient(server, admin).get<ProjectExpensesDto>(
        `/product/expense/project?projectId=${project.id}`,
      )
    ).body.total;
    const refusals = [
      await expense(technician, { note: 'Del\u0000' }),
      await expense(technician, { note: 'x'.repeat(501) }),
      await expense(technician, { quantity: 0 }),
      await expense(technician, { quantity: 1.234 }),
      await expense(technician, { date: '02.03.2026' }),
      await expense(technician, { productId: 'not-an-id' }),
    ];
    for (const refusal of refusals) {
      expect(refusal.status).toBe(400);
      expect(refusal.body.code).toBe('VALIDATION');
    }
    const foreignProduct = await expense(technician, { productId: strangersProduct.id });
    expect(foreignProduct.status).toBe(400);
    expect(foreignProduct.body.details?.fields?.productId).toBe(MESSAGES.referenceUnknown);
    const otherProject = await admin.client.request('project:create', {
      name: 'Annet',
      isService: true,
    } as never);
    const elsewhere = await addItem(otherProject.id, 'Sidedør');
    const wrongItem = await expense(technician, { serviceItemId: elsewhere.id });
    expect(wrongItem.body.details?.fields?.serviceItemId).toBe(MESSAGES.serviceItemNotOnProject);
    const foreignProject = await expense(stranger, { productId: strangersProduct.id });
    expect(foreignProject.body.details?.fields?.projectId).toBe(MESSAGES.referenceUnknown);
    const after = (
      await restClient(server, admin).get<ProjectExpensesDto>(
        `/product/expense/project?projectId=${project.id}`,
      )
    ).body.total;
    expect(after).toBe(before);
    expect(
      (await restClient(server, stranger).get(`/product/expense/project?projectId=${project.id}`)).status,
    ).toBe(404);
  });

  it('changes an expense only at the version read, within the company', async () => {
    const made = (await expense(technician, { quantity: 1 })).body.expense;
    const patch = (user: SignedInUser, body: Record<string, unknown>) =>
      restClient(server, user).patch<ExpenseChangeResultDto & Refusal>('/product/expense', body);
    const changed = await patch(technician, {
      id: made.id,
      version: made.version,
      changes: { quantity: 3, productId: hours.id },
    });
    expect(changed.status).toBe(200);
    expect(changed.body.expense).toMatchObject({
      quantity: 3,
      productName: 'Servicetime',
      unitPriceOre: 950_00,
      version: 2,
    });
    const stale = await patch(technician, { id: made.id, version: made.version, changes: { quantity: 4 } });
    expect(stale.status).toBe(409);
    expect(stale.body.details?.currentVersion).toBe(2);
    const foreignProduct = await patch(technician, {
      id: made.id,
      version: 2,
      changes: { productId: strangersProduct.id },
    });
    expect(foreignProduct.status).toBe(400);
    expect((await patch(stranger, { id: made.id, version: 2, changes: { quantity: 1 } })).status).toBe(404);
    expect((await patch(technician, { id: made.id, version: 2, changes: {} })).status).toBe(400);
  });
});

describe('the invoice plan', () => {
  it('carries the parts and hours as lines to invoice', async () => {
    const customerId = (await seedCustomer(server.ctx.db, admin.companyId, { name: 'Plan AS' })).id;
    const planned = await admin.client.request('project:create', {
      name: 'Servicejobb',
      isService: true,
      customerId,
    } as never);
    const plan = await admin.client.request('invoice-plan:save', {
      projectId: planned.id,
      version: null,
      paymentRules: PLAN_30_60_10 as never,
      requestId: newId(),
    });
    expect(plan.total).toBe(0);
    const made = await expense(technician, { projectId: planned.id, quantity: 2 });
    expect(made.body.invoicePlanRefreshed).toBe(true);
    const squares = await restClient(server, admin).get<InvoiceConfirmationDto[]>(
      `/invoices-confirmations/project/${planned.id}`,
    );
    const refreshed = squares.body.find((row) => row.confirmationKind === 'invoicePlan');
    // 2 × 1 890 kr, with VAT 25 %.
    expect(refreshed?.total).toBe(4_725_00);
    // The plan's lines are not listed by any route (the invoice view shows its parts): read as stored.
    const [stored] = await server.ctx.db
      .select({ lines: confirmations.lines })
      .from(confirmations)
      .where(eq(confirmations.id, refreshed?.confirmationId ?? ''));
    expect(stored?.lines).toEqual([
      expect.objectContaining({
        description: 'SEN-10 Radarsensor BEA Eagle (02.03.2026)',
        count: 2,
        vatPercent: 25,
      }),
    ]);
    const listed = await restClient(server, admin).get<ProjectExpensesDto>(
      `/product/expense/project?projectId=${planned.id}`,
    );
    expect(listed.body.invoicePlan).toMatchObject({
      id: refreshed?.confirmationId,
      isBehind: false,
      isInvoiced: false,
    });
  });
});

const removeExpense = (user: SignedInUser, id: string, query: string) =>
  restClient(server, user).delete<ExpenseDeleteResultDto & Refusal>(`/product/expense/${id}${query}`);

const expenseIdsOf = async (projectId: string) =>
  (
    await restClient(server, admin).get<ProjectExpensesDto>(
      `/product/expense/project?projectId=${projectId}&pageSize=100`,
    )
  ).body.items.map((row) => row.id);

describe('deleting an expense', () => {
  it('removes one of the company’s expenses at the version read', async () => {
    const made = (await expense(technician, { quantity: 1, note: 'Feilregistrert' })).body.expense;
    const removed = await removeExpense(technician, made.id, `?version=${made.version}`);
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({ id: made.id, invoicePlanRefreshed: false });
    expect(await expenseIdsOf(project.id)).not.toContain(made.id);
    // Gone is gone: a second delete finds nothing.
    expect((await removeExpense(technician, made.id, `?version=${made.version}`)).status).toBe(404);
  });

  it('refuses a stale version with the coded conflict and keeps the expense', async () => {
    const made = (await expense(technician, { quantity: 1 })).body.expense;
    const changed = await restClient(server, technician).patch<ExpenseChangeResultDto>('/product/expense', {
      id: made.id,
      version: made.version,
      changes: { quantity: 2 },
    });
    expect(changed.body.expense.version).toBe(2);
    const stale = await removeExpense(technician, made.id, `?version=${made.version}`);
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({
      code: 'CONFLICT',
      messageKey: MESSAGES.expenseChanged,
      details: { currentVersion: 2 },
    });
    expect(await expenseIdsOf(project.id)).toContain(made.id);
    expect((await removeExpense(admin, made.id, '?version=2')).status).toBe(200);
  });

  it('answers another company “not found” and changes nothing', async () => {
    const made = (await expense(technician, { quantity: 1 })).body.expense;
    const foreign = await removeExpense(stranger, made.id, `?version=${made.version}`);
    expect(foreign.status).toBe(404);
    expect(foreign.body.code).toBe('NOT_FOUND');
    expect(await expenseIdsOf(project.id)).toContain(made.id);
  });

  it('refuses roles without service work, before looking at the input', async () => {
    const made = (await expense(technician, { quantity: 1 })).body.expense;
    expect((await removeExpense(office, made.id, `?version=${made.version}`)).status).toBe(403);
    expect((await removeExpense(reader, made.id, `?version=${made.version}`)).status).toBe(403);
    expect((await removeExpense(reader, 'not-an-id', '')).status).toBe(403);
    expect(await expenseIdsOf(project.id)).toContain(made.id);
    const bad = [
      await removeExpense(technician, 'not-an-id', '?version=1'),
      await removeExpense(technician, made.id, ''),
      await removeExpense(technician, made.id, '?version=zero'),
    ];
    for (const refusal of bad) {
      expect(refusal.status).toBe(400);
      expect(refusal.body.code).toBe('VALIDATION');
    }
    expect(await expenseIdsOf(project.id)).toContain(made.id);
  });

  it('keeps the invoice plan in step, and refuses what an invoiced plan carries', async () => {
    const customerId = (await seedCustomer(server.ctx.db, admin.companyId, { name: 'Slett AS' })).id;
    const planned = await admin.client.request('project:create', {
      name: 'Feilføring',
      isService: true,
      customerId,
    } as never);
    await admin.client.request('invoice-plan:save', {
      projectId: planned.id,
      version: null,
      paymentRules: PLAN_30_60_10 as never,
      requestId: newId(),
    });
    const planTotal = async () =>
      (
        await restClient(server, admin).get<InvoiceConfirmationDto[]>(
          `/invoices-confirmations/project/${planned.id}`,
        )
      ).body.find((row) => row.confirmationKind === 'invoicePlan');

    // Not invoiced yet: the plan takes its lines anew without the deleted expense.
    const mistake = (await expense(technician, { projectId: planned.id, quantity: 2 })).body.expense;
    expect((await planTotal())?.total).toBe(4_725_00);
    const removed = await removeExpense(technician, mistake.id, `?version=${mistake.version}`);
    expect(removed.body).toEqual({ id: mistake.id, invoicePlanRefreshed: true });
    expect((await planTotal())?.total).toBe(0);

    // A part of the plan invoiced: an expense the plan carries stays, with a coded refusal.
    const carried = (await expense(technician, { projectId: planned.id, quantity: 1 })).body.expense;
    const plan = await planTotal();
    expect(plan?.total).toBe(2_362_50);
    await server.ctx.db
      .update(confirmationPaymentRules)
      .set({ invoiceId: newId() })
      .where(eq(confirmationPaymentRules.confirmationId, plan?.confirmationId ?? ''));
    const refused = await removeExpense(technician, carried.id, `?version=${carried.version}`);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'CONFLICT', messageKey: MESSAGES.expenseInInvoicePlan });
    expect(await expenseIdsOf(planned.id)).toContain(carried.id);
    expect((await planTotal())?.total).toBe(2_362_50);

    // Recorded after the invoicing, the plan never took it: deleting it leaves the plan as it was
    // and no longer behind.
    server.clock.set(new Date('2026-03-02T10:00:00Z'));
    try {
      const late = (await expense(technician, { projectId: planned.id, quantity: 1 })).body;
      expect(late.invoicePlanRefreshed).toBe(false);
      const behind = await restClient(server, admin).get<ProjectExpensesDto>(
        `/product/expense/project?projectId=${planned.id}`,
      );
      expect(behind.body.invoicePlan).toMatchObject({ isBehind: true, isInvoiced: true });
      const dropped = await removeExpense(technician, late.expense.id, `?version=${late.expense.version}`);
      expect(dropped.body).toEqual({ id: late.expense.id, invoicePlanRefreshed: false });
      const after = await restClient(server, admin).get<ProjectExpensesDto>(
        `/product/expense/project?projectId=${planned.id}`,
      );
      expect(after.body.invoicePlan).toMatchObject({ isBehind: false, isInvoiced: true });
      expect(after.body.items.map((row) => row.id)).toEqual([carried.id]);
      expect((await planTotal())?.total).toBe(2_362_50);
    } finally {
      server.clock.set(new Date('2026-03-02T09:00:00Z'));
    }
  });
});
