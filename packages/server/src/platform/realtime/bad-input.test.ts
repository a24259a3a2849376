import { SOCKET_EVENTS, type SocketEventName } from '@karm/domain/contract';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedInUser, startTestServer, type TestServer } from '../../test/test-server';

/**
 * Whatever a client sends, the answer is a coded error or a result — never INTERNAL, never a crash.
 * Every event of the contract gets arbitrary JSON; so do the REST routes.
 */
let server: TestServer;
let user: SignedInUser;
beforeAll(async () => {
  server = await startTestServer();
  user = await server.signedInUser({ role: 'admin' });
});
afterAll(async () => {
  await server?.close();
});

// Logging out would end the session the rest of the run needs; its input is ignored anyway.
const EVENTS = (Object.keys(SOCKET_EVENTS) as SocketEventName[]).filter((event) => event !== 'user:logout');

const emitRaw = (event: string, payload: unknown) =>
  new Promise<{ error: { code?: string } | null }>((resolve) => {
    user.client.socket.emit(event, payload, (error: { code?: string } | null) => resolve({ error }));
  });

describe('bad input', () => {
  it.each(EVENTS)('%s answers arbitrary payloads with a coded error or a result', async (event) => {
    await fc.assert(
      fc.asyncProperty(fc.jsonValue({ maxDepth: 3 }), async (payload) => {
        const { error } = await emitRaw(event, payload);
        if (error) expect(error.code).not.toBe('INTERNAL');
      }),
      { numRuns: event === 'authenticate' || event === 'user:change-password' ? 10 : 40 },
    );
  });

  it('REST routes answer arbitrary bodies and queries with coded errors', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.jsonValue({ maxDepth: 3 }),
        fc.dictionary(fc.string(), fc.string()),
        async (body, query) => {
          const post = await fetch(`${server.url}/api/log`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', token: user.token },
            body: JSON.stringify(body),
          });
          expect([201, 400]).toContain(post.status);
          const get = await fetch(`${server.url}/api/file?${new URLSearchParams(query)}`, {
            headers: { token: user.token },
          });
          expect([400, 403, 404]).toContain(get.status);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('is still healthy afterwards', async () => {
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
    await expect(user.client.request('company:get-info')).resolves.toMatchObject({ id: user.companyId });
  });
});
