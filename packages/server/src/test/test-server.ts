import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp, type KarmApp } from '../app';
import { type Config, loadConfig } from '../config';
import type { Clock } from '../platform/clock';
import type { AppContext } from '../platform/context';
import { createContext } from '../platform/create-context';
import { createLogger } from '../platform/logging';
import { DEFAULT_TEST_PASSWORD, type SeedUserOptions, seedCompany, seedUser } from '../seed/factories';
import { connectTestClient, type TestClient } from './test-client';
import { openTestDatabase } from './test-database';
import { throwawayPasswordHash } from './test-passwords';

/** A clock tests can move. */
export const createTestClock = (start = new Date()) => {
  let now = start.getTime();
  const clock: Clock & { advance: (ms: number) => void; set: (date: Date) => void } = {
    now: () => new Date(now),
    advance: (ms) => {
      now += ms;
    },
    set: (date) => {
      now = date.getTime();
    },
  };
  return clock;
};

export type TestServer = {
  ctx: AppContext;
  app: KarmApp;
  url: string;
  /** The data folder the server keeps files and keys in (a second process can share it). */
  dataDir: string;
  /** On PostgreSQL, the test database's address, for a second instance on the same data. */
  databaseUrl: string | undefined;
  clock: ReturnType<typeof createTestClock>;
  /** A socket client like the browser's; pass a token to connect as a signed-in session. */
  connect: (token?: string, options?: { userAgent?: string }) => Promise<TestClient>;
  /** A company with a user in it, signed in: the usual start of a test. */
  signedInUser: (options?: Partial<SeedUserOptions> & { companyId?: string }) => Promise<SignedInUser>;
  close: () => Promise<void>;
};

export type SignedInUser = {
  client: TestClient;
  token: string;
  userId: string;
  companyId: string;
  username: string;
};

/** Starts a real Karm server on a free port, over its own database and data folder. */
export const startTestServer = async (
  overrides: Record<string, string> = {},
  options: {
    clock?: ReturnType<typeof createTestClock>;
    /**
     * Checks every JSON answer against its response schema (on unless turned off). Benchmarks turn
     * it off: production never pays for it, so their figures must not either.
     */
    checkAnswers?: boolean;
  } = {},
): Promise<TestServer> => {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'karm-test-'));
  const config: Config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    ACCOUNTING_SYNC: 'false',
    // Tests call dispatchDue themselves: no timer runs behind them.
    WEBHOOK_DISPATCH: 'false',
    ...overrides,
  });
  const clock = options.clock ?? createTestClock();
  const database = await openTestDatabase();
  const ctx = await createContext(config, {
    database,
    clock,
    logger: createLogger('silent'),
    // The database closes right after the server: let a run slowed by a busy machine end first.
    jobs: { stopTimeoutMs: 30_000 },
  });
  // Every JSON answer is checked against its route's response schema (never in production).
  const app = await buildApp(ctx, { checkAnswers: options.checkAnswers ?? true });
  const url = await app.listen(0);
  const clients: TestClient[] = [];

  const connect = async (token?: string, options?: { userAgent?: string }) => {
    const client = await connectTestClient(url, token, options);
    clients.push(client);
    return client;
  };

  return {
    ctx,
    app,
    url,
    dataDir,
    databaseUrl: database.url,
    clock,
    connect,
    signedInUser: async (options = {}) => {
      const companyId = options.companyId ?? (await seedCompany(ctx.db)).id;
      const user = await seedUser(ctx.db, {
        ...(options.password === undefined
          ? { passwordHash: await throwawayPasswordHash(DEFAULT_TEST_PASSWORD) }
          : {}),
        ...options,
        companyIds: [companyId],
      });
      const client = await connect();
      const login = await client.request('authenticate', {
        username: user.username,
        password: options.password ?? DEFAULT_TEST_PASSWORD,
      });
      return { client, token: login.accessToken, userId: user.id, companyId, username: user.username };
    },
    close: async () => {
      for (const client of clients) client.close();
      // A test that never reads a response body (a refused download) leaves its keep-alive
      // connection busy, and closing would wait for it: the test is over, so cut every connection.
      app.fastify.server.closeAllConnections();
      await app.close();
      await database.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
};

/** A response body with the type the test expects (the contract's DTO or error payload). */
export const bodyOf = async <T>(response: Response) => (await response.json()) as T;
