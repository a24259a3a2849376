import { type IsoWeek, startOfIsoWeek } from '@karm/domain/rules';
import { employees } from '@karm/server/modules/employees/employees.tables';
import { plans } from '@karm/server/modules/planner/planner.tables';
import { projects } from '@karm/server/modules/projects/projects.tables';
import type { AppContext } from '@karm/server/platform/context';
import { newId } from '@karm/server/platform/ids';
import { seedBulkProjects } from '@karm/server/seed/bulk-projects';
import { eq } from 'drizzle-orm';

/**
 * A planner company for the planner benches: employees in the four default work groups, projects,
 * and plans (employee-weeks) with most working days booked — the same data for the server bench
 * (`planner`) and the browser bench (`planner-render`). Deterministic (seed 42).
 */

export const WORK_GROUPS = ['produksjon', 'montasje', 'service', 'admin'];

/** A deterministic stream of numbers in [0, 1), so every run plans the same. */
export const seededRandom = (seed = 42) => {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
};

export const seedPlannerStaff = async (
  ctx: AppContext,
  companyId: string,
  counts: { employees: number; projects: number },
) => {
  await seedBulkProjects(ctx, companyId, counts.projects);
  const projectIds = (
    await ctx.db.select({ id: projects.id }).from(projects).where(eq(projects.companyId, companyId))
  ).map((row) => row.id);
  const employeeIds = (
    await ctx.db
      .insert(employees)
      .values(
        Array.from({ length: counts.employees }, (_, index) => ({
          companyId,
          firstName: `Ansatt ${String(index + 1).padStart(3, '0')}`,
          lastName: 'Benk',
          workGroup: WORK_GROUPS[index % WORK_GROUPS.length]!,
        })),
      )
      .returning({ id: employees.id })
  ).map((row) => row.id);
  return { projectIds, employeeIds };
};

/**
 * Plan rows for the employees in the given weeks, at most `limit` rows: each working day booked
 * with 85 % likelihood, a whole or half day of a random project — with `isVaried`, now and then two
 * half days of two projects or a day's holiday instead. Answers how many rows it wrote.
 */
export const seedPlanWeeks = async (
  ctx: AppContext,
  companyId: string,
  options: {
    employeeIds: readonly string[];
    projectIds: readonly string[];
    weeks: readonly IsoWeek[];
    random: () => number;
    limit?: number;
    isVaried?: boolean;
  },
) => {
  const {
    employeeIds,
    projectIds,
    weeks,
    random,
    limit = Number.POSITIVE_INFINITY,
    isVaried = false,
  } = options;
  const projectBooking = (index: number, quarters: number) => ({
    kind: 'project' as const,
    projectId: projectIds[index % projectIds.length]!,
    id: newId(),
    quarters,
  });
  const dayOf = () => {
    const index = Math.floor(random() * projectIds.length);
    const roll = isVaried ? random() : 1;
    if (roll < 0.05)
      return [{ kind: 'absence' as const, absence: 'holiday' as const, id: newId(), quarters: 4 }];
    // Two half days of two different projects: a day holds each subject once.
    if (roll < 0.25) return [projectBooking(index, 2), projectBooking(index + 1, 2)];
    return [projectBooking(index, random() < 0.5 ? 4 : 2)];
  };
  let made = 0;
  for (const week of weeks) {
    if (made >= limit) break;
    // Each week must exist: startOfIsoWeek refuses one that does not.
    startOfIsoWeek(week.year, week.week);
    const rows = employeeIds.slice(0, Math.min(employeeIds.length, limit - made)).map((employeeId) => ({
      companyId,
      employeeId,
      ...week,
      days: Array.from({ length: 7 }, (_, day) =>
        day < 5 && random() < 0.85 ? { version: 1, bookings: dayOf() } : { version: 0, bookings: [] },
      ),
    }));
    await ctx.db.insert(plans).values(rows);
    made += rows.length;
  }
  return made;
};
