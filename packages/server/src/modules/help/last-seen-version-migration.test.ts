import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../platform/db/client';
import { applyMigrations } from '../../platform/db/migrate';
import { migrateBefore } from '../../test/migrate-before';
import { openTestDatabase } from '../../test/test-database';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTestDatabase({ empty: true });
  await migrateBefore(database, '0016_help_texts');
});
afterAll(async () => {
  await database?.close();
});

const USERS = {
  before: '00000000-0000-7000-8000-000000000101',
  alreadySeen: '00000000-0000-7000-8000-000000000102',
};

describe('migration 0013: release notes for the people who used 0.1.0', () => {
  it('marks every existing user as having seen 0.1.0, keeping their profile and a version they have', async () => {
    await database.db.execute(sql`insert into users (id, username, password_hash, profile) values
      (${USERS.before}, 'before', 'x', ${JSON.stringify({ locale: 'nb' })}::jsonb),
      (${USERS.alreadySeen}, 'seen', 'x', ${JSON.stringify({ lastSeenVersion: '0.3.0' })}::jsonb)`);

    await applyMigrations(database);

    const { rows } = (await database.db.execute(
      sql`select id, profile from users order by username`,
    )) as unknown as { rows: { id: string; profile: Record<string, unknown> }[] };
    expect(rows).toEqual([
      { id: USERS.before, profile: { locale: 'nb', lastSeenVersion: '0.1.0' } },
      { id: USERS.alreadySeen, profile: { lastSeenVersion: '0.3.0' } },
    ]);
  });
});
