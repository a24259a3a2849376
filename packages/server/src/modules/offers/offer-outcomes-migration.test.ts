import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../platform/db/client';
import { applyMigrations } from '../../platform/db/migrate';
import { migrateBefore } from '../../test/migrate-before';
import { openTestDatabase } from '../../test/test-database';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTestDatabase({ empty: true });
  await migrateBefore(database, '0010_offer_outcomes');
});
afterAll(async () => {
  await database?.close();
});

const COMPANIES = {
  /** Stored the starter statuses: Vunnet and Tapt become the won and lost ones. */
  starters: '00000000-0000-7000-8000-000000000001',
  /** Renamed everything: gets a new Vunnet and Tapt at the end. */
  renamed: '00000000-0000-7000-8000-000000000002',
  /** Never wrote an offer: nothing stored, the code's starter statuses carry the flags. */
  untouched: '00000000-0000-7000-8000-000000000003',
};
const status = (company: number, index: number) => `00000000-0000-7000-8000-0000000${company}000${index}`;

const rows = async <T>(query: ReturnType<typeof sql>) =>
  ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;

describe('migration 0010: won and lost offer statuses', () => {
  it('flags the stored Vunnet and Tapt, adds them where missing, and leaves unstored companies alone', async () => {
    for (const [nr, id] of Object.values(COMPANIES).entries()) {
      await database.db.execute(
        sql`insert into companies (id, nr, name) values (${id}, ${9000 + nr}, ${id})`,
      );
    }
    const starters = ['Under arbeid', 'Sendt', 'Følg opp', 'Vunnet', 'Tapt'];
    for (const [position, name] of starters.entries()) {
      await database.db.execute(sql`insert into offer_statuses (id, company_id, name, position)
        values (${status(1, position)}, ${COMPANIES.starters}, ${name}, ${position})`);
    }
    for (const [position, name] of ['Ny', 'Levert'].entries()) {
      await database.db.execute(sql`insert into offer_statuses (id, company_id, name, position)
        values (${status(2, position)}, ${COMPANIES.renamed}, ${name}, ${position})`);
    }
    for (const [company, defaultStatus] of [
      [COMPANIES.starters, status(1, 0)],
      [COMPANIES.renamed, status(2, 0)],
    ]) {
      await database.db.execute(sql`insert into offer_configs
        (company_id, deadline_days, default_status_id, first_number, validity_days)
        values (${company}, 14, ${defaultStatus}, 10001, 30)`);
    }

    await applyMigrations(database);

    type Row = { company_id: string; name: string; position: number; is_won: boolean; is_lost: boolean };
    const all = await rows<Row>(sql`select id, company_id, name, position, is_won, is_lost
      from offer_statuses order by company_id, position`);
    const of = (company: string) =>
      all
        .filter((row) => row.company_id === company)
        .map(({ name, position, is_won, is_lost }) => ({ name, position, is_won, is_lost }));
    expect(of(COMPANIES.starters)).toEqual(
      starters.map((name, position) => ({
        name,
        position,
        is_won: name === 'Vunnet',
        is_lost: name === 'Tapt',
      })),
    );
    expect(of(COMPANIES.renamed)).toEqual([
      { name: 'Ny', position: 0, is_won: false, is_lost: false },
      { name: 'Levert', position: 1, is_won: false, is_lost: false },
      { name: 'Vunnet', position: 2, is_won: true, is_lost: false },
      { name: 'Tapt', position: 3, is_won: false, is_lost: true },
    ]);
    expect(of(COMPANIES.untouched)).toEqual([]);
    // The new statuses' ids are UUID v7, like the app's.
    const added = await rows<{ id: string }>(sql`select id::text from offer_statuses
      where company_id = ${COMPANIES.renamed} and position >= 2`);
    for (const { id } of added)
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-/);
  });
});
