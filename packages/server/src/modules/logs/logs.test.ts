import { type ErrorPayload, LOG_PUSHES } from '@karm/domain/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { bodyOf, type SignedInUser, startTestServer, type TestServer } from '../../test/test-server';
import { CLIENT_LOGS_PER_MINUTE, insertLogEntry, pruneOldLogs } from './logs.service';
import { serverLogs } from './logs.tables';
import { REDACTED } from './redact';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ LOG_RETENTION_DAYS: '30' });
});
afterAll(async () => {
  await server?.close();
});

const postLog = (token: string, body: unknown) =>
  fetch(`${server.url}/api/log`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', token },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });

const report = {
  action: 'render',
  message: 'Cannot read properties of undefined',
  level: 'error',
  data: { route: '/projects' },
  error: { name: 'TypeError', message: 'Cannot read properties of undefined', stack: 'at Projects' },
};

/** A stored entry of the user's company, written straight to the table (for filters and ages). */
const entry = (user: SignedInUser, values: Partial<Parameters<typeof insertLogEntry>[1]> = {}) =>
  insertLogEntry(server.ctx.db, {
    companyId: user.companyId,
    userId: user.userId,
    source: 'client',
    level: 'error',
    action: 'action',
    message: 'message',
    createdAt: server.clock.now(),
    ...values,
  });

describe('client error log', { timeout: 60_000 }, () => {
  it('stores the report with its sender; admins of the company read it paged, others cannot', async () => {
    const admin = await server.signedInUser({ role: 'admin' });
    const colleague = await server.signedInUser({ companyId: admin.companyId });
    const outsider = await server.signedInUser({ role: 'admin' });
    const pushed = admin.client.nextPush(LOG_PUSHES.changed);
    for (let index = 0; index < 3; index++) expect((await postLog(colleague.token, report)).status).toBe(201);
    await pushed;

    const page = await admin.client.request('logs:get', { page: 1, pageSize: 2 });
    expect(page).toMatchObject({ total: 3, page: 1, pageSize: 2 });
    expect(page.items).toHaveLength(2);
    expect(page.items[0]).toMatchObject({
      source: 'client',
      action: 'render',
      userId: colleague.userId,
      userName: expect.stringContaining('Test User'),
      error: report.error,
      handledAt: null,
      version: 1,
    });
    const second = await admin.client.request('logs:get', { page: 2, pageSize: 2 });
    expect(second.items).toHaveLength(1);

    expect((await outsider.client.request('logs:get', {})).total).toBe(0);
    for (const role of ['office', 'leader', 'technician', 'readonly'] as const) {
      const member = await server.signedInUser({ companyId: admin.companyId, role });
      expect((await member.client.requestError('logs:get', {})).code).toBe('FORBIDDEN');
      const id = page.items[0]?.id ?? '';
      expect((await member.client.requestError('logs:handle', { id, version: 1 })).code).toBe('FORBIDDEN');
    }
  });

  it('refuses malformed reports with VALIDATION and stores nothing', async () => {
    const admin = await server.signedInUser({ role: 'admin' });
    for (const body of [
      {},
      { action: '', message: 'x' },
      { action: 'a', message: 'b', level: 'panic' },
      { action: 'a', message: 'b\u0000' },
      { action: 'a'.repeat(201), message: 'b' },
      '{not json',
    ]) {
      const response = await postLog(admin.token, body);
      expect(response.status).toBe(400);
      expect((await bodyOf<ErrorPayload>(response)).code).toBe('VALIDATION');
    }
    expect((await admin.client.request('logs:get', {})).total).toBe(0);
  });

  it('throttles one person’s automatic reports', async () => {
    const admin = await server.signedInUser({ role: 'admin' });
    for (let index = 0; index < CLIENT_LOGS_PER_MINUTE; index++)
      await entry(admin, { createdAt: server.clock.now() });
    const refused = await postLog(admin.token, report);
    expect(refused.status).toBe(429);
    expect((await bodyOf<ErrorPayload>(refused)).code).toBe('RATE_LIMITED');
    server.clock.advance(61_000);
    expect((await postLog(admin.token, report)).status).toBe(201);
  });

  it('never keeps passwords, tokens or secrets', async () => {
    const admin = await server.signedInUser({ role: 'admin' });
    const response = await postLog(admin.token, {
      action: 'login?token=abc123',
      message: 'failed with password=hunter2 and Bearer eyJhbGciOi.x.y',
      data: {
        password: 'hunter2',
        nested: { accessToken: 'tok-secret', list: [{ apiKey: 'key-secret' }] },
        keep: 'me',
      },
      error: { name: 'Error', message: '{"secret":"sshh-secret"}', stack: 'at x (token: abc-secret)' },
    });
    expect(response.status).toBe(201);
    const [row] = (await admin.client.request('logs:get', {})).items;
    const stored = JSON.stringify(row);
    // Secrets long and odd enough that no generated id or test user's name holds them by chance.
    for (const secret of [
      'abc123',
      'hunter2',
      'eyJhbGciOi',
      'tok-secret',
      'key-secret',
      'sshh-secret',
      'abc-secret',
    ])
      expect(stored).not.toContain(secret);
    expect(row).toMatchObject({
      action: `login?token=${REDACTED}`,
      data: {
        password: REDACTED,
        nested: { accessToken: REDACTED, list: [{ apiKey: REDACTED }] },
        keep: 'me',
      },
    });
  });
});

describe('log list filters', () => {
  it('filters by levels, user, text in action, message or stack, period and handled', async () => {
    const admin = await server.signedInUser({ role: 'admin' });
    const colleague = await server.signedInUser({ companyId: admin.companyId });
    const day = (date: string) => new Date(`${date}T12:00:00Z`);
    await entry(admin, { level: 'warn', message: 'Disk 50% full', createdAt: day('2030-03-01') });
    await entry(admin, { level: 'info', action: 'planner:open', createdAt: day('2030-03-02') });
    await entry(colleague, {
      message: 'boom',
      error: { name: 'TypeError', message: 'boom', stack: 'at PlannerGrid (grid.tsx:1)' },
      createdAt: day('2030-03-03'),
    });
    // 23:30 in Oslo on 3 March is 22:30 UTC: still the 3rd for the period filter.
    await entry(colleague, { message: 'late', createdAt: new Date('2030-03-03T22:30:00Z') });
    const messages = async (query: object) =>
      (await admin.client.request('logs:get', { pageSize: 50, ...query })).items.map((item) => item.message);

    expect(await messages({ levels: ['warn', 'info'] })).toEqual(['message', 'Disk 50% full']);
    expect(await messages({ userId: colleague.userId })).toEqual(['late', 'boom']);
    expect(await messages({ search: 'PLANNER' })).toEqual(['boom', 'message']);
    // LIKE's wildcards are taken literally.
    expect(await messages({ search: '50%' })).toEqual(['Disk 50% full']);
    expect(await messages({ search: '_' })).toEqual([]);
    expect(await messages({ from: '2030-03-02', to: '2030-03-03' })).toEqual(['late', 'boom', 'message']);
    expect(await messages({ to: '2030-03-01' })).toEqual(['Disk 50% full']);

    const boom = (await admin.client.request('logs:get', { search: 'boom' })).items[0];
    await admin.client.request('logs:handle', { id: boom?.id ?? '', version: 1, comment: 'fixed' });
    expect(await messages({ handled: true })).toEqual(['boom']);
    expect(await messages({ handled: false })).toHaveLength(3);
  });

  it('refuses bad filters with VALIDATION', async () => {
    const admin = await server.signedInUser({ role: 'admin' });
    for (const query of [
      { levels: ['panic'] },
      { userId: 'not-a-uuid' },
      { search: 'x'.repeat(201) },
      { from: '2030-02-30' },
      { from: '2030-03-02', to: '2030-03-01' },
      { handled: 'yes' },
      { pageSize: 1000 },
    ]) {
      expect((await admin.client.requestError('logs:get', query as never)).code).toBe('VALIDATION');
    }
  });
});

describe('marking an entry handled', () => {
  it('stores who, when and the comment; a stale version is a CONFLICT; it can be opened again', async () => {
    const admin = await server.signedInUser({ role: 'admin' });
    const other = await server.signedInUser({ role: 'admin', companyId: admin.companyId });
    const row = await entry(admin);
    const pushed = other.client.nextPush(LOG_PUSHES.changed);
    const handled = await admin.client.request('logs:handle', {
      id: row.id,
      version: 1,
      comment: '  Restarted the printer  ',
    });
    await pushed;
    expect(handled).toMatchObject({
      version: 2,
      handledComment: 'Restarted the printer',
      handledBy: { id: admin.userId, displayName: expect.stringContaining('Test User') },
    });
    expect(handled.handledAt).not.toBeNull();

    // The other admin still holds version 1: refused, nothing changed.
    const stale = await other.client.requestError('logs:handle', { id: row.id, version: 1, comment: 'mine' });
    expect(stale.code).toBe('CONFLICT');
    // A double submit of the same save: the second one is stale.
    expect(
      (await admin.client.requestError('logs:handle', { id: row.id, version: 1, comment: 'again' })).code,
    ).toBe('CONFLICT');

    const reopened = await other.client.request('logs:handle', { id: row.id, version: 2, handled: false });
    expect(reopened).toMatchObject({ version: 3, handledAt: null, handledBy: null, handledComment: null });
  });

  it('refuses another company’s entry, unknown ids and bad comments', async () => {
    const admin = await server.signedInUser({ role: 'admin' });
    const outsider = await server.signedInUser({ role: 'admin' });
    const row = await entry(outsider);
    expect((await admin.client.requestError('logs:handle', { id: row.id, version: 1 })).code).toBe(
      'NOT_FOUND',
    );
    const [unchanged] = await server.ctx.db.select().from(serverLogs).where(eq(serverLogs.id, row.id));
    expect(unchanged?.handledAt).toBeNull();

    const own = await entry(admin);
    for (const input of [
      { id: own.id, version: 1, comment: 'a\u0000b' },
      { id: own.id, version: 1, comment: 'x'.repeat(2001) },
      { id: own.id, version: 0 },
      { id: own.id, version: '1' },
      { id: 'nope', version: 1 },
      { version: 1 },
    ]) {
      expect((await admin.client.requestError('logs:handle', input as never)).code).toBe('VALIDATION');
    }
  });
});

describe('the server’s own errors', () => {
  it('are logged to the company of whoever met them, socket and REST alike, redacted', async () => {
    const admin = await server.signedInUser({ role: 'admin' });
    const row = await entry(admin);
    const socketFailure = admin.client.nextPush(LOG_PUSHES.changed);
    // The database failing is as unexpected as anything: an INTERNAL error inside a use case.
    const spy = vi
      .spyOn(server.ctx.db, 'transaction')
      .mockRejectedValueOnce(new Error('database broke, password=hunter2'));
    expect((await admin.client.requestError('logs:handle', { id: row.id, version: 1 })).code).toBe(
      'INTERNAL',
    );
    await socketFailure;

    const restFailure = admin.client.nextPush(LOG_PUSHES.changed);
    spy.mockRejectedValueOnce(new Error('database broke over REST'));
    expect((await postLog(admin.token, report)).status).toBe(500);
    await restFailure;
    spy.mockRestore();

    const logged = await server.ctx.db
      .select()
      .from(serverLogs)
      .where(and(eq(serverLogs.companyId, admin.companyId), eq(serverLogs.source, 'server')));
    expect(logged.map((item) => [item.action, item.message]).sort()).toEqual([
      ['POST /api/log', 'database broke over REST'],
      ['logs:handle', `database broke, password=${REDACTED}`],
    ]);
    expect(JSON.stringify(logged)).not.toContain('hunter2');
  });
});

describe('pruning', () => {
  it('deletes entries older than LOG_RETENTION_DAYS, of every company, and keeps the rest', async () => {
    const admin = await server.signedInUser({ role: 'admin' });
    const outsider = await server.signedInUser({ role: 'admin' });
    const now = server.clock.now().getTime();
    const old = await entry(admin, { createdAt: new Date(now - 31 * 86_400_000) });
    const oldElsewhere = await entry(outsider, { createdAt: new Date(now - 45 * 86_400_000) });
    const recent = await entry(admin, { createdAt: new Date(now - 29 * 86_400_000) });

    const { deleted } = await pruneOldLogs(server.ctx);
    expect(deleted).toBeGreaterThanOrEqual(2);
    const ids = (await server.ctx.db.select({ id: serverLogs.id }).from(serverLogs)).map((item) => item.id);
    expect(ids).not.toContain(old.id);
    expect(ids).not.toContain(oldElsewhere.id);
    expect(ids).toContain(recent.id);
  });
});
