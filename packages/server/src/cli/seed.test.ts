import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';

/**
 * `npm run seed` is its own process: it imports the use cases without the server (app.ts), so what
 * the server wires up on import must be wired up for it too (module-links.ts). The demo's checklist
 * PDF once failed here with "Record not found" while every in-process test passed.
 */
const SEED_CLI = path.resolve(import.meta.dirname, 'seed.ts');
let dataDir = '';
afterAll(async () => {
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

const runSeed = (environment: Record<string, string>) =>
  new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', SEED_CLI], {
      env: { ...process.env, DATABASE_URL: '', LOG_LEVEL: 'warn', ...environment },
    });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    child.on('exit', (code) => resolve({ code, output }));
  });

// The embedded database is what the command seeds by default; on PostgreSQL it is the same code.
it.skipIf(process.env.KARM_TEST_DB === 'postgres')(
  'seeds the demo into a fresh embedded database as a command of its own',
  async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'karm-seed-'));
    const { code, output } = await runSeed({ DATA_DIR: dataDir });
    expect(output).toContain('Demo data created.');
    expect(code).toBe(0);
  },
  120_000,
);
