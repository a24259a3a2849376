import { parseArgs } from 'node:util';
import {
  DASHBOARD_CHANGES_LIMIT,
  DASHBOARD_ROUTES,
  type DashboardWidget,
  REPORT_KEYS,
  reportPath,
} from '@karm/domain/contract';
import { addDays, isoWeekOf } from '@karm/domain/rules';
import { resolveActor } from '@karm/server/modules/auth/sessions.service';
import { ALERT_SOURCES, dashboardAlerts } from '@karm/server/modules/dashboard/dashboard-alerts';
import { dashboardAnniversaries, dashboardWorkStatus } from '@karm/server/modules/dashboard/dashboard-people';
import { dashboardCompletion, dashboardProjects } from '@karm/server/modules/dashboard/dashboard-projects';
import { inquiries } from '@karm/server/modules/inquiries/inquiries.tables';
import { offerStatuses, offers } from '@karm/server/modules/offers/offers.tables';
import { latestProjectChanges } from '@karm/server/modules/projects/project-dashboard';
import { projectHistory, projects } from '@karm/server/modules/projects/projects.tables';
import { deviations } from '@karm/server/modules/quality/quality.tables';
import { readReport } from '@karm/server/modules/reports/reports.service';
import { todayIn } from '@karm/server/platform/clock';
import type { Actor, AppContext } from '@karm/server/platform/context';
import { refreshStatistics } from '@karm/server/platform/db/statistics';
import { seedUser } from '@karm/server/seed/factories';
import { eq } from 'drizzle-orm';
import { startBenchServer } from './bench-server';
import { browsers, getOkJson } from './http-get';
import { measure, measureAlternately, printFigures, printMemory, printRatio } from './measure';
import { seededRandom, seedPlannerStaff, seedPlanWeeks } from './planner-seed';

/**
 * `npm run bench -- dashboard [--projects N]`: a company of N projects (default 20 000; 100 000 as
 * the issue asks takes a few minutes to seed on PGlite), 60 employees planned this week, 40 people
 * with birthdays, and a project history row per project — then each dashboard widget over REST
 * (`GET /api/dashboard/…`, as the browser asks, all on one keep-alive connection) next to the same
 * use case called in process (the same SQL, without HTTP, session, permission check and JSON),
 * measured call by call in turn, with the ratio. Goal (issue 17): every widget's p95 under 50 ms.
 *
 * The reports (`GET /api/reports/<report>?period=all`) are measured the same way, next to
 * `readReport` in process; for them the company also gets an inquiry and an offer per two projects
 * (statuses open, won and lost, owner types and categories spread) and a deviation per ten projects.
 * Goal: every report under 300 ms on PGlite.
 */
const { values: options } = parseArgs({
  args: process.argv.slice(2),
  options: { projects: { type: 'string' } },
  strict: false,
  allowPositionals: true,
});
const PROJECTS = Number(options.projects ?? process.env.BENCH_PROJECTS ?? 20_000);
const CALLS = Number(process.env.BENCH_CALLS ?? 100);
const EMPLOYEES = 60;
const PEOPLE = 40;

const seedDashboardCompany = async (ctx: AppContext, companyId: string) => {
  const { projectIds, employeeIds } = await seedPlannerStaff(ctx, companyId, {
    employees: EMPLOYEES,
    projects: PROJECTS,
  });
  const today = todayIn(ctx.clock);
  await seedPlanWeeks(ctx, companyId, {
    employeeIds,
    projectIds,
    weeks: [isoWeekOf(today)],
    random: seededRandom(),
    isVaried: true,
  });
  const random = seededRandom(7);
  for (let index = 0; index < PEOPLE; index++) {
    const born = addDays(today, Math.floor(random() * 365) - 20_000);
    await seedUser(ctx.db, {
      companyIds: [companyId],
      role: 'technician',
      password: 'bench password',
      dateOfBirth: born,
      dateOfEmployment: addDays(today, -Math.floor(random() * 7_000) - 30),
    });
  }
  // One history row per project, written in pages (the dashboard reads the newest 15).
  for (let start = 0; start < projectIds.length; start += 5_000) {
    await ctx.db.insert(projectHistory).values(
      projectIds.slice(start, start + 5_000).map((projectId, index) => ({
        companyId,
        projectId,
        action: 'updated',
        changes: { name: `Prosjekt ${start + index}` },
        at: new Date(Date.now() - (start + index) * 60_000),
      })),
    );
  }
};

