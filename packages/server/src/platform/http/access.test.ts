import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { seedCompany } from '../../seed/factories';
import { type SignedInUser, startTestServer, type TestServer } from '../../test/test-server';

/**
 * REST side of the permission table: the session, then the role, then validation — for every route
 * under /api — and the contract guard on bodies, queries and multipart uploads.
 */
let server: TestServer;
let staff: SignedInUser;
let admin: SignedInUser;
beforeAll(async () => {
  server = await startTestServer();
  const company = await seedCompany(server.ctx.db);
  staff = await server.signedInUser({ companyId: company.id, role: 'office' });
  admin = await server.signedInUser({ companyId: company.id, role: 'admin' });
});
afterAll(async () => {
  await server?.close();
});

const call = (path: string, init: RequestInit & { token?: string; json?: unknown } = {}) => {
  const headers: Record<string, string> = { ...(init.headers as Record<string, string>) };
  if (init.token) headers.token = init.token;
  if (init.json !== undefined) headers['content-type'] = 'application/json';
  return fetch(`${server.url}${path}`, {
    ...init,
    headers,
    body: init.json === undefined ? init.body : JSON.stringify(init.json),
    redirect: 'manual',
  });
};

describe('session before validation', () => {
  it('answers 401, not 400, to a malformed query without a token', async () => {
    expect((await call('/api/project/get-combined?projectId=x')).status).toBe(401);
    expect((await call('/api/offers?page=banana')).status).toBe(401);
  });

  it('answers 401 to a token in the query string: tokens travel in the header only', async () => {
    expect((await call(`/api/offers?token=${staff.token}`)).status).toBe(401);
  });
});

describe('admin-only routes', () => {
  const adminRoutes = [
    ['POST', '/api/offer-statuses', { name: 'Vunnet', deadlineDays: 5 }],
    ['POST', '/api/offer-statuses/reorder', { ids: [] }],
    ['PATCH', '/api/offer-statuses/00000000-0000-7000-8000-000000000000', { name: 'x' }],
    ['DELETE', '/api/offer-statuses/00000000-0000-7000-8000-000000000000', undefined],
    ['PATCH', '/api/offer-statuses/00000000-0000-7000-8000-000000000000/reactivate', undefined],
    ['PATCH', '/api/offer-config', { version: 1, deadlineDays: 3 }],
  ] as const;

  it.each(adminRoutes)('%s %s is refused to staff with 403', async (method, path, json) => {
    const response = await call(path, { method, token: staff.token, json });
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ code: 'FORBIDDEN' });
  });

  it('leaves the offer configuration unchanged after a refused change', async () => {
    const before = await (await call('/api/offer-config', { token: staff.token })).json();
    await call('/api/offer-config', {
      method: 'PATCH',
      token: staff.token,
      json: { version: 1, deadlineDays: 99 },
    });
    expect(await (await call('/api/offer-config', { token: staff.token })).json()).toEqual(before);
  });

  it('lets an administrator through to validation', async () => {
    const response = await call('/api/offer-statuses', { method: 'POST', token: admin.token, json: {} });
    expect(response.status).toBe(400);
  });
});

describe('the contract guard on REST', () => {
  it('refuses NUL in a query with 400', async () => {
    const response = await call('/api/offers?search=%00', { token: staff.token });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      code: 'VALIDATION',
      details: { fields: { search: 'validation.nulCharacter' } },
    });
  });

  it('refuses JSON nested 10 000 levels with 400', async () => {
    const deep = `${'['.repeat(10_000)}1${']'.repeat(10_000)}`;
    const response = await call('/api/log', {
      method: 'POST',
      token: staff.token,
      headers: { 'content-type': 'application/json' },
      body: `{"level":"error","message":"deep","data":${deep}}`,
    });
    expect(response.status).toBe(400);
  });

  it.each([
    [
      'a truncated body',
      'multipart/form-data; boundary=karm',
      '--karm\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\n%PDF',
    ],
    ['no boundary', 'multipart/form-data', 'hello'],
  ])('answers a malformed multipart upload (%s) with 400', async (_case, contentType, body) => {
    const response = await call(`/api/file?companyId=${staff.companyId}`, {
      method: 'POST',
      token: staff.token,
      headers: { 'content-type': contentType },
      body,
    });
    expect(response.status).toBe(400);
  });
});

describe('headers and docs', () => {
  it("limits the page's connections to its own origin", async () => {
    const csp = (await call('/api/health')).headers.get('content-security-policy') ?? '';
    expect(csp).toContain("connect-src 'self'");
    expect(csp).not.toMatch(/connect-src[^;]*wss?:/);
  });

  it('redirects the docs index with a query once, to the docs, not to itself', async () => {
    const response = await call('/api/docs/static/index.html?url=https://evil.example/spec.json');
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/api/docs/');
    expect((await call('/api/docs/')).status).toBe(200);
  });
});

describe('behind a proxy with TRUST_PROXY off', () => {
  it('warns once that every client counts as the proxy', async () => {
    const warned = vi.spyOn(server.ctx.logger, 'warn');
    for (let request = 0; request < 3; request += 1) {
      await call('/api/health', { headers: { 'x-forwarded-for': '203.0.113.7' } });
    }
    const proxyWarnings = warned.mock.calls.filter((args) => String(args.at(-1)).includes('TRUST_PROXY'));
    expect(proxyWarnings).toHaveLength(1);
    warned.mockRestore();
  });
});
