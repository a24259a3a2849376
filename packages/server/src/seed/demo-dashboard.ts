import { projectCreateSchema } from '@karm/domain/contract';
import { addDays } from '@karm/domain/rules';
import { and, eq, inArray } from 'drizzle-orm';
import { createProject } from '../modules/projects/projects.service';
import { projects } from '../modules/projects/projects.tables';
import { todayIn } from '../platform/clock';
import { type AppContext, administrativeActor } from '../platform/context';

/**
 * What the dashboard needs beyond the other demo data to show every widget with something in it:
 * projects starting within 14 days, and projects delivered and completed over the past months (the
 * completion rate and its trend). Past-due deliveries, today's plans, tasks and project history
 * come from the planner's and planning's demo data; birthdays from the people's dates (demo.ts).
 */
const STARTING_SOON = [
  { name: 'Borettslag Tåsen – nye balkongdører', start: 4, delivery: 45 },
  { name: 'Legekontor Ski – automatisk inngangsparti', start: 11, delivery: 60 },
] as const;

const COMPLETED = [
  { name: 'Barnehage Kolbotn – branndører', delivery: -150 },
  { name: 'Sameiet Majorstuen – vinduer', delivery: -95 },
  { name: 'Butikk Lillestrøm – skyvedør', delivery: -40 },
  { name: 'Kontor Lysaker – glassvegg', delivery: -12 },
] as const;

export const seedDemoDashboard = async (ctx: AppContext, companyId: string, userId: string) => {
  const actor = administrativeActor(companyId, userId, 'demo-seed');
  const today = todayIn(ctx.clock);
  for (const project of STARTING_SOON) {
    await createProject(
      ctx,
      actor,
      projectCreateSchema.parse({
        name: project.name,
        startDate: addDays(today, project.start),
        deliveryDate: addDays(today, project.delivery),
      }),
    );
  }
  const completedIds: string[] = [];
  for (const project of COMPLETED) {
    const created = await createProject(
      ctx,
      actor,
      projectCreateSchema.parse({
        name: project.name,
        startDate: addDays(today, project.delivery - 30),
        deliveryDate: addDays(today, project.delivery),
      }),
    );
    completedIds.push(created.id);
  }
  // Karm has no "complete" action of its own yet (a legacy import brings completed projects): the
  // demo marks them so, as the import would have.
  await ctx.db
    .update(projects)
    .set({ state: 'completed', isClosed: true, endDate: today })
    .where(and(eq(projects.companyId, companyId), inArray(projects.id, completedIds)));
};

/**
 * A date `daysAhead` days from today, `years` years earlier: a demo person's birthday or first day
 * that falls within the dashboard's 14 days whenever the demo is created.
 */
export const anniversaryDaysAhead = (today: string, daysAhead: number, years: number) => {
  const date = addDays(today, daysAhead);
  const year = Number(date.slice(0, 4)) - years;
  // 29 February only exists in some years; the day before is as good for a demo.
  const monthDay = date.slice(5) === '02-29' ? '02-28' : date.slice(5);
  return `${String(year).padStart(4, '0')}-${monthDay}`;
};
