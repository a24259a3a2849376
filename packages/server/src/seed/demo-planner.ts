import { planAddSchema, projectCreateSchema, taskCreateSchema } from '@karm/domain/contract';
import {
  addDays,
  type DayPart,
  isoWeekOf,
  isWorkingDay,
  type PlanSubject,
  twoConsecutiveWeeks,
  weekDates,
} from '@karm/domain/rules';
import { and, eq, inArray } from 'drizzle-orm';
import { customers } from '../modules/customers/customers.tables';
import { employees } from '../modules/employees/employees.tables';
import { addPlan, getPlanner } from '../modules/planner/planner.service';
import { createProject } from '../modules/projects/projects.service';
import { projects } from '../modules/projects/projects.tables';
import { createTask } from '../modules/tasks/tasks.service';
import { todayIn } from '../platform/clock';
import { type AppContext, administrativeActor } from '../platform/context';
import { seedEmployee } from './factories';

/**
 * The demo's resource planner, this week and next: more hands in the workshop and on site, the jobs
 * they build and fit (delivery dates that show every delivery colour, notes to the planner), absence,
 * a task, and one day a leader knowingly overbooked. Booked through the planner's own use case, as a
 * leader would.
 */

const MORE_STAFF = [
  { firstName: 'Jonas', lastName: 'Haugen', workGroup: 'produksjon' },
  { firstName: 'Emma', lastName: 'Kristiansen', workGroup: 'produksjon' },
  { firstName: 'Magnus', lastName: 'Pedersen', workGroup: 'produksjon' },
  { firstName: 'Nora', lastName: 'Andersen', workGroup: 'produksjon' },
  { firstName: 'Henrik', lastName: 'Eriksen', workGroup: 'montasje' },
  { firstName: 'Sara', lastName: 'Jensen', workGroup: 'montasje' },
  { firstName: 'Kristian', lastName: 'Dahl', workGroup: 'montasje' },
  { firstName: 'Ida', lastName: 'Halvorsen', workGroup: 'montasje' },
  { firstName: 'Thomas', lastName: 'Moe', workGroup: 'service' },
] as const;

/** Jobs on the planner; `delivery` is days from today, so every delivery colour shows. */
const JOBS = [
  {
    name: 'Lillestrøm barnehage – brannklassede dører',
    customer: 'Nordbygg Entreprenør AS',
    delivery: 2,
    address: ['Storgata 40', '2000', 'Lillestrøm'],
    note: 'Byggeleder Trond må ringes dagen før montasje (tlf. 922 11 403). Heis kan brukes etter kl. 09.',
    productionHours: 60,
    installationHours: 45,
  },
  {
    name: 'Sagdalen skole – vinduer fløy B',
    customer: 'Lørenskog Eiendom KF',
    delivery: 12,
    address: ['Skolevegen 7', '1470', 'Lørenskog'],
    note: 'Skolen er i drift: støyende arbeid bare etter kl. 15 og i helgene.',
    productionHours: 120,
    installationHours: 80,
  },
  {
    name: 'Rådhusgata 5 – automatisk skyvedør',
    customer: 'Byggmester Hansen AS',
    delivery: -1,
    address: ['Rådhusgata 5', '0151', 'Oslo'],
    note: '',
    productionHours: 16,
    installationHours: 12,
  },
  {
    name: 'Enebolig Nordmann – terrassedør',
    customer: 'Kari og Ola Nordmann',
    delivery: 20,
    address: ['Granstubben 3', '1337', 'Sandvika'],
    note: 'Kunden er hjemme etter kl. 16; nøkkel hos naboen i nr. 5.',
    productionHours: 10,
    installationHours: 6,
  },
] as const;

type Booking = { who: readonly string[]; days: readonly number[]; subject: PlanSubject; part: DayPart };

