import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../platform/db/client';
import { applyMigrations, MIGRATIONS_FOLDER } from '../../platform/db/migrate';
import { migrateBefore } from '../../test/migrate-before';
import { openTestDatabase } from '../../test/test-database';

/** This module's migration, found by its name (its number is given when it is merged). */
const TAG = (
  JSON.parse(readFileSync(path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as {
    entries: { tag: string }[];
  }
).entries.find((entry) => entry.tag.endsWith('_service_templates'))?.tag as string;

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTestDatabase({ empty: true });
  await migrateBefore(database, TAG);
});
afterAll(async () => {
  await database?.close();
});

const COMPANY = '00000000-0000-7000-8000-000000000071';
const UNTOUCHED = '00000000-0000-7000-8000-000000000072';

describe('migration service_templates: service-templates.manage becomes service-templates.write', () => {
  it('keeps a company’s grant under the new name, in its place, and leaves other choices alone', async () => {
    for (const [nr, id] of [COMPANY, UNTOUCHED].entries()) {
      await database.db.execute(
        sql`insert into companies (id, nr, name) values (${id}, ${9100 + nr}, ${id})`,
      );
    }
    const granted = [
      { role: 'office', permission: 'customers.write', isGranted: false },
      { role: 'office', permission: 'service-templates.manage', isGranted: true },
      { role: 'leader', permission: 'tasks.write', isGranted: false },
    ];
    const other = [{ role: 'leader', permission: 'planner.write', isGranted: false }];
    await database.db.execute(
      sql`insert into role_permissions (company_id, overrides) values (${COMPANY}, ${JSON.stringify(granted)}::jsonb), (${UNTOUCHED}, ${JSON.stringify(other)}::jsonb)`,
    );

    await applyMigrations(database);

    const { rows } = (await database.db.execute(
      sql`select company_id, overrides from role_permissions order by company_id`,
    )) as unknown as { rows: { company_id: string; overrides: unknown }[] };
    expect(rows).toEqual([
      {
        company_id: COMPANY,
        overrides: [
          { role: 'office', permission: 'customers.write', isGranted: false },
          { role: 'office', permission: 'service-templates.write', isGranted: true },
          { role: 'leader', permission: 'tasks.write', isGranted: false },
        ],
      },
      { company_id: UNTOUCHED, overrides: other },
    ]);
  });
});
