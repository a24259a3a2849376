import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/test-database';
import { createLogger } from '../logging';
import type { DatabaseHandle } from './client';
import { applyMigrations } from './migrate';
import { refreshStatistics } from './statistics';

describe('refreshStatistics', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openTestDatabase();
    await applyMigrations(database);
  });
  afterAll(() => database.close());

  it('gives the planner statistics of the rows just written', async () => {
    await database.db.execute(
      sql`insert into companies (id, nr, name) select gen_random_uuid(), n, 'Company ' || n from generate_series(1, 50) n`,
    );
    await refreshStatistics({ database, logger: createLogger('silent') });
    const { rows } = (await database.db.execute(
      sql`select reltuples from pg_class where relname = 'companies'`,
    )) as unknown as { rows: { reltuples: number }[] };
    expect(Number(rows[0]?.reltuples)).toBeGreaterThanOrEqual(50);
  });
});
