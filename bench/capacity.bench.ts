import { addDays, DEFAULT_PROCESS_COLUMNS, isoWeekOf, processDate, startOfIsoWeek } from '@karm/domain/rules';
import { resolveActor } from '@karm/server/modules/auth/sessions.service';
import { getCapacity } from '@karm/server/modules/capacity/capacity.service';
import { employees } from '@karm/server/modules/employees/employees.tables';
import { ensureOfferConfig, readOfferSettings } from '@karm/server/modules/offers/offer-config.service';
import { offers } from '@karm/server/modules/offers/offers.tables';
import { plans } from '@karm/server/modules/planner/planner.tables';
import { ensureProcessColumns } from '@karm/server/modules/processes/process-columns.service';
import { processColumns, processEntries } from '@karm/server/modules/processes/processes.tables';
import { projects } from '@karm/server/modules/projects/projects.tables';
import { newId } from '@karm/server/platform/ids';
import { eq, sql } from 'drizzle-orm';
import { startBenchServer } from './bench-server';
import { measure, printFigures, printMemory, printRatio } from './measure';

const EMPLOYEES = 150;
const PLANS = 20_000;
const PROJECTS = 5_000;
const OPEN_OFFERS = 2_000;
const CALLS = Number(process.env.BENCH_CALLS ?? 100);
const WEEKS = 5;
const BATCH = 500;
const WORK_GROUPS = ['produksjon', 'montasje', 'service', 'admin'];

/** A deterministic stream of numbers in [0, 1) (seed 42), so every run forecasts the same. */
const random = (() => {
  let state = 42;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
})();

const inBatches = async <Row>(rows: Row[], insert: (batch: Row[]) => Promise<unknown>) => {
  for (let index = 0; index < rows.length; index += BATCH) await insert(rows.slice(index, index + BATCH));
};

/**
 * `npm run bench -- capacity`: 150 employees, 20 000 plans (employee-weeks, most days booked), 5 000
 * projects (a little over half active, each with production and installation hours, a delivery date
 * within half a year either side of the measured weeks and its eleven process cells) and 2 000 open
 * offers with hours and an expected delivery; then `capacity:get` for five weeks through the socket
 * next to the same use case called in process (the same statements and arithmetic, no socket,
 * session, permission check, validation or serialisation), with the ratio.
 */
