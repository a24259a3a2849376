#!/usr/bin/env node
// Starts the built server bundle (packages/server/dist/main.js) with plain node on a fresh data
// folder, waits for /api/health and for a page of the built web app, and stops it: proof that the
// bundle finds everything it reads at run time (migrations, worker, assets). Run after the build.
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
const PORT = Number(process.env.KARM_SMOKE_PORT ?? 3198);
const dataDir = await mkdtemp(path.join(tmpdir(), 'karm-smoke-'));
const server = spawn(process.execPath, [path.join(ROOT, 'packages/server/dist/main.js')], {
  stdio: ['ignore', 'inherit', 'inherit'],
  env: {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: String(PORT),
    LOG_LEVEL: 'warn',
    DEMO_SEED: 'false',
    PUBLIC_URL: `http://localhost:${PORT}`,
    ACCOUNTING_SYNC: 'false',
  },
});
const exited = new Promise((resolve) => server.once('exit', resolve));

const check = async () => {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
    const health = await fetch(`http://127.0.0.1:${PORT}/api/health`).catch(() => null);
    if (health?.ok) {
      const page = await fetch(`http://127.0.0.1:${PORT}/login`, { headers: { 'accept-encoding': 'br' } });
      const html = await page.text();
      if (!page.ok || !html.includes('id="root"')) throw new Error(`/login answered ${page.status}`);
      return (await health.json()).status;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('not healthy within 60 s');
};

let failure;
try {
  console.log(`server bundle: healthy (${await check()}), /login served`);
} catch (error) {
  failure = error;
} finally {
  server.kill('SIGTERM');
  await exited;
  await rm(dataDir, { recursive: true, force: true });
}
if (failure) {
  console.error(`server bundle: ${failure.message}`);
  process.exit(1);
}
