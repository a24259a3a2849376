import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { io, type Socket } from 'socket.io-client';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp, type KarmApp } from '../../app';
import { loadConfig } from '../../config';
import { DEFAULT_TEST_PASSWORD, seedCompany, seedUser } from '../../seed/factories';
import { openTestDatabase } from '../../test/test-database';
import { createContext } from '../create-context';
import type { DatabaseHandle } from '../db/client';
import { createLogger } from '../logging';

/**
 * Several Karm instances behind a load balancer share one database and one Redis: a push made on
 * one instance must reach the clients connected to the other.
 */
const REDIS_URL = process.env.TEST_REDIS_URL;

const apps: KarmApp[] = [];
const sockets: Socket[] = [];
let database: DatabaseHandle | undefined;
let dataDir = '';

afterAll(async () => {
  for (const socket of sockets) socket.close();
  for (const app of apps) await app.close();
  await database?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

const connect = (url: string, token?: string) =>
  new Promise<Socket>((resolve, reject) => {
    const socket = io(url, { transports: ['websocket'], reconnection: false, auth: token ? { token } : {} });
    sockets.push(socket);
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });

const emit = <T>(socket: Socket, event: string, payload?: unknown) =>
  new Promise<T>((resolve, reject) => {
    const ack = (error: unknown, result: T) =>
      error ? reject(new Error(JSON.stringify(error))) : resolve(result);
    if (payload === undefined) socket.emit(event, ack);
    else socket.emit(event, payload, ack);
  });

describe.skipIf(!REDIS_URL)('several instances with Redis', () => {
  it('a logout on one instance signs the session out on the other', async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'karm-multi-'));
    database = await openTestDatabase();
    const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', REDIS_URL });
    const urls: string[] = [];
    for (let instance = 0; instance < 2; instance++) {
      const ctx = await createContext(config, { database, logger: createLogger('silent') });
      const app = await buildApp(ctx);
      apps.push(app);
      urls.push(await app.listen(0));
    }
    const company = await seedCompany(database.db);
    const user = await seedUser(database.db, { companyIds: [company.id] });

    const onFirst = await connect(urls[0]!);
    const { accessToken } = await emit<{ accessToken: string }>(onFirst, 'authenticate', {
      username: user.username,
      password: DEFAULT_TEST_PASSWORD,
    });
    const onSecond = await connect(urls[1]!, accessToken);
    await expect(emit(onSecond, 'company:get-info')).resolves.toMatchObject({ id: company.id });

    const pushed = new Promise((resolve) => onSecond.once('not-authorized', resolve));
    await emit(onFirst, 'user:logout');
    await pushed;
  });
});
