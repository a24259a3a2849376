import {
  type ConfirmationDto,
  type ErrorPayload,
  INVOICE_PUSHES,
  type InvoiceConfirmationDto,
  type InvoiceDto,
  type InvoicePlanSaveInput,
} from '@karm/domain/contract';
import { VALIDATION_MESSAGE_KEYS as MESSAGES } from '@karm/domain/rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../platform/ids';
import { seedCustomer } from '../../seed/factories';
import { type SignedInUser, startTestServer, type TestServer } from '../../test/test-server';
import { restClient } from '../offers/offers-test-helpers';
import { directProject, PLAN_30_60_10, projectWithConfirmation } from './invoices-testing';

/**
 * A project's own invoice plan (`invoice-plan:save`, `invoice-plan:del`): for a project without an
 * order confirmation, its parts are order squares invoiced like a confirmation's.
 */
let server: TestServer;
let admin: SignedInUser;
let office: SignedInUser;
let intruder: SignedInUser;
let customerId: string;

beforeAll(async () => {
  server = await startTestServer();
  server.clock.set(new Date('2026-03-02T09:00:00Z'));
  admin = await server.signedInUser({ role: 'admin' });
  office = await server.signedInUser({ role: 'office', companyId: admin.companyId });
  intruder = await server.signedInUser({ role: 'admin' });
  customerId = (await seedCustomer(server.ctx.db, admin.companyId, { name: 'Servicekunde AS' })).id;
});
afterAll(async () => {
  await server?.close();
});

const HALF_AND_HALF = [
  { description: 'Ved oppstart', share: { type: 'percent', basisPoints: 5000 }, due: { kind: 'onOrder' } },
  { description: 'Ved levering', share: { type: 'percent', basisPoints: 5000 }, due: { kind: 'atDelivery' } },
] as const;

type PlanInput = Partial<InvoicePlanSaveInput> & { projectId: string };
/** A new plan of 30/60/10 with a fresh request key, unless the test says otherwise. */
const planInput = (input: PlanInput): InvoicePlanSaveInput => ({
  version: null,
  paymentRules: PLAN_30_60_10 as InvoicePlanSaveInput['paymentRules'],
  requestId: newId(),
  ...input,
});
const savePlan = (user: SignedInUser, input: PlanInput) =>
  user.client.request('invoice-plan:save', planInput(input));
const planError = (user: SignedInUser, input: PlanInput) =>
  user.client.requestError('invoice-plan:save', planInput(input));

const squaresOf = async (user: SignedInUser, projectId: string) => {
  const answer = await restClient(server, user).get<InvoiceConfirmationDto[]>(
    `/invoices-confirmations/project/${projectId}`,
  );
  expect(answer.status).toBe(200);
  return answer.body;
};

const invoicePart = (user: SignedInUser, confirmationId: string, paymentRuleId: string) =>
  restClient(server, user).post<InvoiceDto & ErrorPayload>('/invoices', {
    requestId: newId(),
    confirmationId,
    paymentRuleId,
  });

