import { afterEach, describe, expect, it } from 'vitest';
import { startTripletexHarness, type TripletexHarness } from '../../../test/fake-tripletex/harness';
import type { AccountingCustomerFields } from '../port';
import { rejection } from './adapter.testing';

let h: TripletexHarness;

afterEach(async () => {
  await h.close();
});

const CUSTOMERS = /^\/customer$/;
const list = () => h.adapter.listCustomers({ from: 0, count: 10 });

const customer = (customerNumber: number): AccountingCustomerFields => ({
  name: 'Tapt Svar AS',
  organizationNumber: '',
  customerNumber,
  supplierNumber: null,
  isSupplier: false,
  isPrivateIndividual: false,
  isInactive: false,
  email: '',
  invoiceEmail: '',
  phoneNumber: '',
  phoneNumberMobile: '',
  invoiceSendMethod: 'EMAIL',
  postalAddress: null,
  physicalAddress: null,
});

describe('Tripletex rate limits', () => {
  it('waits X-Rate-Limit-Reset seconds after a 429', async () => {
    h = await startTripletexHarness();
    h.fake.inject({ path: CUSTOMERS, status: 429, times: 2, rateLimitResetSeconds: 3 });
    await expect(list()).resolves.toMatchObject({ isLast: true });
    expect(h.sleeps).toEqual([3000, 3000]);
    expect(h.requestsTo('/customer')).toHaveLength(3);
  });

  it('falls back to a fixed delay when the 429 lacks the reset header', async () => {
    h = await startTripletexHarness({ adapter: { fallbackRetryDelayMs: 1500 } });
    h.fake.inject({ path: CUSTOMERS, status: 429, times: 1, rateLimitResetSeconds: null });
    await list();
    expect(h.sleeps).toEqual([1500]);
  });

  it('gives rate-limited after maxRetries, and retries a 429 POST (nothing was applied)', async () => {
    h = await startTripletexHarness();
    h.fake.inject({ path: CUSTOMERS, method: 'GET', status: 429, times: 99, rateLimitResetSeconds: null });
    const error = await rejection(list());
    expect(error).toMatchObject({ kind: 'rate-limited', details: { status: 429 } });
    expect(h.requestsTo('/customer')).toHaveLength(5); // 1 + maxRetries (4)
    expect(h.sleeps).toEqual([2000, 2000, 2000, 2000]);
    h.fake.inject({ path: CUSTOMERS, method: 'POST', status: 429, times: 1 });
    await h.adapter.createCustomer(customer(40_000));
    expect(h.requestsTo('/customer', 'POST')).toHaveLength(2);
    expect(h.fake.state.customers.size).toBe(1);
  });
});

describe('Tripletex server errors and time-outs', () => {
  it('retries a 500 with full-jitter backoff, then succeeds', async () => {
    h = await startTripletexHarness();
    h.fake.inject({ path: CUSTOMERS, status: 500, times: 3 });
    await list();
    expect(h.sleeps).toHaveLength(3);
    h.sleeps.forEach((ms, attempt) => {
      expect(ms).toBeGreaterThanOrEqual(0);
      expect(ms).toBeLessThan(250 * 2 ** attempt);
    });
  });

  it('doubles the ceiling per retry up to 8 s', async () => {
    h = await startTripletexHarness({ adapter: { random: () => 0.5, maxRetries: 7 } });
    h.fake.inject({ path: CUSTOMERS, status: 503, times: 99 });
    const error = await rejection(list());
    expect(error).toMatchObject({ kind: 'unreachable', details: { status: 503 } });
    expect(h.sleeps).toEqual([125, 250, 500, 1000, 2000, 4000, 4000]);
  });

  it('does not resend a POST after a 500: the change may have been made', async () => {
    h = await startTripletexHarness();
    h.fake.inject({ path: CUSTOMERS, method: 'POST', status: 500, times: 1 });
    expect((await rejection(h.adapter.createCustomer(customer(40_001)))).kind).toBe('unreachable');
    expect(h.requestsTo('/customer', 'POST')).toHaveLength(1);
  });

  it('never retries other 4xx', async () => {
    h = await startTripletexHarness();
    expect((await rejection(h.adapter.getCustomer('123'))).kind).toBe('not-found');
    expect(h.requestsTo('/customer/123')).toHaveLength(1);
    expect(h.sleeps).toEqual([]);
  });

  it('gives unreachable when every attempt times out', async () => {
    h = await startTripletexHarness({ adapter: { timeoutMs: 200, maxRetries: 2 } });
    await h.adapter.testConnection();
    h.fake.inject({ path: CUSTOMERS, delayMs: 1000, times: 3 });
    const error = await rejection(list());
    expect(error.kind).toBe('unreachable');
    expect(error.message).toContain('200 ms');
    expect(h.requestsTo('/customer')).toHaveLength(3);
    expect(h.sleeps).toHaveLength(2);
  });
});

describe('Tripletex outages and lost answers', () => {
  it('gives unreachable while Tripletex is down, and recovers after', async () => {
    h = await startTripletexHarness();
    await h.adapter.testConnection();
    h.fake.setDown(true);
    expect((await rejection(list())).kind).toBe('unreachable');
    expect(h.sleeps).toHaveLength(4);
    expect((await rejection(h.adapter.createCustomer(customer(40_002)))).kind).toBe('unreachable');
    expect(h.sleeps).toHaveLength(4); // the POST was not resent
    h.fake.setDown(false);
    await expect(list()).resolves.toMatchObject({ isLast: true });
  });

  it('gives unreachable before any session when Tripletex is down', async () => {
    h = await startTripletexHarness({ adapter: { maxRetries: 1 } });
    h.fake.setDown(true);
    expect((await rejection(h.adapter.testConnection())).kind).toBe('unreachable');
  });

  it('lets a lost create be found by its customer number', async () => {
    h = await startTripletexHarness();
    h.fake.inject({ path: CUSTOMERS, method: 'POST', dropAfterCommit: true, times: 1 });
    const error = await rejection(h.adapter.createCustomer(customer(50_001)));
    expect(error.kind).toBe('unreachable');
    expect(h.requestsTo('/customer', 'POST')).toHaveLength(1);
    expect([...h.fake.state.customers.values()].map((c) => c.customerNumber)).toEqual([50_001]);
    await expect(h.adapter.findCustomerByNumber(50_001)).resolves.toMatchObject({ name: 'Tapt Svar AS' });
  });
});
