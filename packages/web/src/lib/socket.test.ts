import { beforeEach, describe, expect, it, vi } from 'vitest';
import { REQUEST_TIMEOUT_MS } from './http';

type Handler = (...args: unknown[]) => unknown;

/** Stands in for a Socket.IO client: records what is sent, and delivers what a test pushes. */
class FakeSocket {
  connected = false;
  active = false;
  readonly sent: { event: string; args: unknown[]; timeoutMs: number }[] = [];
  readonly handlers = new Map<string, Handler[]>();
  readonly managerHandlers = new Map<string, Handler[]>();
  readonly io = {
    on: (event: string, handler: Handler) => add(this.managerHandlers, event, handler),
    off: (event: string, handler: Handler) => remove(this.managerHandlers, event, handler),
  };
  on(event: string, handler: Handler) {
    add(this.handlers, event, handler);
  }
  off(event: string, handler: Handler) {
    remove(this.handlers, event, handler);
  }
  connect() {
    this.active = true;
  }
  disconnect() {
    this.active = false;
    this.connected = false;
  }
  timeout(timeoutMs: number) {
    return { emit: (event: string, ...args: unknown[]) => this.sent.push({ event, args, timeoutMs }) };
  }
  push(event: string, payload?: unknown) {
    for (const handler of this.handlers.get(event) ?? []) handler(payload);
  }
  reconnected() {
    for (const handler of this.managerHandlers.get('reconnect') ?? []) handler(1);
  }
  /** Answers the n-th request sent (error-first ack, after the time-out's own error argument). */
  answer(index: number, error: unknown, result?: unknown) {
    const ack = this.sent[index]?.args.at(-1) as Handler;
    ack(null, error, result);
  }
}
const add = (map: Map<string, Handler[]>, event: string, handler: Handler) =>
  map.set(event, [...(map.get(event) ?? []), handler]);
const remove = (map: Map<string, Handler[]>, event: string, handler: Handler) =>
  map.set(
    event,
    (map.get(event) ?? []).filter((other) => other !== handler),
  );

const client = {
  imports: 0,
  created: [] as FakeSocket[],
  /** Lets the mocked module finish loading: the client's code arriving over the network. */
  arrive: () => {},
  /** The next load fails, as when the network drops. */
  failsNext: false,
};

/** A fresh lib/socket (its client not yet created), as after a page load. */
const loadModule = () => import('./socket');
const createdSocket = () => {
  expect(client.created).toHaveLength(1);
  return client.created[0] as FakeSocket;
};
const codeArrives = async () => {
  await vi.waitFor(() => expect(client.imports).toBe(1));
  client.arrive();
  await vi.waitFor(() => expect(client.created).toHaveLength(1));
};

