import { DISPATCH_VISIT_ITEMS_SHOWN, type DispatchVisitDto, TASK_LIMITS } from '@karm/domain/contract';
import { VALIDATION_MESSAGE_KEYS as MESSAGES } from '@karm/domain/rules';
import { and, eq, inArray, isNotNull, lte, type SQL, sql } from 'drizzle-orm';
import type { Actor, AppContext } from '../../platform/context';
import type { Executor } from '../../platform/db/client';
import { notFound, validationError } from '../../platform/errors';
import { customerSummaries } from '../customers/customers.service';
import { employeeSummaries } from '../employees/employees.service';
import { projectSites } from '../projects/service-projects';
import { serviceItemChoices } from '../service-work/service-item-choices';
import { assignTaskInTransaction, insertTasks, tasksByIds } from '../tasks/tasks.service';
import { serviceAgreements } from './service-agreements.tables';

/**
 * Due agreement visits in service work's dispatch list (issue 19): each due visit is an entry of its
 * own (kind 'visit', id the agreement, date the visit's), and the visit's tasks — the agreement's
 * `visit_task_ids`, one per service worker — are what a booking is made on, so they are left out of
 * the list's open tasks: a visit is listed exactly once.
 */

/** Dispatch keys of the visits due up to `until` (overdue ones included), optionally of some projects. */
export const dueVisitKeys = (db: Executor, companyId: string, options: { until: string; projectIds?: SQL }) =>
  db
    .select({
      kind: sql<string>`'visit'`.as('kind'),
      id: serviceAgreements.id,
      date: sql<string>`${serviceAgreements.nextVisitDate}::text`.as('date'),
    })
    .from(serviceAgreements)
    .where(
      and(
        eq(serviceAgreements.companyId, companyId),
        isNotNull(serviceAgreements.nextVisitDate),
        lte(serviceAgreements.nextVisitDate, options.until),
        options.projectIds ? sql`${serviceAgreements.projectId} in (${options.projectIds})` : undefined,
      ),
    );

/** The tasks of every agreement's next visit, as a subquery of task ids (left out of the open tasks). */
export const visitTaskIdsSubquery = (db: Executor, companyId: string): SQL =>
  db
    .select({ id: sql<string>`(jsonb_array_elements_text(${serviceAgreements.visitTaskIds}))::uuid` })
    .from(serviceAgreements)
    .where(and(eq(serviceAgreements.companyId, companyId), isNotNull(serviceAgreements.nextVisitDate)))
    .getSQL();

export type DispatchVisit = {
  visit: DispatchVisitDto;
  projectId: string;
  projectLabel: string;
  visitTaskIds: string[];
};

/** What a dispatch entry shows of the given agreements' visits: items, workers, customer and site. */
export const dispatchVisits = async (
  ctx: AppContext,
  companyId: string,
  agreementIds: readonly string[],
  today: string,
): Promise<Map<string, DispatchVisit>> => {
  if (agreementIds.length === 0) return new Map();
  const rows = await ctx.db
    .select()
    .from(serviceAgreements)
    .where(and(eq(serviceAgreements.companyId, companyId), inArray(serviceAgreements.id, [...agreementIds])));
  const [sites, names, items] = await Promise.all([
    projectSites(
      ctx.db,
      companyId,
      rows.map((row) => row.projectId),
    ),
    employeeSummaries(
      ctx,
      companyId,
      rows.flatMap((row) => row.serviceWorkerIds),
    ),
    serviceItemChoices(
      ctx.db,
      companyId,
      rows.flatMap((row) => row.itemIds.slice(0, DISPATCH_VISIT_ITEMS_SHOWN)),
    ),
  ]);
  const siteById = new Map(sites.map((site) => [site.id, site]));
  const customers = await customerSummaries(
    ctx.db,
    companyId,
    sites.flatMap((site) => (site.customerId ? [site.customerId] : [])),
  );
  const itemById = new Map(items.map((item) => [item.id, item]));
  return new Map(
    rows.map((row) => {
      const site = siteById.get(row.projectId);
      // An item removed from the map since drops out of the agreement's items.
      const covered = row.itemIds.flatMap((id) => itemById.get(id) ?? []);
      return [
        row.id,
        {
          projectId: row.projectId,
          projectLabel: site ? `${site.number} ${site.name}` : '',
          visitTaskIds: row.visitTaskIds,
          visit: {
            agreementId: row.id,
            isOverdue: (row.nextVisitDate ?? today) < today,
            serviceWorkers: row.serviceWorkerIds.map((id) => names.get(id) ?? { id, displayName: '' }),
            itemCount: row.itemIds.length,
            items: covered,
            customerName: (site?.customerId && customers.get(site.customerId)?.name) || '',
            site: site ? [site.address, site.city].filter(Boolean).join(', ') : '',
          },
        },
      ];
    }),
  );
};

/**
 * In the caller's transaction: the task of the agreement's due visit that `employeeId` does — theirs
 * if they have one, else one nobody has (now theirs), else a new one added to the visit's tasks (a
 * leader may send someone who is not among the agreement's workers). Answers the task and whether a
 * task was made or its assignee changed, for the caller to push after the commit.
 */
export const visitTaskForWorker = async (
  ctx: AppContext,
  tx: Executor,
  actor: Actor,
  agreementId: string,
  employeeId: string,
): Promise<{ taskId: string; changedTaskId: string | null }> => {
  const [row] = await tx
    .select()
    .from(serviceAgreements)
    .where(and(eq(serviceAgreements.companyId, actor.companyId), eq(serviceAgreements.id, agreementId)))
    .for('update');
  if (!row) throw notFound('Service agreement');
  if (row.nextVisitDate === null) throw validationError({ 'subject.agreementId': MESSAGES.visitNotDue });
  const open = (
    await tasksByIds({ ...ctx, db: tx as AppContext['db'] }, actor.companyId, row.visitTaskIds)
  ).filter((task) => !task.isDone);
  const own = open.find((task) => task.assigneeId === employeeId);
  if (own) return { taskId: own.id, changedTaskId: null };
  const free = open.find((task) => task.assigneeId === null);
  if (free) {
    await assignTaskInTransaction(tx, actor.companyId, free.id, employeeId, ctx.clock.now());
    return { taskId: free.id, changedTaskId: free.id };
  }
  const template = open[0];
  const [site] = await projectSites(tx, actor.companyId, [row.projectId]);
  const [created] = await insertTasks(tx, actor, [
    {
      name:
        template?.name ??
        `Service visit: ${site ? `${site.number} ${site.name}` : ''}`.slice(0, TASK_LIMITS.name),
      type: 'service-item',
      entityType: 'project',
      entityId: row.projectId,
      date: row.nextVisitDate,
      description: '',
      immediateAction: '',
      assigneeId: employeeId,
    },
  ]);
  await tx
    .update(serviceAgreements)
    .set({ visitTaskIds: [...row.visitTaskIds, created!.id] })
    .where(eq(serviceAgreements.id, row.id));
  return { taskId: created!.id, changedTaskId: created!.id };
};
