import { TASK_LIMITS } from '@karm/domain/contract';
import { and, eq, isNotNull, isNull, lt } from 'drizzle-orm';
import { todayIn } from '../../platform/clock';
import { type Actor, type AppContext, administrativeActor } from '../../platform/context';
import type { Executor } from '../../platform/db/client';
import { defineJob } from '../../platform/jobs/job-table';
import { companyAdministrators } from '../auth/users.repository';
import { employeeIdsOfUser } from '../employees/employees.service';
import { notify } from '../subscriptions/notifications';
import { insertTasks, pushTasksChanged } from '../tasks/tasks.service';
import type { DeviationRow } from './deviation-dto';
import { deviationActions, deviations } from './quality.tables';

/**
 * Karm has no notification centre: a deviation's alerts are tasks on the person's task list (and
 * planner), which they mark done. A new or newly assigned deviation alerts its case handler; an
 * action past its due date alerts the case handler, or the quality managers (the company's
 * administrators) when nobody handles it — once per action and due date.
 */

const taskName = (text: string) => text.slice(0, TASK_LIMITS.name);

/** The employees (the people tasks are for) of these users; a user without one gets no task. */
const employeesOf = async (tx: Executor, companyId: string, userIds: readonly string[]) => {
  const ids: string[] = [];
  for (const userId of new Set(userIds)) {
    const [employee] = await employeeIdsOfUser(tx, companyId, userId).limit(1);
    if (employee) ids.push(employee.id);
  }
  return ids;
};

const alertUsers = async (
  tx: Executor,
  actor: Actor,
  userIds: readonly string[],
  deviation: DeviationRow,
  name: string,
  date: string,
) => {
  const assignees = await employeesOf(tx, actor.companyId, userIds);
  const rows = await insertTasks(
    tx,
    actor,
    assignees.map((assigneeId) => ({
      name: taskName(name),
      type: 'other' as const,
      entityType: deviation.projectId ? ('project' as const) : null,
      entityId: deviation.projectId,
      date,
      description: deviation.description.slice(0, TASK_LIMITS.text),
      immediateAction: '',
      assigneeId,
    })),
  );
  return rows.map((row) => row.id);
};

/**
 * A new deviation, or one given to a new case handler: a task for the handler (not for oneself), and
 * the handler's notification if they asked for one.
 */
export const alertNewDeviation = async (
  ctx: AppContext,
  tx: Executor,
  actor: Actor,
  deviation: DeviationRow,
  today: string,
) => {
  if (!deviation.handlerId || deviation.handlerId === actor.userId) return [];
  await notify(ctx, tx, {
    companyId: actor.companyId,
    kind: 'deviationHandler',
    userIds: [deviation.handlerId],
    url: '/quality',
    facts: () => ({ kind: 'deviationHandler', number: deviation.number, title: deviation.title }),
  });
  return alertUsers(
    tx,
    actor,
    [deviation.handlerId],
    deviation,
    `Deviation ${deviation.number}: ${deviation.title}`,
    today,
  );
};

/** Finds the actions past their due date not yet alerted about, and alerts; returns how many. */
export const alertOverdueActions = async (ctx: AppContext) => {
  const today = todayIn(ctx.clock);
  const overdue = await ctx.db
    .select({ action: deviationActions, deviation: deviations })
    .from(deviationActions)
    .innerJoin(deviations, eq(deviations.id, deviationActions.deviationId))
    .where(
      and(
        eq(deviationActions.isDone, false),
        isNotNull(deviationActions.dueDate),
        lt(deviationActions.dueDate, today),
        isNull(deviationActions.overdueAlertedAt),
      ),
    );
  const taskIdsByCompany = new Map<string, string[]>();
  for (const { action, deviation } of overdue) {
    const taskIds = await ctx.db.transaction(async (tx) => {
      const admins = await companyAdministrators(tx, deviation.companyId);
      // The task says who made it: the quality manager, else whoever reported the deviation.
      const author = admins[0]?.id ?? deviation.reportedBy;
      const recipients = deviation.handlerId ? [deviation.handlerId] : admins.map((admin) => admin.id);
      const ids = author
        ? await alertUsers(
            tx,
            administrativeActor(deviation.companyId, author),
            recipients,
            deviation,
            `Overdue action on deviation ${deviation.number}: ${action.description}`,
            today,
          )
        : [];
      await tx
        .update(deviationActions)
        .set({ overdueAlertedAt: ctx.clock.now() })
        .where(eq(deviationActions.id, action.id));
      return ids;
    });
    taskIdsByCompany.set(deviation.companyId, [
      ...(taskIdsByCompany.get(deviation.companyId) ?? []),
      ...taskIds,
    ]);
  }
  for (const [companyId, ids] of taskIdsByCompany) pushTasksChanged(ctx, companyId, ids);
  return overdue.length;
};

/** Every morning: overdue actions become tasks. */
export const qualityOverdueJob = defineJob<Record<string, never>>({
  name: 'quality.overdue-actions',
  retry: { limit: 2, delaySeconds: 600 },
  schedule: { cron: '15 6 * * *' },
  handler: async (ctx) => {
    const alerted = await alertOverdueActions(ctx);
    if (alerted > 0) ctx.logger.info({ alerted }, 'overdue deviation actions alerted');
  },
});
