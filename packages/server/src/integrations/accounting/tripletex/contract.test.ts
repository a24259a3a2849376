import { afterEach, describe, expect, it } from 'vitest';
import { contractProblems, nonConforming } from '../../../test/fake-tripletex/contract-check';
import type { RecordedRequest } from '../../../test/fake-tripletex/fake-state';
import { FAKE_TRIPLETEX_TOKENS } from '../../../test/fake-tripletex/fake-tripletex';
import { startTripletexHarness, type TripletexHarness } from '../../../test/fake-tripletex/harness';
import type { AccountingPort } from '../port';
import { newCustomer, rejection } from './adapter.testing';

const expectConforming = (requests: RecordedRequest[]) => {
  expect(nonConforming(requests)).toEqual([]);
};

let h: TripletexHarness;

afterEach(async () => {
  await h.close();
});

/** The adapter, recording which of its operations were called. */
const recordingAdapter = (adapter: AccountingPort, called: Set<string>) =>
  new Proxy(adapter, {
    get: (target, key, receiver) => {
      const value = Reflect.get(target, key, receiver);
      if (typeof value !== 'function' || typeof key !== 'string') return value;
      return (...args: unknown[]) => {
        called.add(key);
        return value(...args);
      };
    },
  });

describe('Tripletex contract', () => {
  it('sends only requests the document declares, and the fake answers only as it declares', async () => {
    h = await startTripletexHarness();
    const called = new Set<string>();
    const adapter = recordingAdapter(h.adapter, called);
    const { state } = h.fake;
    const department = state.seedDepartment({ name: 'Salg', departmentNumber: '10' });
    const category = state.seedCategory({ name: 'Montør', number: '3' });
    const manager = state.seedEmployee({
      firstName: 'Per',
      departmentId: department.id,
      categoryId: category.id,
      dateOfBirth: '1980-05-17',
      employments: [{ startDate: '2020-01-01' }],
    });
    state.seedEmployee({ firstName: 'Uten', lastName: 'Avdeling' });
    const seeded = state.seedCustomer({ name: 'Glass AS', customerNumber: 20_001 });
    state.seedContact({ firstName: 'Uten', lastName: 'Kunde' });

    await adapter.testConnection();
    await adapter.listCustomers({ from: 0, count: 10, changedSince: new Date('2025-03-01T00:00:00Z') });
    await adapter.getCustomer(String(seeded.id));
    await adapter.findCustomerByNumber(20_001);
    const customer = await adapter.createCustomer(newCustomer());
    await adapter.updateCustomer(customer.externalId, customer.version, {
      name: 'Vindu og Dør Oslo AS',
      postalAddress: { ...customer.postalAddress!, addressLine1: 'Postboks 13' },
    });

    const contactFields = {
      customerExternalId: customer.externalId,
      firstName: 'Ola',
      lastName: 'Nordmann',
      email: 'ola@vindudor.no',
      phoneNumberMobile: '',
      phoneNumberWork: '',
      isInactive: false,
    };
    const contact = await adapter.createContact(contactFields);
    await adapter.updateContact(contact.externalId, contact.version, {
      ...contactFields,
      lastName: 'Hansen',
    });
    await adapter.listContacts({ from: 0, count: 10 });
    await adapter.findContact(customer.externalId, { email: 'ola@vindudor.no', firstName: '', lastName: '' });
    await adapter.findContact(customer.externalId, { email: '', firstName: 'Ola', lastName: 'Hansen' });

    await adapter.listEmployees({ from: 0, count: 10 });
    await adapter.listEmployeeCategories();
    await adapter.listDepartments({ from: 0, count: 10 });

    const created = await adapter.createProject({
      name: 'Skyvedører',
      number: null,
      projectManagerExternalId: String(manager.id),
      customerExternalId: customer.externalId,
      departmentExternalId: null,
      startDate: '2025-03-10',
      endDate: null,
      isClosed: false,
      isInternal: false,
      description: 'To dører',
    });
    await adapter.updateProject(created.externalId, created.version, {
      departmentExternalId: String(department.id),
      endDate: '2025-06-30',
    });
    await adapter.getProject(created.externalId);
    await adapter.listProjects({ from: 0, count: 10, isClosed: false });
    await adapter.findProjectByNumber(created.number);

    const order = await adapter.createOrder({
      customerExternalId: customer.externalId,
      projectExternalId: created.externalId,
      orderDate: '2025-03-10',
      deliveryDate: '2025-03-20',
      reference: 'karm-1',
      invoiceComment: '',
      lines: [
        {
          description: 'Dør',
          count: 2,
          unitPriceExcludingVat: 123_456,
          discountPercent: 0,
          vatTypeExternalId: null,
        },
        {
          description: 'Gebyr',
          count: 1,
          unitPriceExcludingVat: 9_999,
          discountPercent: 10,
          vatTypeExternalId: '6',
        },
      ],
    });
    await adapter.getOrder(order.externalId);
    await adapter.attachToOrder(order.externalId, {
      fileName: 'Signert ordre.pdf',
      contentType: 'application/pdf',
      bytes: Buffer.from('%PDF-1.4\n%%EOF\n'),
    });
    await adapter.listOrderAttachments(order.externalId);
    await adapter.listOrders({ orderDateFrom: '2025-03-01', orderDateTo: '2025-04-01', from: 0, count: 10 });
    const invoice = await adapter.invoiceOrder(order.externalId, {
      invoiceDate: '2025-03-12',
      sendToCustomer: true,
      sendType: 'EMAIL',
    });
    await adapter.listInvoices({
      invoiceDateFrom: '2025-03-01',
      invoiceDateTo: '2025-04-01',
      from: 0,
      count: 10,
    });
    await adapter.getInvoice(invoice.externalId);
    await adapter.createCreditNote(invoice.externalId, {
      date: '2025-03-20',
      comment: 'Kreditert',
      sendToCustomer: false,
    });
    await adapter.listProducts({ from: 0, count: 10, isService: true, name: 'Dør', includeInactive: true });

    // Refusals, so error answers are checked too: 404, 409 and 422.
    await rejection(adapter.getCustomer('999999'));
    await rejection(adapter.updateProject(created.externalId, 0, { name: 'Stale' }));
    await rejection(
      adapter.invoiceOrder(order.externalId, { invoiceDate: '2025-03-12', sendToCustomer: false }),
    );
    await adapter.close();

    const operations = Object.keys(h.adapter).filter((key) => key !== 'kind');
    expect(operations.filter((operation) => !called.has(operation))).toEqual([]);
    expect(h.fake.state.requests.length).toBeGreaterThan(30);
    expectConforming(h.fake.state.requests);
  });
});

