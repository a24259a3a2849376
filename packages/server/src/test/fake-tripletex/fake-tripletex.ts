import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { type Clock, systemClock } from '../../platform/clock';
import { isRecord } from './fake-body';
import { mediaTypeOf, readBody } from './fake-body-reader';
import { checkContract, selectFields } from './fake-contract';
import { createFaults, type FaultRule, faultResponse } from './fake-faults';
import { type FakeConfig, type FakeResponse, fail, notFound, type Route } from './fake-http';
import { FAKE_OWNER_ID } from './fake-sales-state';
import { createFakeState, type FakeState, type RecordedRequest } from './fake-state';
import { findOperation } from './openapi';
import { contactRoutes } from './routes-contacts';
import { customerRoutes } from './routes-customers';
import { invoiceRoutes } from './routes-invoices';
import { orderRoutes } from './routes-orders';
import { productRoutes } from './routes-products';
import { projectRoutes } from './routes-projects';
import { isSessionLive, sessionRoutes } from './routes-session';
import { staffRoutes } from './routes-staff';

export type FakeTripletexOptions = Partial<Omit<FakeConfig, 'owner'>> & {
  /** Who the employee token belongs to, for `>whoAmI`; not listed among employees unless seeded. */
  owner?: { firstName: string; lastName: string };
  /** Stamps `changedAt` and decides session expiry and "today"; share the adapter's in tests. */
  clock?: Clock;
  /** A fixed port (the journeys call it too); any free one by default. */
  port?: number;
};

export type FakeTripletex = {
  /** The API root, `http://127.0.0.1:<port>/v2`. */
  url: string;
  state: FakeState;
  inject: (rule: FaultRule) => void;
  /** Down: every request and connection is destroyed unanswered, as in an outage. */
  setDown: (isDown: boolean) => void;
  close: () => Promise<void>;
};

/** The tokens the fake accepts by default: test-environment tokens, as Tripletex's test server issues. */
export const FAKE_TRIPLETEX_TOKENS = {
  consumerToken: 'test-consumer-token-karm',
  employeeToken: 'test-employee-token-karm',
} as const;

const ROUTES: Route[] = [
  ...sessionRoutes,
  ...customerRoutes,
  ...contactRoutes,
  ...staffRoutes,
  ...productRoutes,
  ...projectRoutes,
  ...orderRoutes,
  ...invoiceRoutes,
];

const readRaw = async (req: IncomingMessage) => {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  return Buffer.concat(chunks);
};