describe('making and changing the own invoice plan', () => {
  it('makes the plan over the project’s order lines with VAT, split to the øre, numbered on its own', async () => {
    const company = await server.signedInUser({ role: 'admin' });
    const customer = (await seedCustomer(server.ctx.db, company.companyId, { name: 'Egen plan AS' })).id;
    const project = await directProject(company, customer);
    const pushed = company.client.nextPush(INVOICE_PUSHES.changed);
    const plan = await savePlan(company, { projectId: project.id });
    expect(plan).toMatchObject({
      confirmationKind: 'invoicePlan',
      confirmationNumber: 1,
      total: 1_250_00,
      customerName: 'Egen plan AS',
      version: 1,
      isInvoiced: false,
    });
    expect(plan.squares.map((square) => [square.description, square.amount, square.share])).toEqual([
      ['Ved ordre', 375_00, { type: 'percent', basisPoints: 3000 }],
      ['Ved levering', 750_00, { type: 'percent', basisPoints: 6000 }],
      ['Sluttoppgjør', 125_00, { type: 'percent', basisPoints: 1000 }],
    ]);
    expect(await pushed).toEqual({ projectId: project.id });
    expect(await squaresOf(company, project.id)).toEqual([plan]);
    // The confirmation numbers people see keep no gaps: the first confirmation is still number 1.
    const { confirmation } = await projectWithConfirmation(server, company, customer);
    expect(confirmation.number).toBe(1);
  });

  it('replaces the parts at the version read, over the order lines as they are now', async () => {
    const project = await directProject(admin, customerId);
    const made = await savePlan(admin, { projectId: project.id });
    const { orders } = await admin.client.request('project:save-orders', {
      id: project.id,
      version: project.version,
      orders: [{ title: 'Service', lines: [{ description: 'Tillegg', count: 1, unitPrice: 2_000_00 }] }],
    });
    expect(orders).toHaveLength(1);
    const replaced = await savePlan(admin, {
      projectId: project.id,
      version: made.version,
      paymentRules: [...HALF_AND_HALF],
    });
    expect(replaced).toMatchObject({ confirmationId: made.confirmationId, version: 2, total: 2_500_00 });
    expect(replaced.squares.map((square) => square.amount)).toEqual([1_250_00, 1_250_00]);
    // A stale version, or a create when the project has a plan, is refused and changes nothing.
    for (const version of [made.version, null]) {
      const refused = await planError(admin, { projectId: project.id, version });
      expect(refused).toMatchObject({ code: 'CONFLICT', messageKey: MESSAGES.invoicePlanChanged });
      expect(refused.details).toMatchObject({ currentVersion: 2 });
    }
    // Parts that do not add up to the whole are refused with the rule's message.
    const uneven = await planError(admin, {
      projectId: project.id,
      version: 2,
      paymentRules: [{ description: 'Halv', share: { type: 'percent', basisPoints: 5000 } }],
    });
    expect(uneven.code).toBe('VALIDATION');
    expect(await squaresOf(admin, project.id)).toEqual([replaced]);
  });

  it('makes one plan of a double click', async () => {
    const project = await directProject(admin, customerId);
    const requestId = newId();
    const [first, second] = await Promise.allSettled([
      savePlan(admin, { projectId: project.id, requestId }),
      savePlan(admin, { projectId: project.id, requestId }),
    ]);
    expect([first.status, second.status].sort()).toEqual(['fulfilled', 'rejected']);
    const again = await planError(admin, { projectId: project.id, requestId });
    expect(again).toMatchObject({ code: 'CONFLICT', messageKey: MESSAGES.invoicePlanDuplicate });
    expect(await squaresOf(admin, project.id)).toHaveLength(1);
  });

  it('deletes the plan at the version read', async () => {
    const project = await directProject(admin, customerId);
    const plan = await savePlan(admin, { projectId: project.id });
    const stale = await admin.client.requestError('invoice-plan:del', {
      id: plan.confirmationId,
      version: 9,
    });
    expect(stale.code).toBe('CONFLICT');
    expect(
      await admin.client.request('invoice-plan:del', { id: plan.confirmationId, version: plan.version }),
    ).toEqual({ id: plan.confirmationId });
    expect(await squaresOf(admin, project.id)).toEqual([]);
    const gone = await admin.client.requestError('invoice-plan:del', { id: plan.confirmationId, version: 1 });
    expect(gone.code).toBe('NOT_FOUND');
  });
});

describe('the plan is not an order confirmation', () => {
  it('is left out of the confirmation lists, has no PDF, and is not changed as a confirmation', async () => {
    const { projectId, confirmation } = await projectWithConfirmation(server, admin, customerId);
    const plan = await savePlan(admin, { projectId });
    const api = restClient(server, admin);
    const listed = await api.get<ConfirmationDto[]>(`/confirmations/entity-id/${projectId}`);
    expect(listed.body.map((row) => row.id)).toEqual([confirmation.id]);
    // Order confirmations first, then the plan.
    expect((await squaresOf(admin, projectId)).map((order) => order.confirmationKind)).toEqual([
      'confirmation',
      'invoicePlan',
    ]);
    for (const answer of [
      await api.get<ErrorPayload>(`/confirmations/${plan.confirmationId}/pdf`),
      await api.patch<ErrorPayload>(`/confirmations/${plan.confirmationId}`, { version: 1, changes: {} }),
      await api.delete<ErrorPayload>(`/confirmations/${plan.confirmationId}`),
    ]) {
      expect(answer.status).toBe(409);
      expect(answer.body).toMatchObject({
        code: 'CONFLICT',
        messageKey: MESSAGES.invoicePlanNotConfirmation,
      });
    }
    // And a confirmation is not an invoice plan.
    const notPlan = await admin.client.requestError('invoice-plan:del', { id: confirmation.id, version: 1 });
    expect(notPlan.code).toBe('NOT_FOUND');
  });
});

