import type { PlanChangeDto } from '@karm/domain/contract';
import { addDays, isoWeekOf, startOfIsoWeek, weekDates } from '@karm/domain/rules';
import { resolveActor } from '@karm/server/modules/auth/sessions.service';
import { employees } from '@karm/server/modules/employees/employees.tables';
import { employeesForPlanner } from '@karm/server/modules/employees/employees-for-planner';
import { planRowsOfWeeks } from '@karm/server/modules/planner/plan-weeks';
import { plans } from '@karm/server/modules/planner/planner.tables';
import { projects } from '@karm/server/modules/projects/projects.tables';
import { projectsForPlanner } from '@karm/server/modules/projects/projects-for-planner';
import { tasks } from '@karm/server/modules/tasks/tasks.tables';
import { newId } from '@karm/server/platform/ids';
import { seedBulkProjects } from '@karm/server/seed/bulk-projects';
import { startTestServer } from '@karm/server/test/test-server';
import { and, eq, gte, lte } from 'drizzle-orm';
import { figuresOf, measure, printFigures, printMemory, printRatio } from './measure';

const EMPLOYEES = 150;
const PLANS = 20_000;
const PROJECTS = 300;
const CALLS = Number(process.env.BENCH_CALLS ?? 200);
const FAN_OUT_SOCKETS = Number(process.env.BENCH_SOCKETS ?? 500);
const FAN_OUT_PUSHES = 20;
const WORK_GROUPS = ['produksjon', 'montasje', 'service', 'admin'];

/** A deterministic stream of numbers in [0, 1) (seed 42), so every run plans the same. */
const random = (() => {
  let state = 42;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
})();

/**
 * `npm run bench -- planner`: 150 employees with 20 000 plans (employee-weeks, about 2½ years each,
 * most days booked), then `planner:get` for two weeks through the socket next to the same four
 * statements run directly (employees, the two weeks' plan rows, tasks, projects in play), with the
 * ratio; and the fan-out of one `plan:add` push to 500 sockets of the company, from emit to receipt
 * (client sockets live in the same process as the server, as in the other benches).
 */
export const run = async () => {
  const server = await startTestServer();
  try {
    const leader = await server.signedInUser({ role: 'leader' });
    const { companyId } = leader;
    const { db } = server.ctx;
    await seedBulkProjects(server.ctx, companyId, PROJECTS);
    const projectIds = (
      await db.select({ id: projects.id }).from(projects).where(eq(projects.companyId, companyId))
    ).map((row) => row.id);
    const employeeRows = await db
      .insert(employees)
      .values(
        Array.from({ length: EMPLOYEES }, (_, index) => ({
          companyId,
          firstName: `Ansatt ${index + 1}`,
          lastName: 'Benk',
          workGroup: WORK_GROUPS[index % WORK_GROUPS.length]!,
        })),
      )
      .returning({ id: employees.id });

    // Weeks ending with the measured fortnight, so the last two are as full as the rest.
    const weeksPerEmployee = Math.ceil(PLANS / EMPLOYEES);
    const measured = { year: 2026, week: 20 };
    const firstMonday = addDays(startOfIsoWeek(measured.year, measured.week), -7 * (weeksPerEmployee - 2));
    let made = 0;
    for (let weekIndex = 0; weekIndex < weeksPerEmployee && made < PLANS; weekIndex++) {
      const week = isoWeekOf(addDays(firstMonday, weekIndex * 7));
      const rows = employeeRows.slice(0, Math.min(EMPLOYEES, PLANS - made)).map((employee) => ({
        companyId,
        employeeId: employee.id,
        ...week,
        days: Array.from({ length: 7 }, (_, day) =>
          day < 5 && random() < 0.85
            ? {
                version: 1,
                bookings: [
                  {
                    kind: 'project' as const,
                    projectId: projectIds[Math.floor(random() * projectIds.length)]!,
                    id: newId(),
                    quarters: random() < 0.5 ? 4 : 2,
                  },
                ],
              }
            : { version: 0, bookings: [] },
        ),
      }));
      await db.insert(plans).values(rows);
      made += rows.length;
    }
    console.log(
      `database: ${server.ctx.database.kind}, employees: ${EMPLOYEES}, plans: ${made}, projects: ${projectIds.length}, calls: ${CALLS}`,
    );

    const actor = await resolveActor(server.ctx, leader.token);
    if (!actor) throw new Error('The bench leader could not be resolved');
    const weeks = [measured, { year: 2026, week: 21 }];
    const dates = weeks.flatMap(weekDates);
    const socketFigures = await measure(CALLS, () => leader.client.request('planner:get', measured));
    const sqlFigures = await measure(CALLS, async () => {
      const [, rows] = await Promise.all([
        employeesForPlanner(db, companyId),
        planRowsOfWeeks(db, companyId, weeks),
        db
          .select()
          .from(tasks)
          .where(
            and(eq(tasks.companyId, companyId), gte(tasks.date, dates[0]!), lte(tasks.date, dates[13]!)),
          ),
      ]);
      const ids = new Set(
        rows.flatMap((row) =>
          row.days.flatMap((slot) =>
            slot.bookings.flatMap((b) => (b.kind === 'project' ? [b.projectId] : [])),
          ),
        ),
      );
      await projectsForPlanner(db, companyId, [...ids]);
    });
    printFigures('planner:get, two weeks — socket', socketFigures);
    printFigures('planner:get, two weeks — SQL directly', sqlFigures);
    printRatio('planner:get, two weeks — socket / SQL', socketFigures, sqlFigures);

    // Fan-out: FAN_OUT_SOCKETS open planners of the company (one session each would cost a password
    // hash per socket; the push goes to the company's room either way), one leader booking.
    const listeners = await Promise.all(
      Array.from({ length: FAN_OUT_SOCKETS }, () => server.connect(leader.token)),
    );
    const receipts: number[] = [];
    const employee = employeeRows[0]!.id;
    for (let push = 0; push < FAN_OUT_PUSHES; push++) {
      const date = addDays('2026-06-01', push);
      const received = listeners.map(
        (listener) =>
          new Promise<number>((resolve) =>
            listener.socket.once('plan:added', (_change: PlanChangeDto) => resolve(performance.now())),
          ),
      );
      const emitted = performance.now();
      await leader.client.request('plan:add', {
        cells: [{ employeeId: employee, date, version: 0 }],
        subject: { kind: 'absence', absence: 'course' },
        dayPart: 4,
      });
      for (const at of await Promise.all(received)) receipts.push(at - emitted);
    }
    printFigures(`plan:add push to ${FAN_OUT_SOCKETS} sockets, emit → receipt`, figuresOf(receipts));
    for (const listener of listeners) listener.close();
    printMemory();
  } finally {
    await server.close();
  }
};
