import {
  offerStatusPatchSchema,
  offerUpdateSchema,
  planAddSchema,
  projectCreateSchema,
  type TaskCreateInput,
  taskCreateSchema,
} from '@karm/domain/contract';
import { addDays, isoWeekOf, startOfIsoWeek, weekDates, workingDaysOf } from '@karm/domain/rules';
import { and, eq } from 'drizzle-orm';
import { employees } from '../modules/employees/employees.tables';
import { listOfferStatuses, updateOfferStatus } from '../modules/offers/offer-statuses.service';
import { updateOffer } from '../modules/offers/offers.service';
import { offers } from '../modules/offers/offers.tables';
import { addPlan } from '../modules/planner/planner.service';
import { createProject } from '../modules/projects/projects.service';
import { projects } from '../modules/projects/projects.tables';
import { createTask, updateTask } from '../modules/tasks/tasks.service';
import { todayIn } from '../platform/clock';
import { type AppContext, administrativeActor } from '../platform/context';

/** The Friday of the week `weeks` weeks from the week of `today`: the delivery day of a delivery week. */
const fridayIn = (today: string, weeks: number) => {
  const { year, week } = isoWeekOf(addDays(today, 7 * weeks));
  return addDays(startOfIsoWeek(year, week), 4);
};

/** The working days (Monday–Friday, not red days) of the week `weeks` weeks from the week of `today`. */
const workdaysIn = (today: string, weeks: number) =>
  workingDaysOf(weekDates(isoWeekOf(addDays(today, 7 * weeks))));

/** Active projects of a door and window maker with production and installation hours in the coming weeks. */
const DEMO_PROJECTS = [
  { name: 'Lillestrøm kino – automatdører', weeks: 1, production: 24, installation: 16, city: 'Lillestrøm' },
  { name: 'Borettslag Grorud – balkongdører', weeks: 2, production: 60, installation: 40, city: 'Oslo' },
  { name: 'Bekkestua barnehage – vinduer', weeks: 4, production: 45, installation: 30, city: 'Bekkestua' },
] as const;

/**
 * The demo's planning picture, made through the same use cases people use: offer statuses with
 * likelihoods and open offers with hours and an expected delivery (the capacity forecast's pipeline),
 * active projects whose production and installation fall in the coming weeks, the production and
 * installation people booked on them with a holiday and a course among them, and tasks — one
 * overdue, one done — so /tasks, /capacity and the planner have something believable to show.
 */
