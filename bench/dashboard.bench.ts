import { Agent } from 'node:http';
import { parseArgs } from 'node:util';
import { DASHBOARD_CHANGES_LIMIT, DASHBOARD_ROUTES, type DashboardWidget } from '@karm/domain/contract';
import { addDays, isoWeekOf } from '@karm/domain/rules';
import { resolveActor } from '@karm/server/modules/auth/sessions.service';
import { dashboardAlerts } from '@karm/server/modules/dashboard/dashboard-alerts';
import { dashboardAnniversaries, dashboardWorkStatus } from '@karm/server/modules/dashboard/dashboard-people';
import { dashboardCompletion, dashboardProjects } from '@karm/server/modules/dashboard/dashboard-projects';
import { latestProjectChanges } from '@karm/server/modules/projects/project-dashboard';
import { projectHistory, projects } from '@karm/server/modules/projects/projects.tables';
import { todayIn } from '@karm/server/platform/clock';
import type { Actor, AppContext } from '@karm/server/platform/context';
import { seedUser } from '@karm/server/seed/factories';
import { startTestServer } from '@karm/server/test/test-server';
import { eq } from 'drizzle-orm';
import { getJson } from './http-get';
import { measureAlternately, printFigures, printMemory, printRatio } from './measure';
import { seededRandom, seedPlannerStaff, seedPlanWeeks } from './planner-seed';

/**
 * `npm run bench -- dashboard [--projects N]`: a company of N projects (default 20 000; 100 000 as
 * the issue asks takes a few minutes to seed on PGlite), 60 employees planned this week, 40 people
 * with birthdays, and a project history row per project — then each dashboard widget over REST
 * (`GET /api/dashboard/…`, as the browser asks, all on one keep-alive connection) next to the same
 * use case called in process (the same SQL, without HTTP, session, permission check and JSON),
 * measured call by call in turn, with the ratio. Goal (issue 17): every widget's p95 under 50 ms.
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
  const server = await startTestServer();
  try {
    const admin = await server.signedInUser({ role: 'admin' });
    const started = performance.now();
    await seedDashboardCompany(server.ctx, admin.companyId);
    const count = await server.ctx.db.$count(projects, eq(projects.companyId, admin.companyId));
    console.log(
      `database: ${server.ctx.database.kind}, projects: ${count}, employees: ${EMPLOYEES}, people: ${PEOPLE}, calls per widget: ${CALLS} (seeded in ${((performance.now() - started) / 1000).toFixed(0)} s)`,
    );
    const actor = await resolveActor(server.ctx, admin.token);
    if (!actor) throw new Error('The bench admin could not be resolved');
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    for (const [widget, { path, direct }] of Object.entries(WIDGETS)) {
      const [rest, sql] = await measureAlternately(
        CALLS,
        async () => {
          const response = await getJson(`${server.url}/api${path}`, { token: admin.token }, agent);
          if (response.status !== 200) throw new Error(`${path} answered ${response.status}`);
        },
        () => direct(server.ctx, actor),
      );
      printFigures(`${widget} — REST`, rest);
      printFigures(`${widget} — same SQL directly`, sql);
      printRatio(`${widget} — REST / SQL`, rest, sql);
    }
    // The page asks for every widget at once: the time until the last one has answered.
    const [all] = await measureAlternately(
      Math.min(CALLS, 50),
      () =>
        Promise.all(
          Object.values(WIDGETS).map(({ path }) =>
            getJson(`${server.url}/api${path}`, { token: admin.token }, new Agent()),
          ),
        ),
      async () => undefined,
    );
    printFigures('all six widgets in parallel (new connections) — REST', all);
    agent.destroy();
    printMemory();
  } finally {
    await server.close();
  }
};
