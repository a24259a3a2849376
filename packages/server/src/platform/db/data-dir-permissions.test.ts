import { lstat, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { createContext } from '../create-context';

/**
 * DATA_DIR holds the embedded database, the uploaded files and the secrets key: nothing under it
 * may be readable, writable or searchable by the group or by other users of the machine.
 */
const listOpenToOthers = async (root: string): Promise<string[]> => {
  const open: string[] = [];
  const visit = async (entry: string) => {
    const stats = await lstat(entry);
    if ((stats.mode & 0o077) !== 0)
      open.push(`${path.relative(root, entry) || '.'} ${(stats.mode & 0o777).toString(8)}`);
    if (stats.isDirectory()) for (const name of await readdir(entry)) await visit(path.join(entry, name));
  };
  await visit(root);
  return open;
};

let parent = '';
afterAll(async () => {
  if (parent) await rm(parent, { recursive: true, force: true });
});

describe.skipIf(process.platform === 'win32')('data directory permissions', () => {
  it('creates DATA_DIR, the database, the files and the secrets key for the owner only', async () => {
    parent = await mkdtemp(path.join(tmpdir(), 'karm-data-dir-'));
    // A DATA_DIR that does not exist yet, as on a first start; the environment is the test's own,
    // so DATABASE_URL or SECRETS_KEY from the shell cannot steer it away from the embedded path.
    const dataDir = path.join(parent, 'data');
    const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', ACCOUNTING_SYNC: 'false' });
    // Opened twice: PGlite writes some files (the relation cache) on every start, not only the first.
    for (let start = 0; start < 2; start++) {
      const ctx = await createContext(config);
      try {
        expect(ctx.database.kind).toBe('pglite');
        await ctx.files.save(Buffer.from('an uploaded file'));
      } finally {
        await ctx.database.close();
      }
    }
    const names = await readdir(dataDir);
    expect(names).toEqual(expect.arrayContaining(['db', 'files', 'secrets.key']));
    expect(await listOpenToOthers(dataDir)).toEqual([]);
  }, 120_000);
});
