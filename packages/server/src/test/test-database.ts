import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { inject } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../platform/db/client';

/**
 * One database per test file: PGlite in memory by default; with KARM_TEST_DB=postgres a fresh
 * database on TEST_DATABASE_URL's server, dropped afterwards, so files never see each other's rows.
 *
 * Each starts as a copy of a database the committed migrations were applied to once per run
 * (`global-setup.ts`): a PGlite dump, or a PostgreSQL template database. Creating PGlite and
 * migrating it cost about 4 s per file, loading the dump 1 s. `empty: true` gives a database with no
 * tables at all, for the tests of data migrations.
 */
export const openTestDatabase = async (
  options: { empty?: boolean } = {},
): Promise<DatabaseHandle & { url?: string }> => {
  // Benchmarks start test servers outside Vitest, where nothing was prepared: they migrate their own.
  const template = options.empty || !process.env.VITEST ? undefined : inject('migratedDatabase');
  if (process.env.KARM_TEST_DB !== 'postgres') {
    const from = template ? new Blob([await readFile(template)]) : undefined;
    return openDatabase({ inMemory: true, from });
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('KARM_TEST_DB=postgres needs TEST_DATABASE_URL');
  const name = `karm_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ url: url.toString() });
  return {
    ...handle,
    /** For a second connection to the same database (a second instance). */
    url: url.toString(),
    close: async () => {
      await handle.close();
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      // pg-pool's end() resolves while its connections are still saying goodbye; dropping the
      // database then cuts them off (FATAL 57P01 on a client that is ending, reported as unhandled).
      // So the drop waits, a bounded number of short polls, until the server sees none of them.
      for (let poll = 0; poll < 100; poll++) {
        const { rows } = await dropper.query(
          'select count(*)::int as open from pg_stat_activity where datname = $1',
          [name],
        );
        if (rows[0]?.open === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
};