describe('invoicing the plan’s parts', () => {
  it('invoices a part like a confirmation’s, shows it in the squares and the filters, then locks the plan', async () => {
    const company = await server.signedInUser({ role: 'admin' });
    const customer = (await seedCustomer(server.ctx.db, company.companyId, { name: 'Filter AS' })).id;
    const project = await directProject(company, customer);
    const ids = async (status: string) =>
      (await company.client.request('projects:filter_new', { who: 'alle', status } as never)).items
        .map((item) => item.id)
        .filter((id) => id === project.id);
    expect(await ids('none')).toEqual([]);
    const plan = await savePlan(company, { projectId: project.id });
    expect(await ids('none')).toEqual([project.id]);
    expect(await ids('pending')).toEqual([]);

    const invoice = await invoicePart(company, plan.confirmationId, plan.squares[0]!.paymentRuleId);
    expect(invoice.status).toBe(201);
    expect(invoice.body).toMatchObject({
      confirmationKind: 'invoicePlan',
      confirmationNumber: plan.confirmationNumber,
      amount: 375_00,
      description: 'Ved ordre',
    });
    const [shown] = await squaresOf(company, project.id);
    expect(shown).toMatchObject({ confirmationKind: 'invoicePlan', isInvoiced: true });
    expect(shown?.squares[0]).toMatchObject({ status: 2, invoice: { id: invoice.body.id } });
    expect(await ids('pending')).toEqual([project.id]);
    const row = (
      await company.client.request('projects:filter_new', { who: 'alle', status: 'all' } as never)
    ).items.find((item) => item.id === project.id);
    expect(row?.invoiceSquares?.[0]).toMatchObject({
      confirmationKind: 'invoicePlan',
      confirmationNumber: 1,
    });

    // Invoiced: the plan no longer changes, nor is it deleted.
    const refused = await planError(company, { projectId: project.id, version: shown!.version });
    expect(refused).toMatchObject({ code: 'CONFLICT', messageKey: MESSAGES.invoicePlanInvoiced });
    const notDeleted = await company.client.requestError('invoice-plan:del', {
      id: plan.confirmationId,
      version: shown!.version,
    });
    expect(notDeleted).toMatchObject({ code: 'CONFLICT', messageKey: MESSAGES.invoicePlanInvoiced });
  });
});

describe('who may plan', () => {
  it('refuses staff without invoices.write before looking at the input, and lets them see the squares', async () => {
    const project = await directProject(admin, customerId);
    expect((await planError(office, { projectId: project.id })).code).toBe('FORBIDDEN');
    const bad = await office.client.requestError('invoice-plan:save', { projectId: 'bad' } as never);
    expect(bad.code).toBe('FORBIDDEN');
    expect((await office.client.requestError('invoice-plan:del', { id: 'bad' } as never)).code).toBe(
      'FORBIDDEN',
    );
    const plan = await savePlan(admin, { projectId: project.id });
    expect(await squaresOf(office, project.id)).toEqual([plan]);
  });

  it("finds nothing of another company's project or plan", async () => {
    const project = await directProject(admin, customerId);
    const plan = await savePlan(admin, { projectId: project.id });
    expect((await planError(intruder, { projectId: project.id })).code).toBe('NOT_FOUND');
    expect((await planError(intruder, { projectId: project.id, version: plan.version })).code).toBe(
      'NOT_FOUND',
    );
    const removed = await intruder.client.requestError('invoice-plan:del', {
      id: plan.confirmationId,
      version: plan.version,
    });
    expect(removed.code).toBe('NOT_FOUND');
    expect(await squaresOf(admin, project.id)).toEqual([plan]);
  });
});
