import { PLAN_PUSHES, type planPushOffSchema } from '@karm/domain/contract';
import { addDays, pushOff } from '@karm/domain/rules';
import type { z } from 'zod';
import type { Actor, AppContext } from '../../platform/context';
import { assertReferencesInCompany } from '../../platform/db/references';
import { notFound } from '../../platform/errors';
import { projectsForPlanner } from '../projects/projects-for-planner';
import { insertTasks, pushTasksChanged, taskDtos } from '../tasks/tasks.service';
import { lockPlanWeeks } from './plan-weeks';
import { plannerProjects, planReferences } from './planner.service';

/**
 * plan:push-off — the project's bookings on the selected cells move to each employee's next free
 * working day up to `until`; those that find none become tasks for the employee on their original
 * day (the rule: rules/planner/push-off.ts). Moves and tasks are one transaction.
 */
export const pushOffPlan = async (
  ctx: AppContext,
  actor: Actor,
  input: z.output<typeof planPushOffSchema>,
) => {
  const subject = { kind: 'project', projectId: input.projectId } as const;
  const { cells, taskRows } = await ctx.db.transaction(async (tx) => {
    await assertReferencesInCompany(tx, actor.companyId, planReferences(input.cells, subject));
    // Lock every day a booking may move to: from the earliest selected cell up to `until`, per employee.
    const first = input.cells.map((cell) => cell.date).sort()[0]!;
    const reach = [];
    for (const employeeId of new Set(input.cells.map((cell) => cell.employeeId))) {
      for (let date = first; date <= input.until; date = addDays(date, 7)) reach.push({ employeeId, date });
      reach.push({ employeeId, date: input.until });
    }
    const weeks = await lockPlanWeeks(tx, actor.companyId, [...input.cells, ...reach]);
    weeks.assertVersions(input.cells);
    const result = pushOff({
      projectId: input.projectId,
      cells: input.cells,
      bookingsOn: weeks.bookingsOn,
      until: input.until,
    });
    for (const day of result.days) weeks.set(day.employeeId, day.date, day.bookings);
    const [project] = await projectsForPlanner(tx, actor.companyId, [input.projectId]);
    if (!project) throw notFound('Project');
    const taskRows = await insertTasks(
      tx,
      actor,
      result.unplaced.map((unplaced) => ({
        name: `${project.number} ${project.name}`,
        type: 'project' as const,
        entityType: 'project' as const,
        entityId: project.id,
        date: unplaced.date,
        description: '',
        immediateAction: '',
        assigneeId: unplaced.employeeId,
      })),
    );
    return { cells: await weeks.write(ctx.clock.now()), taskRows };
  });
  const tasks = await taskDtos(ctx, actor.companyId, taskRows);
  const change = {
    cells,
    tasks,
    projects: await plannerProjects(ctx, ctx.db, actor.companyId, [input.projectId]),
    serviceItems: [],
  };
  ctx.realtime.toCompany(actor.companyId, PLAN_PUSHES.updated, change);
  pushTasksChanged(
    ctx,
    actor.companyId,
    tasks.map((task) => task.id),
  );
  return change;
};
