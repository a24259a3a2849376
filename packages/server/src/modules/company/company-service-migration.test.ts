import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../platform/db/client';
import { applyMigrations } from '../../platform/db/migrate';
import { migrateBefore } from '../../test/migrate-before';
import { openTestDatabase } from '../../test/test-database';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTestDatabase({ empty: true });
  await migrateBefore(database, '0015_company_history_service_ids');
});
afterAll(async () => {
  await database?.close();
});

const id = (group: number, index: number) => `00000000-0000-7000-8000-00000000${group}00${index}`;
const COMPANY = { matched: id(1, 1), otherCase: id(1, 2), unmatched: id(1, 3), empty: id(1, 4) };

const rows = async <T>(query: ReturnType<typeof sql>) =>
  ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;

describe('migration 0013: the service department and category become ids', () => {
  it('points each company at its department and category of that name, and keeps unmatched names in the history', async () => {
    const companies = [
      [COMPANY.matched, 'Service', 'Servicetekniker'],
      [COMPANY.otherCase, ' service ', 'servicetekniker'],
      [COMPANY.unmatched, 'Borte', 'Forsvunnet'],
      [COMPANY.empty, null, ''],
    ] as const;
    for (const [index, [companyId, department, category]] of companies.entries()) {
      await database.db.execute(sql`insert into companies (id, nr, name, service_department, service_employee_category)
        values (${companyId}, ${8000 + index}, ${companyId}, ${department}, ${category})`);
    }
    // Each company has its own "Service" department (an inactive one too) and "Servicetekniker".
    for (const [index, companyId] of Object.values(COMPANY).entries()) {
      await database.db.execute(sql`insert into departments (id, company_id, name, is_inactive)
        values (${id(2, index)}, ${companyId}, 'Service', true), (${id(3, index)}, ${companyId}, 'Service', false)`);
      await database.db.execute(sql`insert into employee_categories (id, company_id, name)
        values (${id(4, index)}, ${companyId}, 'Servicetekniker')`);
    }

    await applyMigrations(database);

    type Company = {
      id: string;
      service_department_id: string | null;
      service_employee_category_id: string | null;
    };
    const migrated = await rows<Company>(sql`select id::text, service_department_id::text,
      service_employee_category_id::text from companies order by nr`);
    expect(migrated).toEqual([
      { id: COMPANY.matched, service_department_id: id(3, 0), service_employee_category_id: id(4, 0) },
      { id: COMPANY.otherCase, service_department_id: id(3, 1), service_employee_category_id: id(4, 1) },
      { id: COMPANY.unmatched, service_department_id: null, service_employee_category_id: null },
      { id: COMPANY.empty, service_department_id: null, service_employee_category_id: null },
    ]);
    const history = await rows<{ company_id: string; changes: unknown; user_id: string | null }>(
      sql`select company_id::text, changes, user_id from company_history`,
    );
    expect(history).toEqual([
      {
        company_id: COMPANY.unmatched,
        user_id: null,
        changes: [
          { field: 'serviceDepartmentId', from: 'Borte', to: null },
          { field: 'serviceEmployeeCategoryId', from: 'Forsvunnet', to: null },
        ],
      },
    ]);
  });
});
