import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { DatabaseHandle } from '../platform/db/client';
import { applyMigrations, MIGRATIONS_FOLDER } from '../platform/db/migrate';

type Journal = { entries: { tag: string }[] };

/**
 * Applies the committed migrations before `tag` only, so a test can put rows in the shape they had
 * then and watch `tag` (and the rest, through `applyMigrations`) change them.
 */
export const migrateBefore = async (handle: DatabaseHandle, tag: string) => {
  const { rows } = await handle.runSql(
    `select to_regclass('drizzle.__drizzle_migrations') is not null as migrated`,
  );
  if (rows[0]?.migrated) {
    throw new Error('migrateBefore needs a database without migrations: openTestDatabase({ empty: true })');
  }
  const folder = mkdtempSync(path.join(tmpdir(), 'karm-migrations-'));
  try {
    cpSync(MIGRATIONS_FOLDER, folder, { recursive: true });
    const journalPath = path.join(folder, 'meta', '_journal.json');
    const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as Journal;
    const index = journal.entries.findIndex((entry) => entry.tag === tag);
    if (index < 0) throw new Error(`No migration ${tag}`);
    writeFileSync(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, index) }));
    await applyMigrations(handle, folder);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
};
