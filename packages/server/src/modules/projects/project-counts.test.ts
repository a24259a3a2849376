import { PROJECT_STATUS_FILTERS, type ProjectStatusFilter, projectFiltersSchema } from '@karm/domain/rules';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayIn } from '../../platform/clock';
import { seedBulkProjects } from '../../seed/bulk-projects';
import { type SignedInUser, startTestServer, type TestServer } from '../../test/test-server';
import { companies } from '../company/company.tables';
import { countedProjectTotal } from './project-counts';
import { projectCounts, projects } from './projects.tables';

/**
 * The project list's totals read from project_counts (migration 0031) against the projects
 * themselves, after every kind of write the trigger must follow: bulk inserts whose invoices move
 * projects between invoice states (the 0029 triggers), updates of many rows in one statement, edits
 * that move nothing, deletes — and never another company's projects.
 */
let server: TestServer;
let admin: SignedInUser;
let other: SignedInUser;
beforeAll(async () => {
  server = await startTestServer();
  admin = await server.signedInUser({ role: 'admin' });
  other = await server.signedInUser({ role: 'admin' });
  await seedBulkProjects(server.ctx, admin.companyId, 300);
  await seedBulkProjects(server.ctx, other.companyId, 40, 7);
});
afterAll(async () => {
  await server?.close();
});

type Row = typeof projects.$inferSelect;

/** The status filters as the list means them, worked out from a project's own columns. */
const matchesStatus = (row: Row, status: ProjectStatusFilter, today: string) => {
  switch (status) {
    case 'all':
      return true;
    case 'active':
    case 'completed':
    case 'archived':
      return row.state === status;
    case 'notActive':
      return row.state !== 'active';
    case 'none':
      return row.hasUninvoicedPart;
    case 'pending':
      return row.hasUnsentInvoice;
    case 'paid':
      return row.hasPaidInvoice;
    case 'sent':
      return (
        (row.unpaidDueFirst !== null && row.unpaidDueFirst < today) ||
        (row.unpaidDueLast !== null && row.unpaidDueLast >= today)
      );
  }
};

/** The kept counts, combination by combination, against a grouping of the company's projects. */
const expectCountsToMatchProjects = async (companyId: string) => {
  const combination = sql`state, is_service, has_invoice, has_uninvoiced_part, has_unsent_invoice, has_paid_invoice`;
  const grouped = await server.ctx.db.execute(
    sql`select ${combination}, unpaid_due_first is not null as has_unpaid_sent_invoice, count(*)::int as n
        from projects where company_id = ${companyId} group by 1, 2, 3, 4, 5, 6, 7 order by 1, 2, 3, 4, 5, 6, 7`,
  );
  const kept = await server.ctx.db.execute(
    sql`select ${combination}, has_unpaid_sent_invoice, project_count as n from project_counts
        where company_id = ${companyId} and project_count <> 0 order by 1, 2, 3, 4, 5, 6, 7`,
  );
  const rowsOf = (result: unknown) => (result as { rows: unknown[] }).rows;
  expect(rowsOf(kept)).toEqual(rowsOf(grouped));
};

/** Every combination of the counted filters: the list's total equals the projects that match. */
const expectTotalsToMatchProjects = async (user: SignedInUser) => {
  await expectCountsToMatchProjects(user.companyId);
  const rows = await server.ctx.db.select().from(projects).where(eq(projects.companyId, user.companyId));
  const today = todayIn(server.ctx.clock);
  for (const status of PROJECT_STATUS_FILTERS) {
    for (const isService of [null, true, false]) {
      for (const hasInvoice of [null, true, false]) {
        const expected = rows.filter(
          (row) =>
            matchesStatus(row, status, today) &&
            (isService === null || row.isService === isService) &&
            (hasInvoice === null || row.hasInvoice === hasInvoice),
        ).length;
        const { total } = await user.client.request('projects:filter_new', {
          who: 'alle',
          status,
          isService,
          hasInvoice,
          pageSize: 1,
        });
        expect({ status, isService, hasInvoice, total }).toEqual({
          status,
          isService,
          hasInvoice,
          total: expected,
        });
      }
    }
  }
};

describe('the project list total from the kept counts', () => {
  it('is read from the counts only for everybody’s projects, seen by one who reads them all, broadly filtered', () => {
    const filters = projectFiltersSchema.parse({ who: 'alle', status: 'sent', hasInvoice: true });
    expect(countedProjectTotal(server.ctx.db, admin.companyId, filters, true)).not.toBeNull();
    expect(countedProjectTotal(server.ctx.db, admin.companyId, filters, false)).toBeNull();
    for (const narrower of [
      { who: 'mine' },
      { searchQuery: 'hall' },
      { departments: [admin.companyId] },
      { endedRange: 30 },
    ]) {
      expect(
        countedProjectTotal(
          server.ctx.db,
          admin.companyId,
          { ...filters, ...narrower } as typeof filters,
          true,
        ),
      ).toBeNull();
    }
  });

  it('matches the projects after a bulk load whose invoices set their invoice states', async () => {
    await expectTotalsToMatchProjects(admin);
    await expectTotalsToMatchProjects(other);
  });

  it('follows updates of many projects in one statement, edits that move nothing, and deletes', async () => {
    const { db } = server.ctx;
    const some = db
      .select({ id: projects.id })
      .from(projects)
      .where(eq(projects.companyId, admin.companyId))
      .orderBy(projects.number)
      .limit(40);
    await db.update(projects).set({ state: 'archived', isService: true }).where(inArray(projects.id, some));
    await db
      .update(projects)
      .set({ name: sql`${projects.name} || ' (endret)'` })
      .where(eq(projects.companyId, admin.companyId));
    await db
      .delete(projects)
      .where(
        inArray(
          projects.id,
          db
            .select({ id: projects.id })
            .from(projects)
            .where(eq(projects.companyId, admin.companyId))
            .orderBy(projects.number)
            .limit(15),
        ),
      );
    await expectTotalsToMatchProjects(admin);
    await expectTotalsToMatchProjects(other);
  });

  it('follows projects made through the use case, and counts nothing of a company deleted', async () => {
    await admin.client.request('project:create', { name: 'Ny hall', isService: true });
    await expectTotalsToMatchProjects(admin);
    // A company's projects go with it; their counts go too, without leaving anything behind.
    await server.ctx.db.delete(companies).where(eq(companies.id, other.companyId));
    expect(
      await server.ctx.db.select().from(projectCounts).where(eq(projectCounts.companyId, other.companyId)),
    ).toEqual([]);
  });
});