const OWNER_TYPES = ['builderCarpenter', 'hardwareStore', 'publicPropertyCompany', null] as const;
const CATEGORIES = ['kindergarten', 'sportsFacility', 'businessOffices', null] as const;
const DEVIATION_CATEGORIES = ['product', 'production', 'installation', 'supplier'] as const;

/** The reports' records: inquiries, offers (some from an inquiry, some won into a project) and deviations. */
const seedReportRecords = async (ctx: AppContext, companyId: string) => {
  const today = todayIn(ctx.clock);
  const random = seededRandom(11);
  const statuses = await ctx.db
    .insert(offerStatuses)
    .values([
      { companyId, name: 'Sendt', position: 0 },
      { companyId, name: 'Vunnet', position: 1, isWon: true },
      { companyId, name: 'Tapt', position: 2, isLost: true },
    ])
    .returning({ id: offerStatuses.id });
  const projectIds = (
    await ctx.db.select({ id: projects.id }).from(projects).where(eq(projects.companyId, companyId))
  ).map((row) => row.id);
  const count = Math.floor(PROJECTS / 2);
  for (let start = 0; start < count; start += 5_000) {
    const size = Math.min(5_000, count - start);
    const asked = await ctx.db
      .insert(inquiries)
      .values(
        Array.from({ length: size }, (_, index) => ({
          companyId,
          number: 100_000 + start + index,
          receivedDate: addDays(today, -Math.floor(random() * 1_500)),
          projectName: `Forespørsel ${start + index}`,
        })),
      )
      .returning({ id: inquiries.id });
    await ctx.db.insert(offers).values(
      asked.map((inquiry, index) => {
        const status = statuses[Math.floor(random() * 3)]!.id;
        const day = addDays(today, -Math.floor(random() * 1_500));
        return {
          companyId,
          number: 100_000 + start + index,
          statusId: status,
          statusChangedAt: day,
          value: Math.floor(random() * 1_000_000) * 100,
          projectName: `Tilbud ${start + index}`,
          ownerType: OWNER_TYPES[index % OWNER_TYPES.length],
          projectCategory: CATEGORIES[index % CATEGORIES.length],
          inquiryId: index % 3 === 0 ? inquiry.id : null,
          projectId:
            status === statuses[1]!.id ? (projectIds[(start + index) % projectIds.length] ?? null) : null,
          createdAt: new Date(`${day}T10:00:00Z`),
        };
      }),
    );
  }
  const deviationCount = Math.floor(PROJECTS / 10);
  for (let start = 0; start < deviationCount; start += 5_000) {
    await ctx.db.insert(deviations).values(
      Array.from({ length: Math.min(5_000, deviationCount - start) }, (_, index) => ({
        companyId,
        number: start + index + 1,
        title: `Avvik ${start + index}`,
        category: DEVIATION_CATEGORIES[index % DEVIATION_CATEGORIES.length]!,
        severity: 'low' as const,
        status: index % 4 === 0 ? ('open' as const) : ('closed' as const),
        date: addDays(today, -Math.floor(random() * 1_500)),
        reportedAt: new Date(),
      })),
    );
  }
};

const WIDGETS: Record<
  DashboardWidget,
  { path: string; direct: (ctx: AppContext, actor: Actor) => Promise<unknown> }
