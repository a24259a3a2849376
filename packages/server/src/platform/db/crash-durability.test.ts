import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { io } from 'socket.io-client';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * The embedded database must keep every write the server acknowledged, even when the process is
 * killed with SIGKILL in the middle of saving. Runs the real server as a child process.
 */
const SERVER_ENTRY = path.resolve(import.meta.dirname, '../../main.ts');
const PORT = 3000 + Math.floor(Math.random() * 2000) + 4000;

let dataDir = '';
afterAll(async () => {
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

type RunningServer = { child: ChildProcess; exited: Promise<unknown> };

const startServer = async (): Promise<RunningServer> => {
  // Node itself with tsx's loader: one process, so SIGKILL reaches the server and not a wrapper.
  const child = spawn(process.execPath, ['--import', 'tsx', SERVER_ENTRY], {
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      DEMO_SEED: 'true',
    },
    stdio: 'ignore',
  });
  // Listen from the start: a killed child may exit before anyone waits for it.
  const exited = new Promise((resolve) => child.once('exit', resolve));
  // A first start migrates, seeds the demo and installs the job queue: on a busy machine that takes a while.
  for (let attempt = 0; attempt < 900; attempt++) {
    try {
      if ((await fetch(`http://127.0.0.1:${PORT}/api/health`)).ok) return { child, exited };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill('SIGKILL');
  throw new Error('Server did not start');
};

const signInAsDemoAdmin = () =>
  new Promise<string>((resolve, reject) => {
    const socket = io(`http://127.0.0.1:${PORT}`, { transports: ['websocket'], reconnection: false });
    socket.emit(
      'authenticate',
      { username: 'admin', password: 'karm-demo' },
      (error: unknown, result: { accessToken: string }) => {
        socket.close();
        if (error) reject(new Error(JSON.stringify(error)));
        else resolve(result.accessToken);
      },
    );
  });

describe.skipIf(process.env.KARM_TEST_DB === 'postgres')('crash durability of the embedded database', () => {
  it('keeps every acknowledged write after kill -9 and starts again on the same data', async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'karm-crash-'));
    const first = await startServer();
    const token = await signInAsDemoAdmin();

    const acknowledged: string[] = [];
    let isKilled = false;
    const writer = async (lane: number) => {
      for (let index = 0; !isKilled; index++) {
        const message = `write-${lane}-${index}`;
        try {
          const response = await fetch(`http://127.0.0.1:${PORT}/api/log`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', token },
            body: JSON.stringify({ action: 'durability', message, level: 'info' }),
          });
          if (response.status === 201) acknowledged.push(message);
        } catch {
          return; // the server is gone
        }
      }
    };
    const lanes = [0, 1, 2, 3].map(writer);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    first.child.kill('SIGKILL');
    isKilled = true;
    await Promise.all(lanes);
    await first.exited;
    await expect(fetch(`http://127.0.0.1:${PORT}/api/health`)).rejects.toThrow();
    expect(acknowledged.length).toBeGreaterThan(20);
    console.log(`acknowledged writes before kill -9: ${acknowledged.length}`);

    // It starts again on the same data, and the demo admin can still sign in.
    const second = await startServer();
    await expect(signInAsDemoAdmin()).resolves.toMatch(/\w+/);
    second.child.kill('SIGTERM');
    await second.exited;

    const database = await PGlite.create({ dataDir: path.join(dataDir, 'db'), extensions: { pg_trgm } });
    const { rows } = await database.query<{ message: string }>(
      "select message from server_logs where action = 'durability'",
    );
    await database.close();
    const stored = new Set(rows.map((row) => row.message));
    expect(acknowledged.filter((message) => !stored.has(message))).toEqual([]);
  }, 240_000);
});
