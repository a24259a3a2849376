import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../platform/db/client';
import { applyMigrations } from '../../platform/db/migrate';
import { migrateBefore } from '../../test/migrate-before';
import { openTestDatabase } from '../../test/test-database';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTestDatabase({ empty: true });
  await migrateBefore(database, '0011_price_matrix_cost');
});
afterAll(async () => {
  await database?.close();
});

const COMPANY = '00000000-0000-7000-8000-000000000011';
const cell = (widthRangeId: string, price: number, cost?: number) => ({
  doorTypeId: 'inner',
  widthRangeId,
  heightRangeId: 'h1',
  price,
  ...(cost === undefined ? {} : { cost }),
});

describe('migration 0011: a cost in every price matrix cell', () => {
  it('gives each saved cell 60 % of its price, rounded to øre, keeping a cost already there and the order', async () => {
    const matrix = {
      doorTypes: [{ id: 'inner', name: 'Innerdør' }],
      widthRanges: [
        { id: 'w1', fromMm: 700, toMm: 900 },
        { id: 'w2', fromMm: 901, toMm: 1100 },
        { id: 'w3', fromMm: 1101, toMm: 1500 },
      ],
      heightRanges: [{ id: 'h1', fromMm: 1800, toMm: 2100 }],
      cells: [cell('w2', 540_000), cell('w1', 450_001), cell('w3', 630_000, 400_000)],
    };
    await database.db.execute(sql`insert into companies (id, nr, name) values (${COMPANY}, 9100, 'Kost AS')`);
    await database.db.execute(sql`insert into price_matrices (id, company_id, matrix)
      values (${COMPANY}, ${COMPANY}, ${JSON.stringify(matrix)}::jsonb)`);

    await applyMigrations(database);

    const { rows } = (await database.db.execute(
      sql`select matrix from price_matrices where company_id = ${COMPANY}`,
    )) as unknown as { rows: { matrix: typeof matrix }[] };
    expect(rows[0]?.matrix).toEqual({
      ...matrix,
      cells: [cell('w2', 540_000, 324_000), cell('w1', 450_001, 270_001), cell('w3', 630_000, 400_000)],
    });
  });
});
