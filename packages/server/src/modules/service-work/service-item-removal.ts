import type { AppContext } from '../../platform/context';
import type { Executor } from '../../platform/db/client';
import type { ProjectRemovalHook } from '../projects/project-removal';
import { serviceItemIdsOfProject } from './service-item-choices';

/**
 * What other modules keep about a service item and must give up when it is deleted, the way
 * project-removal.ts does for projects: the resource planner registers here, so a deleted item (or
 * every item of a removed project) leaves the planner with it; service work needs no knowledge of plans.
 */
export type ServiceItemRemovalHook = {
  /** How many active things would go with the items (a removed project's confirmation counts them). */
  countActive: (ctx: AppContext, companyId: string, serviceItemIds: readonly string[]) => Promise<number>;
  /** Removes them inside the deleting transaction; answers how many. */
  remove: (tx: Executor, companyId: string, serviceItemIds: readonly string[], now: Date) => Promise<number>;
  /** Once the deletion has committed: tell open screens. */
  afterCommit?: (ctx: AppContext, companyId: string) => void;
};

const hooks: ServiceItemRemovalHook[] = [];

export const registerServiceItemRemovalHook = (hook: ServiceItemRemovalHook) => {
  hooks.push(hook);
};

/** Inside the transaction that deletes the items. */
export const removeServiceItemDependents = async (
  tx: Executor,
  companyId: string,
  serviceItemIds: readonly string[],
  now: Date,
) => {
  let removed = 0;
  if (serviceItemIds.length === 0) return removed;
  for (const hook of hooks) removed += await hook.remove(tx, companyId, serviceItemIds, now);
  return removed;
};

export const announceServiceItemRemoval = (ctx: AppContext, companyId: string) => {
  for (const hook of hooks) hook.afterCommit?.(ctx, companyId);
};

/**
 * A removed project's service items go with it (their template copies cascade), so what hangs on
 * them goes too. Registered before the service templates' hook, which deletes the copies and with
 * them the items: this one must still find the items.
 */
export const serviceWorkProjectRemovalHook: ProjectRemovalHook = {
  countActive: async (ctx, companyId, projectId) => {
    const ids = await serviceItemIdsOfProject(ctx.db, companyId, projectId);
    if (ids.length === 0) return 0;
    return (await Promise.all(hooks.map((hook) => hook.countActive(ctx, companyId, ids)))).reduce(
      (sum, count) => sum + count,
      0,
    );
  },
  remove: async (tx, companyId, projectId, now) =>
    removeServiceItemDependents(tx, companyId, await serviceItemIdsOfProject(tx, companyId, projectId), now),
  afterCommit: (ctx, companyId) => announceServiceItemRemoval(ctx, companyId),
};
