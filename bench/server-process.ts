/**
 * Starts Karm as a separate process tree the way a user does (`npm start` by default), on a data
 * folder of its own, and reads the tree's memory from /proc. Used by the start-up and loading
 * benchmarks; `BENCH_SERVER_COMMAND` runs another command (e.g. `node packages/server/dist/main.js`).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '..');

export const serverCommand = () => process.env.BENCH_SERVER_COMMAND ?? 'npm start';

export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });

export type ServerProcess = { child: ChildProcess; port: number; url: string };

export const launchServer = async (
  dataDir: string,
  options: { command?: string; env?: Record<string, string> } = {},
): Promise<ServerProcess> => {
  const [file = 'npm', ...args] = (options.command ?? serverCommand()).split(' ').filter(Boolean);
  const port = await freePort();
  const child = spawn(file, args, {
    cwd: ROOT,
    // Its own process group, so that the whole tree can be stopped at once.
    detached: true,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      INIT_CWD: ROOT,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      ACCOUNTING_SYNC: 'false',
      ...options.env,
    },
  });
  return { child, port, url: `http://127.0.0.1:${port}` };
};

const isHealthy = async (url: string) => {
  try {
    return (await fetch(`${url}/api/health`)).ok;
  } catch {
    return false;
  }
};

/** Milliseconds from now until /api/health answers 200. */
export const waitHealthy = async ({ child, url }: ServerProcess, timeoutMs: number) => {
  const started = performance.now();
  while (performance.now() - started < timeoutMs) {
    if (child.exitCode !== null) throw new Error(`the server command exited with ${child.exitCode}`);
    if (await isHealthy(url)) return performance.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`not healthy after ${timeoutMs} ms`);
};

export const stopServer = async ({ child }: ServerProcess) => {
  if (child.exitCode !== null || !child.pid) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  process.kill(-child.pid, 'SIGTERM');
  await exited;
};

const childrenOf = async (pid: number) => {
  const tasks = await readdir(`/proc/${pid}/task`).catch(() => [] as string[]);
  const lists = await Promise.all(
    tasks.map((task) => readFile(`/proc/${pid}/task/${task}/children`, 'utf8').catch(() => '')),
  );
  return lists.flatMap((list) => list.split(' ').filter(Boolean).map(Number));
};

const processTree = async (pid: number): Promise<number[]> => {
  const children = await childrenOf(pid);
  return [pid, ...(await Promise.all(children.map(processTree))).flat()];
};

export type ProcessMemory = { pid: number; rssKib: number; pssKib: number; command: string };

/** RSS and PSS (shared pages split between the processes sharing them) of every process in the tree. */
export const treeMemory = async ({ child }: ServerProcess): Promise<ProcessMemory[]> =>
  Promise.all(
    (await processTree(child.pid ?? 0)).map(async (pid) => {
      const [rollup, command] = await Promise.all([
        readFile(`/proc/${pid}/smaps_rollup`, 'utf8').catch(() => ''),
        readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => ''),
      ]);
      const field = (name: string) =>
        Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(rollup)?.[1] ?? 0);
      return {
        pid,
        rssKib: field('Rss'),
        pssKib: field('Pss'),
        command: command.split('\0').join(' ').trim(),
      };
    }),
  );

export const mib = (kib: number) => `${(kib / 1024).toFixed(0)} MiB`;
