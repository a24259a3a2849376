import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SERVER_PUSHES } from '@karm/domain/contract';
import { io as connectSocket } from 'socket.io-client';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/test-server';
import type { Actor } from '../context';
import { createGateway, type Gateway } from './gateway';

/**
 * A session ended while a tab's socket was connecting: the logout's push went to the session's room
 * before the socket had joined it (the join waits for the session look-up). The gateway looks the
 * session up again once the socket is in its rooms, so the tab is told all the same. Here the
 * session "ends" inside the first look-up, which is exactly that moment.
 */
let server: TestServer;
let gateway: Gateway;
let url: string;
const httpServer = createServer();
let isSessionLive = true;
const actor: Actor = {
  sessionId: 'session-race',
  userId: 'user-race',
  companyId: 'company-race',
  role: 'office',
  permissions: new Set(),
};

beforeAll(async () => {
  server = await startTestServer();
  gateway = await createGateway({
    ctx: server.ctx,
    httpServer,
    events: {} as never,
    resolveActor: async () => {
      const wasLive = isSessionLive;
      // Logged out in another tab while this look-up was under way.
      isSessionLive = false;
      return wasLive ? actor : null;
    },
  });
  await new Promise<void>((resolve) => httpServer.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(httpServer.address() as AddressInfo).port}`;
});
afterAll(async () => {
  gateway?.io.close();
  await server?.close();
});

it('tells a socket whose session ended while it joined its rooms, and leaves it in none', async () => {
  const socket = connectSocket(url, { auth: { token: 'token-race' }, transports: ['websocket'] });
  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no not-authorized push')), 10_000);
      socket.on(SERVER_PUSHES.notAuthorized, () => {
        clearTimeout(timer);
        resolve();
      });
    });
    const [serverSide] = await gateway.io.fetchSockets();
    expect([...(serverSide?.rooms ?? [])]).toEqual([serverSide?.id]);
  } finally {
    socket.close();
  }
});
