#!/usr/bin/env node
// Every test Karm has, in the order a failure is cheapest to find: types, lint, unit, server on
// PGlite, server on PostgreSQL (when TEST_DATABASE_URL is set), build, browser journeys.
import { spawnSync } from 'node:child_process';

const steps = [
  ['typecheck', 'npm', ['run', 'typecheck']],
  ['lint', 'npx', ['biome', 'ci', '.']],
  ['domain unit tests', 'npm', ['test', '--workspace', '@karm/domain']],
  ['web component tests', 'npm', ['test', '--workspace', '@karm/web']],
  ['server tests on PGlite', 'npm', ['test', '--workspace', '@karm/server'], { KARM_TEST_DB: 'pglite' }],
];
if (process.env.TEST_DATABASE_URL) {
  steps.push([
    'server tests on PostgreSQL',
    'npm',
    ['test', '--workspace', '@karm/server'],
    { KARM_TEST_DB: 'postgres' },
  ]);
} else {
  console.log('TEST_DATABASE_URL is not set: the server tests run on PGlite only.');
}
steps.push(
  ['build', 'npm', ['run', 'build']],
  ['start of the built bundle', 'node', ['scripts/smoke-start.mjs']],
  ['browser journeys', 'npm', ['test', '--workspace', '@karm/e2e']],
);

const only = process.argv.slice(2);
const results = [];
for (const [name, command, args, env] of steps) {
  if (only.length > 0 && !only.some((word) => name.includes(word))) continue;
  console.log(`\n━━ ${name} ━━`);
  const started = Date.now();
  const { status } = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  results.push({ name, ok: status === 0, seconds: Math.round((Date.now() - started) / 1000) });
}

console.log('\n━━ summary ━━');
for (const { name, ok, seconds } of results) console.log(`${ok ? 'ok  ' : 'FAIL'} ${name} (${seconds} s)`);
const failed = results.filter((result) => !result.ok).length;
console.log(`steps: ${results.length - failed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
