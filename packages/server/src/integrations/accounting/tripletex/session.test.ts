import { afterEach, describe, expect, it } from 'vitest';
import { startTripletexHarness, type TripletexHarness } from '../../../test/fake-tripletex/harness';
import { rejection } from './adapter.testing';

const CREATE = '/token/session/:create';
let h: TripletexHarness;

afterEach(async () => {
  await h.close();
});

describe('Tripletex session', () => {
  it('creates one session, expiring the day after tomorrow in Oslo, and reuses it', async () => {
    h = await startTripletexHarness();
    await h.adapter.listCustomers({ from: 0, count: 10 });
    await h.adapter.listEmployees({ from: 0, count: 10 });
    const creates = h.requestsTo(CREATE, 'PUT');
    expect(creates).toHaveLength(1);
    // The documented form: PUT, the three values as query parameters, no body.
    expect(creates[0].body).toBeUndefined();
    expect(creates[0].query).toEqual({
      consumerToken: 'test-consumer-token-karm',
      employeeToken: 'test-employee-token-karm',
      expirationDate: '2025-03-12',
    });
    // Basic auth as company 0, the token owner's own company.
    expect(h.requestsTo('/employee')[0].companyId).toBe('0');
  });

  it('shares one creation between concurrent callers', async () => {
    h = await startTripletexHarness();
    await Promise.all([
      h.adapter.listCustomers({ from: 0, count: 10 }),
      h.adapter.listContacts({ from: 0, count: 10 }),
      h.adapter.listDepartments({ from: 0, count: 10 }),
    ]);
    expect(h.requestsTo(CREATE)).toHaveLength(1);
  });

  it('renews from the day before expiry, by the Oslo calendar', async () => {
    h = await startTripletexHarness({ start: new Date('2025-03-10T10:00:00Z') });
    await h.adapter.listCustomers({ from: 0, count: 10 });
    h.clock.set(new Date('2025-03-10T22:30:00Z')); // 23:30 in Oslo: still the 10th
    await h.adapter.listCustomers({ from: 0, count: 10 });
    expect(h.requestsTo(CREATE)).toHaveLength(1);
    h.clock.set(new Date('2025-03-10T23:30:00Z')); // 00:30 on the 11th in Oslo: the renewal day
    await h.adapter.listCustomers({ from: 0, count: 10 });
    const creates = h.requestsTo(CREATE);
    expect(creates).toHaveLength(2);
    expect(creates[1].query).toMatchObject({ expirationDate: '2025-03-13' });
  });

  it('recovers from a 401 mid-session with one fresh session', async () => {
    h = await startTripletexHarness();
    h.fake.state.seedCustomer({ name: 'Glass og Dør AS' });
    await h.adapter.listCustomers({ from: 0, count: 10 });
    h.fake.state.expireSessions();
    const page = await h.adapter.listCustomers({ from: 0, count: 10 });
    expect(page.items.map((c) => c.name)).toEqual(['Glass og Dør AS']);
    expect(h.requestsTo(CREATE)).toHaveLength(2);
    expect(h.requestsTo('/customer')).toHaveLength(3);
  });

  it('reports wrong tokens as auth, without echoing them', async () => {
    h = await startTripletexHarness({ adapter: { employeeToken: 'test-not-the-right-one' } });
    const unknown = await rejection(h.adapter.testConnection());
    expect(unknown.kind).toBe('auth');
    expect(unknown.details?.status).toBe(401);
    expect(unknown.message).not.toContain('test-not-the-right-one');
    await h.close();

    h = await startTripletexHarness({ adapter: { consumerToken: 'prod-consumer-token' } });
    const otherEnvironment = await rejection(h.adapter.listCustomers({ from: 0, count: 10 }));
    expect(otherEnvironment.kind).toBe('auth');
    expect(otherEnvironment.details).toMatchObject({ status: 422, code: 18000 });
    expect(otherEnvironment.details?.fields).toHaveProperty('arg:consumerToken');
    expect(h.requestsTo(CREATE)).toHaveLength(1);
  });

  it('reports a session request Tripletex does not take as what it is, not as a token error', async () => {
    h = await startTripletexHarness();
    // Tripletex failing to answer is reported as unreachable, not as a token error.
    h.fake.inject({ path: /^\/token\/session\/:create$/, status: 500, times: 5 });
    const unreachable = await rejection(h.adapter.testConnection());
    expect(unreachable.kind).toBe('unreachable');
    await h.close();

    h = await startTripletexHarness({ start: new Date('2025-03-10T10:00:00Z') });
    // A clock far behind Tripletex's: the expiration date the adapter asks for is already past there.
    h.fake.state.now = () => new Date('2025-06-01T10:00:00Z');
    const refused = await rejection(h.adapter.testConnection());
    expect(refused.kind).toBe('validation');
    expect(refused.message).toContain('refused the session request');
    expect(refused.message).not.toContain('token');
    expect(refused.details?.fields).toHaveProperty('expirationDate');
  });

  it('acts for another company only where the employee has access', async () => {
    h = await startTripletexHarness({ adapter: { companyId: '4242' } });
    await expect(h.adapter.listCustomers({ from: 0, count: 1 })).resolves.toBeDefined();
    await h.close();
    h = await startTripletexHarness({ adapter: { companyId: '999' } });
    expect((await rejection(h.adapter.listCustomers({ from: 0, count: 1 }))).kind).toBe('auth');
  });

  it('tests the connection with whoAmI', async () => {
    h = await startTripletexHarness();
    await expect(h.adapter.testConnection()).resolves.toEqual({
      companyName: 'Dørfabrikken AS',
      employeeName: 'Åse Økonomi',
    });
    expect(h.requestsTo('/token/session/>whoAmI')[0].query).toEqual({ fields: '*,company(*),employee(*)' });
  });

  it('ends the session on close, once', async () => {
    h = await startTripletexHarness();
    await h.adapter.close();
    expect(h.requestsTo(/^\/token\/session\/[^:>]/, 'DELETE')).toHaveLength(0);
    await h.adapter.testConnection();
    const [session] = h.fake.state.sessions.values();
    await h.adapter.close();
    await h.adapter.close();
    expect(h.requestsTo(`/token/session/${session.token}`, 'DELETE')).toHaveLength(1);
    expect(session.isLive).toBe(false);
  });

  it('never logs a token', async () => {
    h = await startTripletexHarness();
    await h.adapter.testConnection();
    h.fake.state.expireSessions();
    h.fake.inject({ path: /^\/customer$/, status: 500, times: 2 });
    await h.adapter.listCustomers({ from: 0, count: 10 });
    h.fake.setDown(true);
    await h.adapter.close(); // fails: logged as a warning
    expect(h.warnings.length).toBeGreaterThanOrEqual(3);
    const logged = JSON.stringify(h.warnings);
    const secrets = [...h.fake.state.sessions.keys(), 'test-consumer-token-karm', 'test-employee-token-karm'];
    for (const secret of secrets) {
      expect(logged).not.toContain(secret);
      expect(logged).not.toContain(Buffer.from(`0:${secret}`).toString('base64'));
    }
  });
});