describe('socket', () => {
  beforeEach(() => {
    vi.resetModules();
    client.imports = 0;
    client.created = [];
    client.failsNext = false;
    vi.doMock('socket.io-client', async () => {
      client.imports++;
      if (client.failsNext) {
        client.failsNext = false;
        throw new Error('Failed to fetch dynamically imported module');
      }
      await new Promise<void>((resolve) => {
        client.arrive = resolve;
      });
      return {
        io: () => {
          const created = new FakeSocket();
          client.created.push(created);
          return created;
        },
      };
    });
  });

  it('loads nothing until the first request', async () => {
    const { onPush, socket, SERVER_PUSHES } = await loadModule();
    onPush(SERVER_PUSHES.build, () => {});
    socket.io.on('reconnect', () => {});
    socket.disconnect();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(client.imports).toBe(0);
    expect(client.created).toHaveLength(0);
  });

  it('sends a request made before the connection once the client has loaded, and answers it', async () => {
    const { request } = await loadModule();
    const answered = request('authenticate', { username: 'admin', password: 'secret' });
    await codeArrives();
    const created = createdSocket();
    await vi.waitFor(() => expect(created.sent).toHaveLength(1));
    expect(created.active).toBe(true);
    // The time-out (SPEC §9) starts when the request is sent, not while the code loads.
    expect(created.sent[0]).toMatchObject({
      event: 'authenticate',
      args: [{ username: 'admin', password: 'secret' }, expect.any(Function)],
      timeoutMs: REQUEST_TIMEOUT_MS,
    });
    created.answer(0, null, { accessToken: 'token' });
    await expect(answered).resolves.toEqual({ accessToken: 'token' });
  });

  it('answers with the value of a result that arrives as JSON bytes (a whole service template)', async () => {
    const { request } = await loadModule();
    const answered = request('admin-service:get-full-service-template', { id: 'template-1' });
    await codeArrives();
    const created = createdSocket();
    await vi.waitFor(() => expect(created.sent).toHaveLength(1));
    const tree = { id: 'template-1', name: 'Årlig kontroll', groups: [] };
    created.answer(0, null, new TextEncoder().encode(JSON.stringify(tree)).buffer);
    await expect(answered).resolves.toEqual(tree);
  });

  it("rejects with the server's error", async () => {
    const { request } = await loadModule();
    const answered = request('user:logout');
    await codeArrives();
    const created = createdSocket();
    await vi.waitFor(() => expect(created.sent).toHaveLength(1));
    expect(created.sent[0]?.args).toEqual([expect.any(Function)]);
    created.answer(0, { code: 'NOT_AUTHORIZED', message: 'Not authorized' });
    await expect(answered).rejects.toMatchObject({ name: 'ApiError', code: 'NOT_AUTHORIZED' });
  });

  it('imports the client once, however many requests and connects come first, and sends them in order', async () => {
    const { request, socket } = await loadModule();
    void socket.connect();
    void request('user:logout');
    void request('user:check-logged-in', 'token');
    void socket.connect();
    await codeArrives();
    void request('user:logout');
    const created = createdSocket();
    await vi.waitFor(() => expect(created.sent).toHaveLength(3));
    expect(created.sent.map(({ event }) => event)).toEqual([
      'user:logout',
      'user:check-logged-in',
      'user:logout',
    ]);
    expect(client.imports).toBe(1);
    expect(client.created).toHaveLength(1);
  });

  it('delivers pushes subscribed before the client exists, and not those unsubscribed before or after', async () => {
    const { onPush, socket } = await loadModule();
    const kept = vi.fn();
    const dropped = vi.fn();
    const droppedLater = vi.fn();
    onPush('server:build', kept);
    onPush('server:build', dropped)();
    const stopLater = onPush('server:build', droppedLater);
    await Promise.all([socket.connect(), codeArrives()]);
    const created = createdSocket();

    created.push('server:build', { buildId: 'b1' });
    expect(kept).toHaveBeenCalledWith({ buildId: 'b1' });
    expect(dropped).not.toHaveBeenCalled();
    expect(droppedLater).toHaveBeenCalledOnce();

    stopLater();
    const after = vi.fn();
    onPush('server:build', after);
    created.push('server:build', { buildId: 'b2' });
    expect(droppedLater).toHaveBeenCalledOnce();
    expect(kept).toHaveBeenCalledTimes(2);
    expect(after).toHaveBeenCalledWith({ buildId: 'b2' });
  });

  it('unsubscribes one subscription of a listener subscribed twice', async () => {
    const { onPush, socket } = await loadModule();
    const listener = vi.fn();
    onPush('server:build', listener);
    const stop = onPush('server:build', listener);
    await Promise.all([socket.connect(), codeArrives()]);
    stop();
    createdSocket().push('server:build', {});
    expect(listener).toHaveBeenCalledOnce();
  });

  it("attaches the connection's own listeners (reconnect) added before it exists, and removes them", async () => {
    const { socket } = await loadModule();
    const onReconnect = vi.fn();
    socket.io.on('reconnect', onReconnect);
    await Promise.all([socket.connect(), codeArrives()]);
    const created = createdSocket();
    created.reconnected();
    expect(onReconnect).toHaveBeenCalledOnce();
    socket.io.off('reconnect', onReconnect);
    created.reconnected();
    expect(onReconnect).toHaveBeenCalledOnce();
  });

  it('fails a request as unanswered when the client cannot load, and loads it again for the next', async () => {
    const { request } = await loadModule();
    client.failsNext = true;
    await expect(request('user:logout')).rejects.toMatchObject({ name: 'ApiError', code: 'UPSTREAM' });
    void request('user:logout');
    await vi.waitFor(() => expect(client.imports).toBe(2));
    client.arrive();
    await vi.waitFor(() => expect(createdSocket().sent).toHaveLength(1));
  });

  it('disconnects the client once it exists', async () => {
    const { socket } = await loadModule();
    await Promise.all([socket.connect(), codeArrives()]);
    const created = createdSocket();
    expect(created.active).toBe(true);
    socket.disconnect();
    expect(created.active).toBe(false);
  });
});
