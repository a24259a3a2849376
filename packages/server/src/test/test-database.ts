import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type DatabaseHandle, openDatabase } from '../platform/db/client';

/**
 * One database per test file: PGlite in memory by default; with KARM_TEST_DB=postgres a fresh
 * database on TEST_DATABASE_URL's server, dropped afterwards, so files never see each other's rows.
 */
export const openTestDatabase = async (): Promise<DatabaseHandle & { url?: string }> => {
  if (process.env.KARM_TEST_DB !== 'postgres') return openDatabase({ inMemory: true });
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('KARM_TEST_DB=postgres needs TEST_DATABASE_URL');
  const name = `karm_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
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
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
};
