import type { AppContext } from '../../platform/context';
import type { Executor } from '../../platform/db/client';

/**
 * What other modules keep about a project and must give up when it is removed. The resource
 * planner registers here (SPEC §4: removing a project with active plans asks first, then removes
 * those plans too); the projects module needs no knowledge of plans.
 */
export type ProjectRemovalHook = {
  /** How many active things would go with the project (shown in the confirmation). */
  countActive: (ctx: AppContext, companyId: string, projectId: string) => Promise<number>;
  /** Removes them, inside the project's removal transaction; answers how many. */
  remove: (tx: Executor, companyId: string, projectId: string, now: Date) => Promise<number>;
  /** Once the removal has committed: tell open screens (a push never announces what may roll back). */
  afterCommit?: (ctx: AppContext, companyId: string, projectId: string) => void;
};

const hooks: ProjectRemovalHook[] = [];

export const registerProjectRemovalHook = (hook: ProjectRemovalHook) => {
  hooks.push(hook);
};

export const countActiveDependents = async (ctx: AppContext, companyId: string, projectId: string) =>
  (await Promise.all(hooks.map((hook) => hook.countActive(ctx, companyId, projectId)))).reduce(
    (sum, count) => sum + count,
    0,
  );

export const removeDependents = async (tx: Executor, companyId: string, projectId: string, now: Date) => {
  let removed = 0;
  for (const hook of hooks) removed += await hook.remove(tx, companyId, projectId, now);
  return removed;
};

export const announceRemoval = (ctx: AppContext, companyId: string, projectId: string) => {
  for (const hook of hooks) hook.afterCommit?.(ctx, companyId, projectId);
};