> = {
  projects: { path: DASHBOARD_ROUTES.projects, direct: dashboardProjects },
  completion: {
    path: `${DASHBOARD_ROUTES.completion}?period=all`,
    direct: (ctx, actor) => dashboardCompletion(ctx, actor, { period: 'all' }),
  },
  workStatus: { path: DASHBOARD_ROUTES.workStatus, direct: dashboardWorkStatus },
  anniversaries: { path: DASHBOARD_ROUTES.anniversaries, direct: dashboardAnniversaries },
  alerts: { path: DASHBOARD_ROUTES.alerts, direct: dashboardAlerts },
  changes: {
    path: DASHBOARD_ROUTES.changes,
    direct: (ctx, actor) => latestProjectChanges(ctx, actor.companyId, DASHBOARD_CHANGES_LIMIT),
  },
};

export const run = async () => {
  const server = await startBenchServer();
  try {
    const admin = await server.signedInUser({ role: 'admin' });
    const started = performance.now();
    await seedDashboardCompany(server.ctx, admin.companyId);
    await seedReportRecords(server.ctx, admin.companyId);
    // As after a seed or import (platform/db/statistics): PGlite has no autovacuum to gather them.
    await refreshStatistics(server.ctx);
    const count = await server.ctx.db.$count(projects, eq(projects.companyId, admin.companyId));
    console.log(
      `database: ${server.ctx.database.kind}, projects: ${count}, employees: ${EMPLOYEES}, people: ${PEOPLE}, calls per widget: ${CALLS} (seeded in ${((performance.now() - started) / 1000).toFixed(0)} s)`,
    );
    const actor = await resolveActor(server.ctx, admin.token);
    if (!actor) throw new Error('The bench admin could not be resolved');
    // Each path calls from an address of its own (`browsers`): all of them from one would pass the
    // API's 1 200 calls a minute on a fast machine.
    const browser = browsers();
    for (const [widget, { path, direct }] of Object.entries(WIDGETS)) {
      const agent = browser.next();
      const [rest, sql] = await measureAlternately(
        CALLS,
        async () => {
          await getOkJson(`${server.url}/api${path}`, { token: admin.token }, agent);
        },
        () => direct(server.ctx, actor),
      );
      printFigures(`${widget} — REST`, rest);
      printFigures(`${widget} — same SQL directly`, sql);
      printRatio(`${widget} — REST / SQL`, rest, sql);
    }
    // The alerts widget is the sum of seven lists' totals: each one alone, to see which costs what.
    for (const [key, source] of Object.entries(ALERT_SOURCES)) {
      const figures = await measure(Math.min(CALLS, 50), async () => source.count(server.ctx, actor));
      printFigures(`alerts — ${key} alone, in process`, figures);
    }
    // The page asks for every widget at once: the time until the last one has answered.
    const firstLoads = browser.next({ keepAlive: false });
    const [all] = await measureAlternately(
      Math.min(CALLS, 50),
      () =>
        Promise.all(
          Object.values(WIDGETS).map(({ path }) =>
            getOkJson(`${server.url}/api${path}`, { token: admin.token }, firstLoads),
          ),
        ),
      async () => undefined,
    );
    printFigures('all six widgets in parallel (new connections) — REST', all);
    // The reports over All Years (SPEC §9's default), each next to the same aggregation in process.
    for (const report of REPORT_KEYS) {
      const path = `${reportPath(report)}?period=all`;
      const agent = browser.next();
      const [rest, sql] = await measureAlternately(
        CALLS,
        async () => {
          await getOkJson(`${server.url}/api${path}`, { token: admin.token }, agent);
        },
        () => readReport(server.ctx, actor, report, { period: 'all' }),
      );
      printFigures(`report ${report} — REST`, rest);
      printFigures(`report ${report} — same SQL directly`, sql);
      printRatio(`report ${report} — REST / SQL`, rest, sql);
    }
    const reportLoads = browser.next({ keepAlive: false });
    const [reports] = await measureAlternately(
      Math.min(CALLS, 50),
      () =>
        Promise.all(
          REPORT_KEYS.map((report) =>
            getOkJson(
              `${server.url}/api${reportPath(report)}?period=all`,
              { token: admin.token },
              reportLoads,
            ),
          ),
        ),
      async () => undefined,
    );
    printFigures(`all ${REPORT_KEYS.length} reports in parallel (new connections) — REST`, reports);
    browser.close();
    printMemory();
  } finally {
    await server.close();
  }
};