export const run = async () => {
  const server = await startBenchServer();
  try {
    const leader = await server.signedInUser({ role: 'leader' });
    const { companyId } = leader;
    const { db } = server.ctx;
    const measured = { year: 2026, week: 20 };
    const measuredMonday = startOfIsoWeek(measured.year, measured.week);

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

    await ensureProcessColumns(db, companyId);
    const columns = await db
      .select({ id: processColumns.id, key: processColumns.key })
      .from(processColumns)
      .where(eq(processColumns.companyId, companyId));
    const factorOf = new Map(DEFAULT_PROCESS_COLUMNS.map((column) => [column.id, column.factor]));
    const projectRows = Array.from({ length: PROJECTS }, (_, index) => {
      const delivery = addDays(measuredMonday, Math.floor(random() * 364) - 182);
      const roll = random();
      return {
        id: newId(),
        companyId,
        number: 1_001 + index,
        name: `Prosjekt ${1_001 + index}`,
        state: (roll < 0.55 ? 'active' : roll < 0.9 ? 'completed' : 'archived') as
          | 'active'
          | 'completed'
          | 'archived',
        deliveryDate: delivery,
        productionHours: 10 + Math.floor(random() * 120),
        installationHours: 5 + Math.floor(random() * 80),
      };
    });
    await inBatches(projectRows, (batch) => db.insert(projects).values(batch));
    const cells = projectRows.flatMap((project) =>
      columns.map((column) => ({
        companyId,
        projectId: project.id,
        columnId: column.id,
        date: processDate(project.deliveryDate, factorOf.get(column.key) ?? 0),
      })),
    );
    await inBatches(cells, (batch) => db.insert(processEntries).values(batch));

    await ensureOfferConfig(db, companyId);
    const open = (await readOfferSettings(db, companyId)).statuses.filter(
      (status) => !status.isWon && !status.isLost,
    );
    const offerRows = Array.from({ length: OPEN_OFFERS }, (_, index) => ({
      companyId,
      number: 10_001 + index,
      statusId: open[index % open.length]!.id,
      statusChangedAt: measuredMonday,
      projectName: `Tilbud ${10_001 + index}`,
      // A few without an expected delivery: the forecast counts them apart.
      expectedDeliveryDate: random() < 0.1 ? null : addDays(measuredMonday, Math.floor(random() * 364) - 182),
      productionHours: 10 + Math.floor(random() * 100),
      installationHours: 5 + Math.floor(random() * 60),
    }));
    await inBatches(offerRows, (batch) => db.insert(offers).values(batch));

    // Weeks ending with the measured five, so those are as full as the rest.
    const weeksPerEmployee = Math.ceil(PLANS / EMPLOYEES);
    const firstMonday = addDays(measuredMonday, -7 * (weeksPerEmployee - WEEKS));
    const active = projectRows.filter((project) => project.state === 'active').map((project) => project.id);
    let made = 0;
    for (let weekIndex = 0; weekIndex < weeksPerEmployee && made < PLANS; weekIndex++) {
      const week = isoWeekOf(addDays(firstMonday, weekIndex * 7));
      const rows = employeeRows.slice(0, Math.min(EMPLOYEES, PLANS - made)).map((employee) => ({
        companyId,
        employeeId: employee.id,
        ...week,
        days: Array.from({ length: 7 }, (_, day) => {
          if (day >= 5 || random() >= 0.85) return { version: 0, bookings: [] };
          const isAbsent = random() < 0.05;
          return {
            version: 1,
            bookings: [
              isAbsent
                ? { kind: 'absence' as const, absence: 'holiday' as const, id: newId(), quarters: 4 }
                : {
                    kind: 'project' as const,
                    projectId: active[Math.floor(random() * active.length)]!,
                    id: newId(),
                    quarters: random() < 0.5 ? 4 : 2,
                  },
            ],
          };
        }),
      }));
      await db.insert(plans).values(rows);
      made += rows.length;
    }
    await db.execute(sql`analyze`);
    console.log(
      `database: ${server.ctx.database.kind}, employees: ${EMPLOYEES}, plans: ${made}, projects: ${PROJECTS} (${active.length} active, ${cells.length} process cells), open offers: ${OPEN_OFFERS}, weeks: ${WEEKS}, calls: ${CALLS}`,
    );

    const actor = await resolveActor(server.ctx, leader.token);
    if (!actor) throw new Error('The bench leader could not be resolved');
    // A socket of its own after the seeding: minutes of SQL on the event loop (PGlite) can outlast
    // the first socket's heartbeat.
    const client = await server.connect(leader.token);
    const input = { fromWeek: measured, weeks: WEEKS };
    const answer = await client.request('capacity:get', input);
    const demand = answer.cells.reduce((sum, cell) => sum + cell.unplannedDemandHours, 0);
    const pipeline = answer.cells.reduce((sum, cell) => sum + cell.pipelineHours, 0);
    console.log(
      `answer: ${answer.cells.length} cells, unplanned demand ${demand.toFixed(0)} h, pipeline ${pipeline.toFixed(0)} h, unplaced offers ${answer.unplacedOfferCount}`,
    );
    const socketFigures = await measure(CALLS, () => client.request('capacity:get', input));
    const sqlFigures = await measure(CALLS, () => getCapacity(server.ctx, actor, input));
    printFigures('capacity:get, five weeks — socket', socketFigures);
    printFigures('capacity:get, five weeks — same SQL in process', sqlFigures);
    printRatio('capacity:get, five weeks — socket / in process', socketFigures, sqlFigures);
    printMemory();
  } finally {
    await server.close();
  }
};
