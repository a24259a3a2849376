import { MAX_INPUT_DEPTH } from '@karm/domain/contract';
import { io as connectSocket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { seedCompany } from '../../seed/factories';
import { type SignedInUser, startTestServer, type TestServer } from '../../test/test-server';

/**
 * The gateway's order of checks (DESIGN rule 4a): the event is looked up as an own property of the
 * permission table, then the session, then the role, and only then the payload is validated —
 * through the contract's guard (no NUL, bounded nesting) and the event's schema.
 */
let server: TestServer;
let staff: SignedInUser;
let admin: SignedInUser;
beforeAll(async () => {
  server = await startTestServer({ PUBLIC_URL: 'https://karm.example.no' });
  const company = await seedCompany(server.ctx.db);
  staff = await server.signedInUser({ companyId: company.id, role: 'office' });
  admin = await server.signedInUser({ companyId: company.id, role: 'admin' });
});
afterAll(async () => {
  await server?.close();
});

const nested = (depth: number) => {
  let value: unknown = 'leaf';
  for (let level = 0; level < depth; level += 1) value = [value];
  return value;
};

describe('event names', () => {
  it.each(['toString', 'constructor', '__proto__', 'hasOwnProperty', 'valueOf'])(
    '%s is an unknown event, not an internal error, and logs nothing',
    async (event) => {
      const logged = vi.spyOn(server.ctx.logger, 'error');
      const anonymous = await server.connect();
      const error = await new Promise<{ code: string }>((resolve) => {
        anonymous.socket.emit(event, {}, (answer: { code: string }) => resolve(answer));
      });
      expect(error.code).toBe('NOT_FOUND');
      expect(logged).not.toHaveBeenCalled();
      logged.mockRestore();
    },
  );
});

describe('session and role before validation', () => {
  it('answers NOT_AUTHORIZED, not VALIDATION, to an invalid payload without a session', async () => {
    const anonymous = await server.connect();
    const error = await anonymous.requestError('customer:create', { name: 42 } as never);
    expect(error.code).toBe('NOT_AUTHORIZED');
  });

  it('answers FORBIDDEN, not VALIDATION, to an invalid payload from a role that may not call it', async () => {
    const error = await staff.client.requestError('process-columns:create', { nonsense: true } as never);
    expect(error.code).toBe('FORBIDDEN');
  });

  it.each([
    'admin:mail-outbox',
    'logs:get',
    'accounting:get-settings',
    'price-matrix:update',
    'process-columns:delete',
  ] as const)('refuses %s to staff', async (event) => {
    const error = await staff.client.requestError(event, {} as never);
    expect(error.code).toBe('FORBIDDEN');
  });

  it('still validates for a role that may call the event', async () => {
    const error = await admin.client.requestError('process-columns:create', { nonsense: true } as never);
    expect(error.code).toBe('VALIDATION');
  });
});

describe('the contract guard', () => {
  it('refuses a NUL character in any text with VALIDATION and stores nothing', async () => {
    const error = await staff.client.requestError('customer:create', { name: 'Nul\u0000AS' } as never);
    expect(error).toMatchObject({
      code: 'VALIDATION',
      details: { fields: { name: 'validation.nulCharacter' } },
    });
    const search = await staff.client.requestError('search:global', { term: '\u0000' } as never);
    expect(search.code).toBe('VALIDATION');
  });

  it('refuses free-form data nested deeper than the contract allows', async () => {
    const error = await staff.client.requestError('user:update-profile', {
      projectFilters: { deep: nested(MAX_INPUT_DEPTH + 5) },
    } as never);
    expect(error.code).toBe('VALIDATION');
  });

  it('answers a 10 000-level payload sent as a raw packet with VALIDATION, and stays up', async () => {
    const engine = staff.client.socket.io.engine;
    const answer = new Promise<string>((resolve) => {
      const onPacket = (packet: { type: string; data?: unknown }) => {
        if (packet.type === 'message' && typeof packet.data === 'string' && packet.data.startsWith('3777')) {
          engine.off('packet', onPacket);
          resolve(packet.data);
        }
      };
      engine.on('packet', onPacket);
    });
    // Socket.IO's text frame for `emit('user:update-profile', payload, ack#777)`, built by hand:
    // the client library itself cannot serialise this depth.
    const deep = `${'['.repeat(10_000)}1${']'.repeat(10_000)}`;
    engine.send(`2777["user:update-profile",{"projectFilters":{"a":${deep}}}]`);
    expect(JSON.parse((await answer).slice(4))[0].code).toBe('VALIDATION');
    await expect(staff.client.request('company:get-info')).resolves.toMatchObject({ id: staff.companyId });
  });
});

describe('origins', () => {
  const connectFrom = (origin: string) =>
    new Promise<'connected' | 'refused'>((resolve) => {
      const socket = connectSocket(server.url, {
        transports: ['websocket'],
        reconnection: false,
        extraHeaders: { origin },
      });
      socket.once('connect', () => {
        socket.close();
        resolve('connected');
      });
      socket.once('connect_error', () => {
        socket.close();
        resolve('refused');
      });
    });

  it('refuses a socket opened from another site', async () => {
    expect(await connectFrom('https://evil.example')).toBe('refused');
  });

  it("accepts Karm's own origin: the host asked and PUBLIC_URL", async () => {
    expect(await connectFrom(server.url)).toBe('connected');
    expect(await connectFrom('https://karm.example.no')).toBe('connected');
  });
});
