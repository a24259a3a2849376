import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies } from '../../modules/company/company.tables';
import { openTestDatabase } from '../../test/test-database';
import type { DatabaseHandle } from './client';
import { applyMigrations } from './migrate';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

describe('migrations', () => {
  it('can be applied by several starting instances at once, and again at every start', async () => {
    await Promise.all([applyMigrations(database), applyMigrations(database), applyMigrations(database)]);
    await applyMigrations(database);
    const [row] = await database.db.select({ count: sql<number>`count(*)::int` }).from(companies);
    expect(row).toEqual({ count: 0 });
  });
});