const parseBasic = (header: string | undefined) => {
  const match = /^Basic\s+(.+)$/i.exec(header ?? '');
  if (!match) return null;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon < 0 ? null : { user: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
};

/** The JSON an answer carries; an error gets the request id, as Tripletex's do. */
const answerBody = (response: FakeResponse, requestId: string) =>
  response.status >= 400 && isRecord(response.body) ? { ...response.body, requestId } : response.body;

const send = (res: ServerResponse, response: FakeResponse, requestId: string) => {
  const headers: Record<string, string> = {
    'x-tlx-request-id': requestId,
    // A 429 brings its own rate-limit headers, and may lack the reset one.
    ...(response.status !== 429 && {
      'X-Rate-Limit-Limit': '1000',
      'X-Rate-Limit-Remaining': '999',
      'X-Rate-Limit-Reset': '60',
    }),
    ...response.headers,
  };
  const body = answerBody(response, requestId);
  if (body === undefined) {
    res.writeHead(response.status, headers).end();
    return;
  }
  res.writeHead(response.status, { ...headers, 'content-type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify(body));
};

/** A Tripletex API v2 over real HTTP on loopback, in memory, with fault injection for tests. */
export const startFakeTripletex = async (options: FakeTripletexOptions = {}): Promise<FakeTripletex> => {
  const config: FakeConfig = {
    consumerToken: options.consumerToken ?? FAKE_TRIPLETEX_TOKENS.consumerToken,
    employeeToken: options.employeeToken ?? FAKE_TRIPLETEX_TOKENS.employeeToken,
    companyId: options.companyId ?? 4242,
    companyName: options.companyName ?? 'Dørfabrikken AS',
    owner: { id: FAKE_OWNER_ID, ...(options.owner ?? { firstName: 'Åse', lastName: 'Økonomi' }) },
    exactFullResultSize: options.exactFullResultSize ?? false,
  };
  const state = createFakeState(options.clock ?? systemClock);
  const faults = createFaults();
  const sockets = new Set<Socket>();
  const pendingDelays = new Set<() => void>();
  let isDown = false;
  let isClosed = false;
  let baseUrl = '';

  const delay = (ms: number) =>
    new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        pendingDelays.delete(done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      pendingDelays.add(done);
    });

  const dispatch = (req: IncomingMessage, url: URL, path: string, body: unknown): FakeResponse => {
    const method = req.method ?? 'GET';
    // Only what Tripletex's document declares exists; the fake's routes are a subset of it.
    const documented = findOperation(method, path);
    const candidates = ROUTES.filter((r) => r.pattern.test(path));
    const route = typeof documented === 'string' ? undefined : candidates.find((r) => r.method === method);
    let session = null;
    if (!route?.isPublic) {
      // As at Tripletex, authentication comes before "no such path".
      const basic = parseBasic(req.headers.authorization);
      session = basic ? (state.sessions.get(basic.password) ?? null) : null;
      if (!basic || !session || !isSessionLive(state, session)) {
        return fail(401, 3000, 'Invalid or expired token');
      }
      if (basic.user !== '0' && basic.user !== String(config.companyId)) {
        return fail(403, 9000, 'The employee has no access to this company');
      }
    }
    if (!route || typeof documented === 'string') {
      return documented === 'no-method' ? fail(405, 0, 'Method not allowed') : notFound('Path');
    }
    const mediaType = body === undefined ? null : mediaTypeOf(req.headers['content-type']);
    const contract = checkContract(documented.operation, url.searchParams, body, mediaType);
    if ('response' in contract) return contract.response;
    const response = route.handle({
      state,
      config,
      params: route.pattern.exec(path)?.slice(1) ?? [],
      query: url.searchParams,
      body,
      session,
      baseUrl,
      ifNoneMatch: req.headers['if-none-match'] ?? null,
    });
    return selectFields(response, contract.selection);
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    if (isDown) return void req.socket.destroy();
    const requestId = randomUUID();
    const raw = await readRaw(req);
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const method = req.method ?? 'GET';
    let fullPath = url.pathname;
    try {
      fullPath = decodeURIComponent(url.pathname);
    } catch {}
    if (!fullPath.startsWith('/v2/')) return send(res, notFound('Path'), requestId);
    const path = fullPath.slice('/v2'.length);
    const read = await readBody(raw, req.headers['content-type']);
    const body = 'body' in read ? read.body : undefined;
    const basic = parseBasic(req.headers.authorization);
    const recorded: RecordedRequest = {
      method,
      path,
      query: Object.fromEntries(url.searchParams),
      queryNames: [...url.searchParams.keys()],
      body,
      contentType: raw.length === 0 ? null : mediaTypeOf(req.headers['content-type']),
      companyId: basic?.user ?? null,
    };
    state.requests.push(recorded);

    const fault = faults.take(method, path);
    if (fault && 'delayMs' in fault) await delay(fault.delayMs);
    if (fault && 'until' in fault) await fault.until;
    if (isClosed) return;
    if (isDown) return void req.socket.destroy();
    if (fault && 'status' in fault) {
      const response = faultResponse(fault);
      recorded.answer = { status: response.status, body: answerBody(response, requestId) };
      return send(res, response, requestId);
    }
    const response = 'response' in read ? read.response : dispatch(req, url, path, body);
    // The change is made; only the answer is lost.
    if (fault && 'dropAfterCommit' in fault) return void req.socket.destroy();
    recorded.answer = { status: response.status, body: answerBody(response, requestId) };
    send(res, response, requestId);
  };

  const server = createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) res.writeHead(500).end();
    });
  });
  server.on('connection', (socket) => {
    if (isDown) return void socket.destroy();
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v2`;

  return {
    url: baseUrl,
    state,
    inject: faults.inject,
    setDown: (down) => {
      isDown = down;
      if (down) for (const socket of sockets) socket.destroy();
    },
    close: async () => {
      isClosed = true;
      for (const done of pendingDelays) done();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
};
