import type { PlanChangeDto } from '@karm/domain/contract';
import { addDays, isoWeekOf, startOfIsoWeek, weekDates } from '@karm/domain/rules';
import { resolveActor } from '@karm/server/modules/auth/sessions.service';
import { valuesOf } from '@karm/server/modules/collections/collection-values';
import { employeesForPlanner } from '@karm/server/modules/employees/employees-for-planner';
import { planRowsOfWeeks } from '@karm/server/modules/planner/plan-weeks';
import { projectsForPlanner } from '@karm/server/modules/projects/projects-for-planner';
import { tasks } from '@karm/server/modules/tasks/tasks.tables';
import { and, eq, gte, lte } from 'drizzle-orm';
import { startBenchServer } from './bench-server';
import { figuresOf, measure, printFigures, printMemory, printRatio } from './measure';
import { seededRandom, seedPlannerStaff, seedPlanWeeks } from './planner-seed';

const EMPLOYEES = 150;
const PLANS = 20_000;
const PROJECTS = 300;
const CALLS = Number(process.env.BENCH_CALLS ?? 200);
const FAN_OUT_SOCKETS = Number(process.env.BENCH_SOCKETS ?? 500);
const FAN_OUT_PUSHES = 20;

/**
 * `npm run bench -- planner`: 150 employees with 20 000 plans (employee-weeks, about 2½ years each,
 * most days booked), then `planner:get` for two weeks through the socket next to the same five
 * statements run directly (employees, the work groups, the two weeks' plan rows, tasks, projects in
 * play), with the
 * ratio; and the fan-out of one `plan:add` push to 500 sockets of the company, from emit to receipt
 * (client sockets live in the same process as the server, as in the other benches).
 */
export const run = async () => {
  const server = await startBenchServer();
  try {
    const leader = await server.signedInUser({ role: 'leader' });
    const { companyId } = leader;
    const { db } = server.ctx;
    const { projectIds, employeeIds } = await seedPlannerStaff(server.ctx, companyId, {
      employees: EMPLOYEES,
      projects: PROJECTS,
    });
    // Weeks ending with the measured fortnight, so the last two are as full as the rest.
    const weeksPerEmployee = Math.ceil(PLANS / EMPLOYEES);
    const measured = { year: 2026, week: 20 };
    const firstMonday = addDays(startOfIsoWeek(measured.year, measured.week), -7 * (weeksPerEmployee - 2));
    const made = await seedPlanWeeks(server.ctx, companyId, {
      employeeIds,
      projectIds,
      weeks: Array.from({ length: weeksPerEmployee }, (_, index) =>
        isoWeekOf(addDays(firstMonday, index * 7)),
      ),
      random: seededRandom(),
      limit: PLANS,
    });
    console.log(
      `database: ${server.ctx.database.kind}, employees: ${EMPLOYEES}, plans: ${made}, projects: ${projectIds.length}, calls: ${CALLS}`,
    );

    const actor = await resolveActor(server.ctx, leader.token);
    if (!actor) throw new Error('The bench leader could not be resolved');
    const weeks = [measured, { year: 2026, week: 21 }];
    const dates = weeks.flatMap(weekDates);
    const socketFigures = await measure(CALLS, () => leader.client.request('planner:get', measured));
    const sqlFigures = await measure(CALLS, async () => {
      const [, , rows] = await Promise.all([
        employeesForPlanner(db, companyId),
        valuesOf(db, companyId, 'workGroup'),
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
    const employee = employeeIds[0]!;
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
