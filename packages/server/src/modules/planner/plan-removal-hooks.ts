import { PLAN_PUSHES } from '@karm/domain/contract';
import type { Executor } from '../../platform/db/client';
import type { ProjectRemovalHook } from '../projects/project-removal';
import type { ServiceItemRemovalHook } from '../service-work/service-item-removal';
import { dropSuggestionsOfTasks } from './plan-suggestions';
import { countBookingsOf, removeBookingsOf } from './plan-weeks';

/**
 * SPEC §4: removing a project with active plans asks first (the count) and then removes its bookings
 * in the project's transaction; open planners re-read once it has committed.
 */
export const plannerProjectRemovalHook: ProjectRemovalHook = {
  countActive: (ctx, companyId, projectId) =>
    countBookingsOf(ctx.db, companyId, { kind: 'project', projectId }),
  remove: (tx, companyId, projectId, now) =>
    removeBookingsOf(tx, companyId, { kind: 'project', projectId }, now),
  afterCommit: (ctx, companyId) => ctx.realtime.toCompany(companyId, PLAN_PUSHES.refreshed, {}),
};

/** A deleted task leaves the planner with it (bookings and suggested plan), in the task's transaction. */
export const plannerTaskRemovalHook = async (tx: Executor, companyId: string, taskId: string, now: Date) => {
  await dropSuggestionsOfTasks(tx, companyId, [taskId]);
  return removeBookingsOf(tx, companyId, { kind: 'task', taskId }, now);
};

const serviceItemSubjects = (ids: readonly string[]) =>
  ids.map((serviceItemId) => ({ kind: 'serviceItem', serviceItemId }) as const);

/** A deleted service item (or every item of a removed project) leaves the planner with it. */
export const plannerServiceItemRemovalHook: ServiceItemRemovalHook = {
  countActive: async (ctx, companyId, ids) => {
    let total = 0;
    for (const subject of serviceItemSubjects(ids))
      total += await countBookingsOf(ctx.db, companyId, subject);
    return total;
  },
  remove: async (tx, companyId, ids, now) => {
    let total = 0;
    for (const subject of serviceItemSubjects(ids))
      total += await removeBookingsOf(tx, companyId, subject, now);
    return total;
  },
  afterCommit: (ctx, companyId) => ctx.realtime.toCompany(companyId, PLAN_PUSHES.refreshed, {}),
};
