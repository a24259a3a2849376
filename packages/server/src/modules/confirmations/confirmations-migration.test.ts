import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../platform/db/client';
import { applyMigrations } from '../../platform/db/migrate';
import { migrateBefore } from '../../test/migrate-before';
import { openTestDatabase } from '../../test/test-database';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTestDatabase({ empty: true });
  await migrateBefore(database, '0025_confirmations');
});
afterAll(async () => {
  await database?.close();
});

const COMPANY = '00000000-0000-7000-8000-000000000001';
const OFFER = '00000000-0000-7000-8000-0000000000a1';
const CONFIRMATION = '00000000-0000-7000-8000-0000000000c1';

const rows = async <T>(query: ReturnType<typeof sql>) =>
  ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;

describe('migration 0025: confirmations with payment rules as rows', () => {
  it('keeps the offer, turns percentages into basis points and continues the numbering', async () => {
    await database.db.execute(sql`insert into companies (id, nr, name) values (${COMPANY}, 9001, 'Firma')`);
    await database.db.execute(sql`insert into confirmations (id, company_id, entity_type, entity_id, number, payment_rules)
      values (${CONFIRMATION}, ${COMPANY}, 'offer', ${OFFER}, 7,
        ${JSON.stringify([
          { description: 'Ved ordre', percent: 33.33 },
          { description: 'Ved levering', percent: 66.67 },
        ])}::jsonb)`);

    await applyMigrations(database);

    const [confirmation] = await rows<{ offer_id: string; version: number; total: string }>(
      sql`select offer_id, version, total from confirmations where id = ${CONFIRMATION}`,
    );
    expect(confirmation).toMatchObject({ offer_id: OFFER, version: 1 });
    const rules = await rows<{
      position: number;
      description: string;
      basis_points: number;
      due_kind: string;
    }>(
      sql`select position, description, basis_points, due_kind from confirmation_payment_rules
        where confirmation_id = ${CONFIRMATION} order by position`,
    );
    expect(rules).toEqual([
      { position: 0, description: 'Ved ordre', basis_points: 3333, due_kind: 'onOrder' },
      { position: 1, description: 'Ved levering', basis_points: 6667, due_kind: 'onOrder' },
    ]);
    const [sequence] = await rows<{ last_value: number }>(
      sql`select last_value from number_sequences where company_id = ${COMPANY} and kind = 'confirmation'`,
    );
    expect(sequence?.last_value).toBe(7);
  });
});
