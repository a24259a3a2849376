#!/usr/bin/env node
// Every test Karm has, in the order a failure is cheapest to find: types, lint, unit, server on
// PGlite, server on PostgreSQL (when TEST_DATABASE_URL is set), build, browser journeys.
import { spawn } from 'node:child_process';

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

// A failure's lines, kept so the summary can repeat them: CI shows only the end of the output, and
// a failed test 40 minutes before the end is otherwise out of sight. Vitest marks a failed file or
// test with FAIL or ×, Playwright with ✘ and a numbered "1) …" heading per failure.
const FAILURE_LINE = /(\bFAIL\b|×|✘|^\s+\d+\) |AssertionError|Error: )/;
const MOST_FAILURE_LINES = 40;
const ANSI_COLOUR = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g');

/** Runs one step with its output passed through, and answers its exit status and failure lines. */
function runStep(command, args, env) {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      stdio: ['inherit', 'pipe', 'pipe'],
      env: { ...process.env, ...env },
    });
    const failureLines = [];
    let unfinishedLine = '';
    const collect = (chunk) => {
      const lines = (unfinishedLine + chunk.toString('utf8')).split('\n');
      unfinishedLine = lines.pop() ?? '';
      for (const line of lines) {
        const plain = line.replace(ANSI_COLOUR, '');
        if (FAILURE_LINE.test(plain) && failureLines.length < MOST_FAILURE_LINES) failureLines.push(plain);
      }
    };
    child.stdout.on('data', (chunk) => {
      process.stdout.write(chunk);
      collect(chunk);
    });
    child.stderr.on('data', (chunk) => {
      process.stderr.write(chunk);
      collect(chunk);
    });
    child.on('close', (status) => resolve({ status, failureLines }));
  });
}

const results = [];
for (const [name, command, args, env] of steps) {
  if (only.length > 0 && !only.some((word) => name.includes(word))) continue;
  console.log(`\n━━ ${name} ━━`);
  const started = Date.now();
  const { status, failureLines } = await runStep(command, args, env);
  results.push({ name, ok: status === 0, seconds: Math.round((Date.now() - started) / 1000), failureLines });
}

console.log('\n━━ summary ━━');
for (const { name, ok, seconds, failureLines } of results) {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${name} (${seconds} s)`);
  if (!ok) for (const line of failureLines) console.log(`       ${line.trim()}`);
}
const failed = results.filter((result) => !result.ok).length;
console.log(`steps: ${results.length - failed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