/** Requests straight to the fake, for what the adapter itself never sends. */
const startRaw = async () => {
  // These requests break the contract on purpose; what the fake answers them is what is checked.
  h = await startTripletexHarness({ checkContract: false });
  const { url } = h.fake;
  const session = await fetch(
    `${url}/token/session/:create?${new URLSearchParams({ ...FAKE_TRIPLETEX_TOKENS, expirationDate: '2025-03-12' })}`,
    { method: 'PUT' },
  );
  const { value } = (await session.json()) as { value: { token: string } };
  const authorization = `Basic ${Buffer.from(`0:${value.token}`).toString('base64')}`;
  const call = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${url}${path}`, {
      method,
      headers: { authorization, ...(body !== undefined && { 'content-type': 'application/json' }) },
      ...(body !== undefined && { body: JSON.stringify(body) }),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };
  return { call, url, authorization };
};

describe('The fake Tripletex, as strict as the document', () => {
  it('returns only the fields asked for, references as {id, url} unless asked into, no nulls', async () => {
    const { call, url } = await startRaw();
    const customer = h.fake.state.seedCustomer({ name: 'Glass AS' });
    const contact = h.fake.state.seedContact({ customerId: customer.id, email: 'kari@glass.no' });
    const lonely = h.fake.state.seedContact({ firstName: 'Uten' });

    expect((await call('GET', `/customer/${customer.id}?fields=id,name`)).body).toEqual({
      value: { id: customer.id, name: 'Glass AS' },
    });
    const bare = (await call('GET', `/contact/${contact.id}`)).body.value as Record<string, unknown>;
    expect(bare.customer).toEqual({ id: customer.id, url: `${url}/customer/${customer.id}` });
    expect(bare).not.toHaveProperty('department');
    expect(Object.values(bare)).not.toContain(null);
    const asked = await call('GET', `/contact/${contact.id}?fields=email,customer(name,postalAddress(city))`);
    expect(asked.body.value).toEqual({
      email: 'kari@glass.no',
      customer: { name: 'Glass AS', postalAddress: { city: '' } },
    });
    const list = await call('GET', '/contact?fields=id,customer(*)&count=10');
    const values = list.body.values as Record<string, unknown>[];
    expect(values.map((v) => v.id)).toEqual([contact.id, lonely.id]);
    expect(values[0].customer).toMatchObject({
      id: customer.id,
      name: 'Glass AS',
      postalAddress: { id: expect.any(Number) },
    });
    expect(Object.keys((values[0].customer as { postalAddress: object }).postalAddress).sort()).toEqual([
      'id',
      'url',
    ]);
    expect(values[1]).toEqual({ id: lonely.id });
    expectConforming(h.fake.state.requests);
  });

  it('refuses fields the model lacks, undeclared query parameters, read-only properties and nulls', async () => {
    const { call } = await startRaw();
    const customer = h.fake.state.seedCustomer();

    const badField = await call('GET', `/customer/${customer.id}?fields=id,nickname`);
    expect(badField).toMatchObject({ status: 400, body: { code: 11000 } });
    expect(badField.body.message).toContain('nickname');
    expect(await call('GET', '/contact?isInactive=false')).toMatchObject({
      status: 422,
      body: { code: 21000 },
    });
    // Writes declare no `fields=`.
    expect(await call('POST', '/contact?fields=id', { firstName: 'Kari' })).toMatchObject({ status: 422 });
    const readOnly = await call('POST', '/contact', { firstName: 'Kari', isInactive: true });
    expect(readOnly).toMatchObject({ status: 422, body: { code: 18000 } });
    expect(readOnly.body.validationMessages).toEqual([
      expect.objectContaining({ field: 'isInactive', message: expect.stringContaining('read-only') }),
    ]);
    const nulled = await call('POST', '/project', { name: 'P', startDate: '2025-03-10', customer: null });
    expect(nulled.body.validationMessages).toEqual([expect.objectContaining({ field: 'customer' })]);
    expect(h.fake.state.contacts.size + h.fake.state.projects.size).toBe(0);
    expectConforming(h.fake.state.requests.filter((r) => r.answer && r.answer.status < 300));
  });

  it('takes payments and makes credit notes as the document declares them', async () => {
    const { call } = await startRaw();
    const order = h.fake.state.seedOrder({ lines: [{ count: 2, unitPriceExcludingVat: 50_000 }] });
    const invoice = h.fake.state.invoiceOrder(order, '2025-03-10'); // 1 000 NOK + 25 % VAT
    const types = await call('GET', '/invoice/paymentType?fields=id,description');
    expect(types.body.values).toEqual([
      { id: 1, description: 'Betalt til bank' },
      { id: 2, description: 'Kontant' },
    ]);
    const paid = await call(
      'PUT',
      `/invoice/${invoice.id}/:payment?paymentDate=2025-03-20&paymentTypeId=1&paidAmount=500.5`,
    );
    expect(paid).toMatchObject({ status: 200, body: { value: { amount: 1250, amountOutstanding: 749.5 } } });
    const tooMuch = await call(
      'PUT',
      `/invoice/${invoice.id}/:payment?paymentDate=2025-03-20&paymentTypeId=1&paidAmount=750`,
    );
    expect(tooMuch).toMatchObject({ status: 422, body: { code: 18000 } });
    const noDate = await call('PUT', `/invoice/${invoice.id}/:payment?paymentTypeId=1&paidAmount=1`);
    expect(noDate.body.validationMessages).toEqual([expect.objectContaining({ field: 'paymentDate' })]);

    const credit = await call(
      'PUT',
      `/invoice/${invoice.id}/:createCreditNote?date=2025-03-21&comment=Feil&sendToCustomer=false`,
    );
    expect(credit).toMatchObject({
      status: 200,
      body: { value: { isCreditNote: true, amount: -1250, creditedInvoice: invoice.id, comment: 'Feil' } },
    });
    expect(
      (await call('GET', `/invoice/${invoice.id}?fields=isCredited,amountOutstanding`)).body.value,
    ).toEqual({
      isCredited: true,
      amountOutstanding: 0,
    });
    const again = await call('PUT', `/invoice/${invoice.id}/:createCreditNote?date=2025-03-22`);
    expect(again).toMatchObject({ status: 422 });
    // All but the request without its required date (on purpose) conform, error answers included.
    const [missingDate, ...rest] = nonConforming(h.fake.state.requests);
    expect(missingDate.problems).toEqual([expect.stringContaining("required property 'paymentDate'")]);
    expect(rest).toEqual([]);
  });

  it('takes an order attachment only as a multipart upload, and lists it when fields= asks', async () => {
    const { call, url, authorization } = await startRaw();
    const order = h.fake.state.seedOrder({ lines: [{ count: 1, unitPriceExcludingVat: 100_00 }] });
    const put = (body: FormData) =>
      fetch(`${url}/order/${order.id}/:attach`, { method: 'PUT', headers: { authorization }, body });
    const form = new FormData();
    form.append(
      'file',
      new Blob([Buffer.from('%PDF-1.4')], { type: 'application/pdf' }),
      'Signert ordre.pdf',
    );
    const attached = await put(form);
    expect(attached.status).toBe(200);
    const { value } = (await attached.json()) as { value: Record<string, unknown> };
    expect(value).toMatchObject({ fileName: 'Signert ordre.pdf', mimeType: 'application/pdf', size: 8 });
    expect(h.fake.state.orders.get(order.id)?.attachments[0]?.bytes.toString()).toBe('%PDF-1.4');

    const noFile = new FormData();
    noFile.append('note', 'uten fil');
    expect((await put(noFile)).status).toBe(422);
    expect(await call('PUT', `/order/${order.id}/:attach`, { file: {} })).toMatchObject({ status: 415 });
    expect((await call('GET', `/order/${order.id}?fields=attachment(id,fileName)`)).body).toEqual({
      value: { attachment: [{ id: value.id, fileName: 'Signert ordre.pdf' }] },
    });
    // Not asked into, an attachment is a bare reference.
    const all = (await call('GET', `/order/${order.id}`)).body.value as { attachment: unknown[] };
    expect(all.attachment).toEqual([{ id: value.id, url: `${url}/document/${value.id}` }]);
    expect(h.fake.state.orders.get(order.id)?.attachments).toHaveLength(1);
    // The upload without a file and the JSON one break the contract on purpose; the rest conform.
    const [missing, json, ...rest] = nonConforming(h.fake.state.requests);
    expect(missing?.problems).toEqual([expect.stringContaining("required property 'file'")]);
    expect(json?.problems).toEqual([expect.stringContaining('sent as application/json')]);
    expect(rest).toEqual([]);
  });

  it('creates sessions only the documented way', async () => {
    const { url } = await startRaw();
    const post = await fetch(`${url}/token/session/:create`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...FAKE_TRIPLETEX_TOKENS, expirationDate: '2025-03-12' }),
    });
    expect(post.status).toBeGreaterThanOrEqual(400);
    expect(h.fake.state.sessions.size).toBe(1);
  });
});

describe('The contract check', () => {
  const request = (overrides: Partial<RecordedRequest>): RecordedRequest => ({
    method: 'GET',
    path: '/contact/1',
    query: {},
    queryNames: [],
    body: undefined,
    companyId: '0',
    answer: { status: 200, body: { value: { id: 1, firstName: 'Kari' } } },
    ...overrides,
    contentType: overrides.contentType ?? (overrides.body === undefined ? null : 'application/json'),
  });
  const withQuery = (query: Record<string, string>) => ({ query, queryNames: Object.keys(query) });

  it('passes a conforming exchange', () => {
    expect(contractProblems(request({}))).toEqual([]);
  });

  it.each([
    ['an undocumented operation', request({ method: 'POST', path: '/token/session/:create' })],
    [
      'a read-only property',
      request({ method: 'POST', path: '/contact', body: { firstName: 'K', isInactive: true } }),
    ],
    ['a null', request({ method: 'PUT', path: '/project/1', body: { customer: null } })],
    [
      'a form to a JSON write',
      request({ method: 'PUT', path: '/project/1', body: { name: 'P' }, contentType: 'multipart/form-data' }),
    ],
    ['JSON to an upload', request({ method: 'PUT', path: '/order/1/:attach', body: { file: {} } })],
    ['a property the model lacks', request({ method: 'PUT', path: '/project/1', body: { nickname: 'P' } })],
    [
      'fields= on a write',
      request({ method: 'POST', path: '/customer', body: { name: 'K' }, ...withQuery({ fields: 'id' }) }),
    ],
    ['an undeclared query parameter', request({ path: '/contact', ...withQuery({ isInactive: 'false' }) })],
    ['a query parameter of the wrong type', request({ path: '/contact', ...withQuery({ count: 'many' }) })],
    ['a field the model lacks', request({ ...withQuery({ fields: 'id,nickname' }) })],
    [
      'a null in an answer',
      request({ answer: { status: 200, body: { value: { id: 1, department: null } } } }),
    ],
    [
      'an answer property the model lacks',
      request({ answer: { status: 200, body: { value: { id: 1, foo: 1 } } } }),
    ],
    [
      'an answer with more than asked',
      request({
        ...withQuery({ fields: 'id' }),
        answer: { status: 200, body: { value: { id: 1, firstName: 'K' } } },
      }),
    ],
    [
      'a reference not asked into',
      request({ answer: { status: 200, body: { value: { id: 1, customer: { id: 2, name: 'X' } } } } }),
    ],
    [
      'an error not in the ApiError shape',
      request({ answer: { status: 422, body: { status: 422, developerMessage: null } } }),
    ],
  ])('flags %s', (_what, exchange) => {
    expect(contractProblems(exchange)).not.toEqual([]);
  });
});
