import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** Removes the run's data folder (only one run-environment.ts made, never a folder someone named). */
export default async () => {
  const dataDir = process.env.KARM_E2E_DATA_DIR;
  if (dataDir?.startsWith(path.join(tmpdir(), 'karm-e2e-')))
    await rm(dataDir, { recursive: true, force: true });
};
