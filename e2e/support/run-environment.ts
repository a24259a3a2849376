import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * One data folder and one port per Playwright run, chosen by the runner before anything reads them
 * (this module is the config's first import) and inherited by the workers and the journeys' server:
 * two runs on one machine never share a database or a port. A value already set is kept.
 */
process.env.KARM_E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), 'karm-e2e-'));
process.env.KARM_E2E_PORT ??= String(3200 + Math.floor(Math.random() * 700));
