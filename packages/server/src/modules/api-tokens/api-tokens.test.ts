import type { ApiTokenCreatedDto, ApiTokenDto, ErrorPayload } from '@karm/domain/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedInUser, startTestServer, type TestServer } from '../../test/test-server';

let server: TestServer;
let admin: SignedInUser;
let office: SignedInUser;
let stranger: SignedInUser;

/** A REST call with whatever goes in the `token` header. */
const call = async (method: string, path: string, token: string, body?: unknown) => {
  const response = await fetch(`${server.url}/api${path}`, {
    method,
    headers: { token, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined, headers: response.headers };
};

const createToken = (scope: 'read' | 'readWrite', name = `Integrasjon ${scope}`, user = admin) =>
  user.client.request('api-tokens:create', { name, scope }) as Promise<ApiTokenCreatedDto>;

beforeAll(async () => {
  // A small limit per token, so the rate limit can be seen without thousands of calls.
  server = await startTestServer({ API_TOKEN_RATE_LIMIT_PER_MINUTE: '20' });
  admin = await server.signedInUser({ role: 'admin' });
  office = await server.signedInUser({ role: 'office', companyId: admin.companyId });
  stranger = await server.signedInUser({ role: 'admin' });
});
afterAll(async () => {
  await server?.close();
});

describe('API tokens', () => {
  it('are shown once when made, then listed by name, scope and prefix only', async () => {
    const created = await createToken('read', 'Regnskapsrapport');
    expect(created.secret).toMatch(/^karm_[A-Za-z0-9_-]{43}$/);
    expect(created.token).toMatchObject({ name: 'Regnskapsrapport', scope: 'read', revokedAt: null });
    expect(created.secret.startsWith(created.token.prefix)).toBe(true);
    const listed = (await admin.client.request('api-tokens:list')) as ApiTokenDto[];
    const mine = listed.find((token) => token.id === created.token.id);
    expect(mine).toBeDefined();
    expect(JSON.stringify(listed)).not.toContain(created.secret);
    // Only its hash is stored.
    const stored = await server.ctx.database.runSql('select token_hash from api_tokens where id = $1', [
      created.token.id,
    ]);
    expect(stored.rows[0]?.token_hash).not.toContain(created.secret.slice(5));
  });

  it('read: reads the company’s data over REST, writes nothing', async () => {
    const { secret } = await createToken('read');
    expect((await call('POST', '/offers', office.token, { projectName: 'Synlig for API' })).status).toBe(200);
    const list = await call('GET', '/offers?pageSize=50', secret);
    expect(list.status).toBe(200);
    expect(JSON.stringify(list.body)).toContain('Synlig for API');
    const write = await call('POST', '/offers', secret, { projectName: 'Ikke lov' });
    expect(write.status).toBe(403);
    expect((write.body as ErrorPayload).code).toBe('FORBIDDEN');
  });

  it('read-write: writes, but never what only administrators may', async () => {
    const { secret, token } = await createToken('readWrite');
    const created = await call('POST', '/offers', secret, { projectName: 'Fra integrasjonen' });
    expect(created.status).toBe(200);
    const adminOnly = await call('GET', `/admin-commands/runs/${token.id}/export`, secret);
    expect(adminOnly.status).toBe(403);
    const listed = (await admin.client.request('api-tokens:list')) as ApiTokenDto[];
    expect(listed.find((item) => item.id === token.id)?.lastUsedAt).not.toBeNull();
  });

  it('see only their own company', async () => {
    const { secret } = await createToken('readWrite');
    const theirs = (await call('POST', '/offers', stranger.token, { projectName: 'Andres hemmelighet' }))
      .body as { id: string };
    expect((await call('GET', `/offers/${theirs.id}`, secret)).status).toBe(404);
    const list = await call('GET', '/offers?pageSize=50', secret);
    expect(JSON.stringify(list.body)).not.toContain('Andres hemmelighet');
  });

  it('stop at once when revoked; a stale revoke is refused, another company’s is not found', async () => {
    const { secret, token } = await createToken('read');
    expect((await call('GET', '/offers', secret)).status).toBe(200);
    await expect(
      stranger.client.request('api-tokens:revoke', { id: token.id, version: token.version }),
    ).rejects.toMatchObject({ payload: { code: 'NOT_FOUND' } });
    const revoked = (await admin.client.request('api-tokens:revoke', {
      id: token.id,
      version: token.version,
    })) as ApiTokenDto;
    expect(revoked.revokedAt).not.toBeNull();
    expect((await call('GET', '/offers', secret)).status).toBe(401);
    await expect(
      admin.client.request('api-tokens:revoke', { id: token.id, version: token.version }),
    ).rejects.toMatchObject({ payload: { code: 'CONFLICT' } });
  });

  it('are made and seen by administrators only, and unknown tokens get nowhere', async () => {
    await expect(office.client.request('api-tokens:list')).rejects.toMatchObject({
      payload: { code: 'FORBIDDEN' },
    });
    await expect(createToken('read', 'Kontoret', office)).rejects.toMatchObject({
      payload: { code: 'FORBIDDEN' },
    });
    const strangers = (await stranger.client.request('api-tokens:list')) as ApiTokenDto[];
    expect(strangers).toEqual([]);
    expect((await call('GET', '/offers', `karm_${'x'.repeat(43)}`)).status).toBe(401);
  });

  it('are not sessions: the socket does not take one', async () => {
    const { secret } = await createToken('readWrite');
    const client = await server.connect();
    await expect(client.request('user:check-logged-in', secret as never)).rejects.toBeDefined();
    client.close();
  });

  it('refuse bad input with a code and store nothing', async () => {
    const before = ((await admin.client.request('api-tokens:list')) as ApiTokenDto[]).length;
    for (const input of [
      { name: '', scope: 'read' },
      { name: 'x'.repeat(81), scope: 'read' },
      { name: 'Null\u0000byte', scope: 'read' },
      { name: 'Alt', scope: 'admin' },
      { name: 42, scope: 'read' },
    ]) {
      await expect(admin.client.request('api-tokens:create', input as never)).rejects.toMatchObject({
        payload: { code: 'VALIDATION' },
      });
    }
    expect(((await admin.client.request('api-tokens:list')) as ApiTokenDto[]).length).toBe(before);
  });

  it('are limited per token: past the limit 429 with Retry-After, while people go on', async () => {
    const { secret } = await createToken('read');
    let answer = await call('GET', '/offer-statuses/owner-types', secret);
    for (let index = 0; index < 25 && answer.status !== 429; index++) {
      answer = await call('GET', '/offer-statuses/owner-types', secret);
    }
    expect(answer.status).toBe(429);
    expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((answer.body as ErrorPayload).code).toBe('RATE_LIMITED');
    expect((await call('GET', '/offer-statuses/owner-types', admin.token)).status).toBe(200);
  });
});