export const seedDemoPlanner = async (ctx: AppContext, companyId: string, leaderUserId: string) => {
  const actor = administrativeActor(companyId, leaderUserId, 'demo-seed');
  const today = todayIn(ctx.clock);
  for (const person of MORE_STAFF) {
    await seedEmployee(ctx.db, companyId, {
      ...person,
      displayName: `${person.firstName} ${person.lastName}`,
    });
  }
  const customerRows = await ctx.db
    .select({ id: customers.id, name: customers.name })
    .from(customers)
    .where(
      and(
        eq(customers.companyId, companyId),
        inArray(
          customers.name,
          JOBS.map((job) => job.customer),
        ),
      ),
    );
  const customerOf = new Map(customerRows.map((row) => [row.name, row.id]));
  const jobs = [];
  for (const job of JOBS) {
    const [projectAddress, projectPostalCode, projectCity] = job.address;
    jobs.push(
      await createProject(
        ctx,
        actor,
        projectCreateSchema.parse({
          name: job.name,
          customerId: customerOf.get(job.customer) ?? null,
          projectAddress,
          projectPostalCode,
          projectCity,
          startDate: addDays(today, -14),
          deliveryDate: addDays(today, job.delivery),
          noteToPlanner: job.note,
          productionHours: job.productionHours,
          installationHours: job.installationHours,
        }),
      ),
    );
  }
  const [kindergarten, school, slidingDoor, house] = jobs;
  const [office] = await ctx.db
    .select({ id: projects.id })
    .from(projects)
    .where(and(eq(projects.companyId, companyId), eq(projects.name, 'Kontorbygg Økern – automatdører')));
  if (!kindergarten || !school || !slidingDoor || !house) return;

  const staff = await ctx.db
    .select({ id: employees.id, firstName: employees.firstName })
    .from(employees)
    .where(eq(employees.companyId, companyId));
  const idOf = new Map(staff.map((row) => [row.firstName, row.id]));
  // The working days of this week and next, in order: day 0 is this Monday (or the first working day).
  const days = twoConsecutiveWeeks(isoWeekOf(today)).flatMap(weekDates).filter(isWorkingDay);
  const project = (id: string): PlanSubject => ({ kind: 'project', projectId: id });
  const week = [0, 1, 2, 3, 4];
  const nextWeek = [5, 6, 7, 8, 9];
  const bookings: Booking[] = [
    // The workshop builds the school's windows and the kindergarten's doors.
    { who: ['Per', 'Jonas', 'Emma'], days: week, subject: project(school.id), part: 4 },
    { who: ['Magnus'], days: [0, 1, 2], subject: project(kindergarten.id), part: 4 },
    { who: ['Magnus', 'Nora'], days: [3, 4], subject: project(slidingDoor.id), part: 2 },
    { who: ['Nora'], days: [0, 1, 2], subject: project(kindergarten.id), part: 4 },
    { who: ['Nora'], days: [3, 4], subject: project(house.id), part: 2 },
    { who: ['Per', 'Emma', 'Magnus'], days: nextWeek, subject: project(school.id), part: 4 },
    // Installation: the kindergarten before its delivery, then the school next week.
    { who: ['Ingrid', 'Henrik'], days: [0, 1], subject: project(kindergarten.id), part: 4 },
    { who: ['Sara', 'Kristian'], days: [0, 1, 2], subject: project(slidingDoor.id), part: 2 },
    { who: ['Ida'], days: [2, 3, 4], subject: project(house.id), part: 4 },
    // Friday's sliding door on top of a whole day: more than a day, shown in red.
    { who: ['Ida'], days: [4], subject: project(slidingDoor.id), part: 2 },
    { who: ['Ingrid', 'Henrik', 'Sara', 'Kristian'], days: nextWeek, subject: project(school.id), part: 4 },
    ...(office
      ? [{ who: ['Sofie', 'Erik'], days: [1, 6], subject: project(office.id), part: 2 as const }]
      : []),
    // Absence: a week's holiday, a sick day, a course.
    { who: ['Jonas'], days: nextWeek, subject: { kind: 'absence', absence: 'holiday' }, part: 4 },
    { who: ['Kristian'], days: [3], subject: { kind: 'absence', absence: 'sick' }, part: 4 },
    { who: ['Thomas'], days: [7, 8], subject: { kind: 'absence', absence: 'course' }, part: 4 },
  ];
  for (const booking of bookings) {
    const cells = booking.who.flatMap((name) =>
      booking.days.flatMap((index) => {
        const employeeId = idOf.get(name);
        const date = days[index];
        return employeeId && date ? [{ employeeId, date, version: 0 }] : [];
      }),
    );
    if (cells.length === 0) continue;
    // Each cell is read afresh: earlier bookings of the list raised its version.
    const planner = await getPlanner(ctx, actor, isoWeekOf(days[0]!));
    const versionOf = new Map(planner.cells.map((cell) => [`${cell.employeeId}|${cell.date}`, cell.version]));
    await addPlan(
      ctx,
      actor,
      planAddSchema.parse({
        cells: cells.map((cell) => ({
          ...cell,
          version: versionOf.get(`${cell.employeeId}|${cell.date}`) ?? 0,
        })),
        subject: booking.subject,
        dayPart: booking.part,
        // One day on purpose holds more than a whole day (shown in red).
        isOverbookingConfirmed: true,
      }),
    );
  }
  const sofie = idOf.get('Sofie');
  if (sofie && days[2]) {
    await createTask(
      ctx,
      actor,
      taskCreateSchema.parse({
        name: 'Service: skyvedør går tregt, Jernvare Strømmen',
        type: 'service-item-emergency',
        date: days[2],
        description: 'Kunden melder at døra stopper halvveis. Ta med ny sensor.',
        immediateAction: 'Sett døra i åpen stilling til vi kommer.',
        assigneeId: sofie,
      }),
    );
  }
};
