import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../platform/db/client';
import { applyMigrations } from '../platform/db/migrate';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A PGlite dump file, or the name of a PostgreSQL template database, holding every migration. */
    migratedDatabase: string;
  }
}

/**
 * Migrates one database before the test files run, which each then copy (test-database.ts) instead
 * of migrating their own.
 */
export default async function setup(project: TestProject) {
  if (process.env.KARM_TEST_DB === 'postgres') {
    const adminUrl = process.env.TEST_DATABASE_URL;
    if (!adminUrl) throw new Error('KARM_TEST_DB=postgres needs TEST_DATABASE_URL');
    // A name of this run's own: runs in other worktrees share the server.
    const name = `karm_template_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const handle = await openDatabase({ url: url.toString() });
    await applyMigrations(handle);
    // A template may have no open connection while a copy is made of it.
    await handle.close();
    project.provide('migratedDatabase', name);
    return async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    };
  }
  const handle = await openDatabase({ inMemory: true });
  await applyMigrations(handle);
  const folder = await mkdtemp(path.join(tmpdir(), 'karm-test-template-'));
  const file = path.join(folder, 'migrated.tar');
  // Drizzle keeps the PGlite client it runs on as `$client`.
  const { $client: pglite } = handle.db as unknown as { $client: PGlite };
  const dump = await pglite.dumpDataDir('none');
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  await handle.close();
  project.provide('migratedDatabase', file);
  return () => rm(folder, { recursive: true, force: true });
}
