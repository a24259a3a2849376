#!/usr/bin/env node
// `npm run build`: builds the web app (packages/web/dist) and the server bundle
// (packages/server/dist/main.js). `npm start` calls ensureBuilt(), which builds a part only when
// its sources changed since its last build: each build leaves a stamp (a hash of the inputs'
// paths and contents) in its output folder, and a start compares it with the sources' hash now.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
const at = (...parts) => path.join(ROOT, ...parts);
const STAMP_FILE = '.build-stamp';

// What each part is built from; tests and their fixtures do not change a build.
const DOMAIN_INPUTS = ['packages/domain/src', 'packages/domain/package.json', 'package-lock.json'];
const viteBin = () =>
  path.join(
    path.dirname(createRequire(at('packages/web/package.json')).resolve('vite/package.json')),
    'bin/vite.js',
  );

const PARTS = [
  {
    name: 'web app',
    outDir: 'packages/web/dist',
    inputs: [
      'packages/web/src',
      'packages/web/public',
      'packages/web/index.html',
      'packages/web/vite.config.ts',
      'packages/web/tsconfig.json',
      'packages/web/package.json',
      ...DOMAIN_INPUTS,
    ],
    command: () => [process.execPath, [viteBin(), 'build'], at('packages/web')],
  },
  {
    name: 'server',
    outDir: 'packages/server/dist',
    inputs: [
      'packages/server/src',
      'packages/server/build.mjs',
      'packages/server/package.json',
      ...DOMAIN_INPUTS,
    ],
    command: () => [process.execPath, ['build.mjs'], at('packages/server')],
  },
];

const isTestFile = (file) => /\.test\.[cm]?[jt]sx?$/.test(file) || file.split(path.sep).includes('test');

const filesOf = (input) => {
  const full = at(input);
  if (!existsSync(full)) return [];
  if (!statSync(full).isDirectory()) return [input];
  return readdirSync(full, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(ROOT, path.join(entry.parentPath, entry.name)))
    .filter((file) => !isTestFile(file));
};

/** One hash over the inputs' paths and contents (a touched but unchanged file does not count). */
const hashInputs = (inputs) => {
  const hash = createHash('sha256');
  for (const file of inputs.flatMap(filesOf).sort()) {
    hash.update(file.split(path.sep).join('/'));
    hash.update('\0');
    hash.update(readFileSync(at(file)));
    hash.update('\0');
  }
  return hash.digest('hex');
};

const stampOf = (part) => {
  try {
    return readFileSync(at(part.outDir, STAMP_FILE), 'utf8').trim();
  } catch {
    return null;
  }
};

const build = (part, stamp) => {
  console.log(`Building the ${part.name}…`);
  const [command, args, cwd] = part.command();
  const { status } = spawnSync(command, args, { cwd, stdio: 'inherit' });
  if (status !== 0) throw new Error(`Building the ${part.name} failed (exit code ${status}).`);
  writeFileSync(at(part.outDir, STAMP_FILE), `${stamp}\n`);
};

/** Builds every part whose sources changed since its last build (all of them with `force`). */
export const ensureBuilt = ({ force = false } = {}) => {
  for (const part of PARTS) {
    const stamp = hashInputs(part.inputs);
    if (force || stampOf(part) !== stamp) build(part, stamp);
  }
};

if (process.argv[1] === import.meta.filename) {
  try {
    ensureBuilt({ force: !process.argv.includes('--if-changed') });
  } catch (error) {
    console.error(error.message);
    process.exit(1);
  }
}
