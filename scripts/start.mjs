#!/usr/bin/env node
// `npm start`: builds the web app and the server if their sources changed since the last build,
// then runs the compiled server in this same process — plain Node, no TypeScript compiler, no
// second process (the builds run as child processes and are gone before the server starts).
import { ensureBuilt } from './build.mjs';

try {
  ensureBuilt();
} catch (error) {
  console.error(error.message);
  process.exit(1);
}
await import('../packages/server/dist/main.js');
