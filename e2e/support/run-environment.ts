import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * One data folder and one port per Playwright run, chosen by the runner before anything reads them
 * (this module is the config's first import) and inherited by the workers and the journeys' server:
 * two runs on one machine never share a database or a port. A value already set is kept.
 */
process.env.KARM_E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), 'karm-e2e-'));
/** Chromium refuses to open these ports (ERR_UNSAFE_PORT); 3659 lies in the range drawn from. */
const PORTS_CHROMIUM_REFUSES = new Set([3659]);
const drawPort = (): number => {
  const port = 3200 + Math.floor(Math.random() * 700);
  return PORTS_CHROMIUM_REFUSES.has(port) ? drawPort() : port;
};
process.env.KARM_E2E_PORT ??= String(drawPort());
