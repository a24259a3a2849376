import { PROJECT_STATUS_FILTERS, type ProjectStatusFilter, projectFiltersSchema } from '@karm/domain/rules';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayIn } from '../../platform/clock';
import { administrativeActor } from '../../platform/context';
import { seedBulkProjects } from '../../seed/bulk-projects';
import { type SignedInUser, startTestServer, type TestServer } from '../../test/test-server';
import { companies } from '../company/company.tables';
import { countedCompletionTrend, countedProjectTotal } from './project-counts';
import { projectCompletionTrend } from './project-dashboard';
import { projectCounts, projectDeliveryCounts, projects } from './projects.tables';

/**
 * The project list's totals read from project_counts (migration 0031) against the projects
 * themselves, after every kind of write the trigger must follow: bulk inserts whose invoices move
 * projects between invoice states (the 0029 triggers), updates of many rows in one statement, edits
 * that move nothing, deletes — and never another company's projects. The same for
 * project_delivery_counts (migration 0053) and the dashboard's completion trend read from it.
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

/** The kept delivery counts (migration 0053), day and state by day and state, against the projects. */
const expectDeliveryCountsToMatchProjects = async (companyId: string) => {
  const grouped = await server.ctx.db.execute(
    sql`select delivery_date::text as day, state, count(*)::int as n from projects
        where company_id = ${companyId} and delivery_date is not null group by 1, 2 order by 1, 2`,
  );
  const kept = await server.ctx.db.execute(
    sql`select delivery_date::text as day, state, project_count as n from project_delivery_counts
        where company_id = ${companyId} and project_count <> 0 order by 1, 2`,
  );
  const rowsOf = (result: unknown) => (result as { rows: unknown[] }).rows;
  expect(rowsOf(kept)).toEqual(rowsOf(grouped));
};

/** Every combination of the counted filters: the list's total equals the projects that match. */
const expectTotalsToMatchProjects = async (user: SignedInUser) => {
  await expectCountsToMatchProjects(user.companyId);
  await expectDeliveryCountsToMatchProjects(user.companyId);
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
    // Delivery dates moved a week on, some to none, some given one.
    await db
      .update(projects)
      .set({ deliveryDate: sql`${projects.deliveryDate} + 7`, state: 'completed' })
      .where(and(inArray(projects.id, some), sql`${projects.number} % 3 = 0`));
    await db
      .update(projects)
      .set({ deliveryDate: null })
      .where(and(inArray(projects.id, some), sql`${projects.number} % 3 = 1`));
    await db
      .update(projects)
      .set({ deliveryDate: '2026-11-20' })
      .where(and(eq(projects.companyId, admin.companyId), isNull(projects.deliveryDate)));
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
    expect(
      await server.ctx.db
        .select()
        .from(projectDeliveryCounts)
        .where(eq(projectDeliveryCounts.companyId, other.companyId)),
    ).toEqual([]);
  });
});

describe('the completion trend from the kept delivery counts', () => {
  const dueFilters = (from: string | null, to: string) =>
    projectFiltersSchema.parse({ who: 'alle', status: 'all', fromDate: from, toDate: to });

  it('is read from the counts only for everybody’s projects due up to a day, seen by one who reads them all', () => {
    const filters = dueFilters(null, '2026-11-27');
    const { db } = server.ctx;
    expect(countedCompletionTrend(db, admin.companyId, filters, true, 'year')).not.toBeNull();
    expect(countedCompletionTrend(db, admin.companyId, filters, false, 'year')).toBeNull();
    for (const narrower of [{ who: 'mine' }, { status: 'active' }, { isService: true }, { toDate: null }]) {
      expect(
        countedCompletionTrend(
          db,
          admin.companyId,
          { ...filters, ...narrower } as typeof filters,
          true,
          'year',
        ),
      ).toBeNull();
    }
  });

  it('holds, per year and per month, the projects due in the range and the completed ones', async () => {
    const rows = await server.ctx.db.select().from(projects).where(eq(projects.companyId, admin.companyId));
    for (const [from, to, bucket] of [
      [null, '2026-11-27', 'year'],
      ['2026-01-01', '2026-11-27', 'month'],
      ['2026-10-01', '2026-11-15', 'month'],
    ] as const) {
      const expected = new Map<string, { due: number; completed: number }>();
      for (const row of rows) {
        if (!row.deliveryDate || (from && row.deliveryDate < from) || row.deliveryDate > to) continue;
        const key = bucket === 'year' ? row.deliveryDate.slice(0, 4) : row.deliveryDate.slice(0, 7);
        const counts = expected.get(key) ?? { due: 0, completed: 0 };
        counts.due += 1;
        if (row.state === 'completed') counts.completed += 1;
        expected.set(key, counts);
      }
      const actor = administrativeActor(admin.companyId, admin.userId);
      const trend = await projectCompletionTrend(server.ctx, actor, dueFilters(from, to), bucket);
      expect(trend).toEqual(
        [...expected]
          .sort(([a], [b]) => a.localeCompare(b))
          .map(([key, counts]) => ({ bucket: key, ...counts })),
      );
      expect(trend.length).toBeGreaterThan(0);
    }
  });
});