export const seedDemoPlanning = async (ctx: AppContext, companyId: string, adminUserId: string) => {
  const actor = administrativeActor(companyId, adminUserId, 'demo-seed');
  const today = todayIn(ctx.clock);

  // Likelihoods by status: "Under arbeid" is early days, "Følg opp" is close.
  const likelihoods: Record<string, number> = { 'Under arbeid': 20, Sendt: 40, 'Følg opp': 70 };
  const statuses = await listOfferStatuses(ctx, actor);
  for (const status of statuses) {
    const likelihoodPercent = likelihoods[status.name];
    if (likelihoodPercent === undefined) continue;
    await updateOfferStatus(ctx, actor, status.id, offerStatusPatchSchema.parse({ likelihoodPercent }));
  }
  const statusNamed = (name: string) => statuses.find((status) => status.name === name)?.id ?? null;
  const openOffers = [
    { name: 'Lørenskog skole – nye ytterdører', status: 'Sendt', weeks: 3, production: 40, installation: 24 },
    { name: 'Enebolig Bærum – vinduer', status: 'Følg opp', weeks: 2, production: 12, installation: 8 },
  ];
  for (const demo of openOffers) {
    const [offer] = await ctx.db
      .select({ id: offers.id, version: offers.version })
      .from(offers)
      .where(and(eq(offers.companyId, companyId), eq(offers.projectName, demo.name)));
    if (!offer) continue;
    await updateOffer(
      ctx,
      actor,
      offerUpdateSchema.parse({
        id: offer.id,
        version: offer.version,
        changes: {
          statusId: statusNamed(demo.status),
          productionHours: demo.production,
          installationHours: demo.installation,
          expectedDeliveryDate: fridayIn(today, demo.weeks),
        },
      }),
    );
  }

  const made = [];
  for (const demo of DEMO_PROJECTS) {
    made.push(
      await createProject(
        ctx,
        actor,
        projectCreateSchema.parse({
          name: demo.name,
          projectCity: demo.city,
          startDate: today,
          deliveryDate: fridayIn(today, demo.weeks),
          productionHours: demo.production,
          installationHours: demo.installation,
          installationStaff: 2,
          noteToPlanner: demo.weeks === 1 ? 'Kinoen er åpen fra kl. 16 – montasje før det.' : '',
        }),
      ),
    );
  }
  const [cinema, housing, kindergarten] = made;
  const people = new Map(
    (
      await ctx.db
        .select({ id: employees.id, firstName: employees.firstName })
        .from(employees)
        .where(eq(employees.companyId, companyId))
    ).map((row) => [row.firstName, row.id]),
  );
  const employeeOf = (firstName: string) => people.get(firstName);

  // Bookings: production builds the cinema's doors this week and starts the housing block; the
  // fitters install the cinema next week. Ingrid is on holiday two days, Sofie on a course.
  const book = async (
    firstName: string,
    dates: readonly string[],
    subject: { kind: 'project'; projectId: string } | { kind: 'absence'; absence: 'holiday' | 'course' },
    dayPart: 1 | 2 | 4,
  ) => {
    const employeeId = employeeOf(firstName);
    if (!employeeId || dates.length === 0) return;
    await addPlan(
      ctx,
      actor,
      planAddSchema.parse({
        cells: dates.map((date) => ({ employeeId, date, version: 0 })),
        subject,
        dayPart,
        isOverbookingConfirmed: true,
      }),
    );
  };
  const thisWeek = workdaysIn(today, 0);
  const nextWeek = workdaysIn(today, 1);
  if (cinema && housing && kindergarten) {
    await book('Per', thisWeek.slice(0, 3), { kind: 'project', projectId: cinema.id }, 4);
    await book('Per', thisWeek.slice(3), { kind: 'project', projectId: housing.id }, 4);
    await book('Ola', thisWeek, { kind: 'project', projectId: housing.id }, 2);
    await book('Per', nextWeek, { kind: 'project', projectId: housing.id }, 4);
    await book('Lars', nextWeek.slice(0, 2), { kind: 'project', projectId: cinema.id }, 4);
    await book('Ingrid', nextWeek.slice(2), { kind: 'project', projectId: cinema.id }, 2);
    await book('Ingrid', nextWeek.slice(0, 2), { kind: 'absence', absence: 'holiday' }, 4);
    await book('Sofie', thisWeek.slice(-1), { kind: 'absence', absence: 'course' }, 4);
  }

  const [direct] = await ctx.db
    .select({ id: projects.id })
    .from(projects)
    .where(
      and(eq(projects.companyId, companyId), eq(projects.name, 'Jernvare Strømmen – bytte av automatdør')),
    );
  const task = (input: TaskCreateInput) => createTask(ctx, actor, taskCreateSchema.parse(input));
  const about = (projectId: string | undefined) =>
    projectId ? { entityType: 'project' as const, entityId: projectId } : {};
  await task({
    name: 'Skyvedør går ikke igjen – Jernvare Strømmen',
    date: today,
    description: 'Butikken melder at skyvedøra ved hovedinngangen står åpen. Sensoren reagerer ikke.',
    immediateAction: 'Sett døra i manuell stilling og lås den ved stengetid.',
    assigneeId: employeeOf('Sofie') ?? null,
    ...about(direct?.id),
  });
  await task({
    name: 'Bestill herdet glass til balkongdørene',
    type: 'project',
    date: addDays(today, -2),
    description: '40 felt, 8 mm, mål i arbeidsordren.',
    assigneeId: employeeOf('Per') ?? null,
    ...about(housing?.id),
  });
  await task({
    name: 'Befaring på Bekkestua før produksjon',
    type: 'project',
    date: addDays(today, 3),
    assigneeId: employeeOf('Lars') ?? null,
    ...about(kindergarten?.id),
  });
  await task({
    name: 'Årlig kontroll av automatdør, Storo',
    type: 'service-item',
    date: addDays(today, 6),
    assigneeId: employeeOf('Erik') ?? null,
  });
  // A weekend on call, so the planner's shaded weekend always holds something to read.
  const { year, week } = isoWeekOf(today);
  await task({
    name: 'Helgevakt: automatdører på Storo Storsenter',
    type: 'service-item',
    date: addDays(startOfIsoWeek(year, week), 5),
    description: 'Vakttelefon 915 40 220. Reservesensorer ligger i servicebilen.',
    assigneeId: employeeOf('Erik') ?? null,
  });
  const called = await task({
    name: 'Ring kinoen om montasjedato',
    type: 'project',
    date: addDays(today, -1),
    assigneeId: employeeOf('Lars') ?? null,
    ...about(cinema?.id),
  });
  await updateTask(ctx, actor, called.id, { version: called.version, changes: { isDone: true } });
};
