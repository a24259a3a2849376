import {
  type Page,
  SERVICE_WORK_PUSHES,
  type ServiceItemDto,
  type ServiceItemsChangedPush,
  type ServiceProjectSummaryDto,
  type serviceItemAddSchema,
  type serviceItemPatchSchema,
  type serviceItemsGroupedQuerySchema,
  type serviceItemsSaveSchema,
} from '@karm/domain/contract';
import { VALIDATION_MESSAGE_KEYS as MESSAGES } from '@karm/domain/rules';
import { and, asc, count, eq, inArray, max, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { todayIn } from '../../platform/clock';
import type { Actor, AppContext } from '../../platform/context';
import type { Executor } from '../../platform/db/client';
import { assertReferencesInCompany } from '../../platform/db/references';
import { conflict, notFound, validationError } from '../../platform/errors';
import { PROJECTS_REFERABLE } from '../projects/projects-for-planner';
import { serviceProjectsPage } from '../projects/service-projects';
import {
  copyTemplateToProject,
  projectCopyNames,
  removeProjectCopies,
} from '../service-templates/project-copies';
import { insertTasks, pushTasksChanged } from '../tasks/tasks.service';
import { announceServiceItemRemoval, removeServiceItemDependents } from './service-item-removal';
import { serviceItems } from './service-work.tables';

/**
 * Service items on a service project's map (SPEC §3, §4, §7 /service-project/*). Every write runs in
 * one transaction through `applySave`: the single-item routes are a save of one item, and the
 * client's Save (new, edited and removed items at once) is one call, so a refusal of any part leaves
 * every item as it was and the client keeps its flags (SPEC §4).
 */

type ItemRow = typeof serviceItems.$inferSelect;
type SaveValues = z.output<typeof serviceItemsSaveSchema>;
type Changes = SaveValues['edited'][number]['changes'];

const toDto = (row: ItemRow, templateName: string): ServiceItemDto => ({
  id: row.id,
  projectId: row.projectId,
  number: row.number,
  name: row.name,
  floor: row.floor,
  location: row.lat === null || row.lng === null ? null : { lat: row.lat, lng: row.lng },
  serviceTemplateId: row.serviceTemplateId,
  projectServiceTemplateId: row.projectServiceTemplateId,
  templateName,
  emergencyType: row.emergencyType,
  status: row.status,
  lastVisitAt: row.lastVisitAt?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
  version: row.version,
});

const itemDtos = async (db: Executor, companyId: string, rows: ItemRow[]) => {
  const names = await projectCopyNames(
    db,
    companyId,
    rows.map((row) => row.projectServiceTemplateId),
  );
  return rows.map((row) => toDto(row, names.get(row.projectServiceTemplateId) ?? ''));
};

const assertProject = (db: Executor, companyId: string, projectId: string) =>
  assertReferencesInCompany(db, companyId, { projectId: [PROJECTS_REFERABLE, projectId] });

/** GET /service-project/service-items/populated?projectId: the project's items by number, with their template names. */
export const listServiceItems = async (ctx: AppContext, actor: Actor, projectId: string) => {
  await assertProject(ctx.db, actor.companyId, projectId);
  const rows = await ctx.db
    .select()
    .from(serviceItems)
    .where(and(eq(serviceItems.companyId, actor.companyId), eq(serviceItems.projectId, projectId)))
    .orderBy(asc(serviceItems.number));
  return itemDtos(ctx.db, actor.companyId, rows);
};

/** GET /service-project/service-items/grouped-by-project: service projects with their item counts, paged. */
export const listServiceProjects = async (
  ctx: AppContext,
  actor: Actor,
  query: z.output<typeof serviceItemsGroupedQuerySchema>,
): Promise<Page<ServiceProjectSummaryDto>> => {
  const { rows, total } = await serviceProjectsPage(ctx.db, actor.companyId, query);
  const counts =
    rows.length === 0
      ? []
      : await ctx.db
          .select({ projectId: serviceItems.projectId, itemCount: count() })
          .from(serviceItems)
          .where(
            and(
              eq(serviceItems.companyId, actor.companyId),
              inArray(
                serviceItems.projectId,
                rows.map((row) => row.id),
              ),
            ),
          )
          .groupBy(serviceItems.projectId);
  const countOf = new Map(counts.map((entry) => [entry.projectId, entry.itemCount]));
  return {
    items: rows.map((row) => ({
      projectId: row.id,
      projectNumber: row.number,
      projectName: row.name,
      itemCount: countOf.get(row.id) ?? 0,
    })),
    total,
    page: query.page,
    pageSize: query.pageSize,
  };
};

const locationColumns = (location: { lat: number; lng: number } | null) => ({
  lat: location?.lat ?? null,
  lng: location?.lng ?? null,
});

/** The items named, locked, each of this company and project and at the version the client read. */
const lockItems = async (
  tx: Executor,
  companyId: string,
  projectId: string,
  wanted: readonly { id: string; version: number }[],
) => {
  if (wanted.length === 0) return new Map<string, ItemRow>();
  const rows = await tx
    .select()
    .from(serviceItems)
    .where(
      and(
        eq(serviceItems.companyId, companyId),
        eq(serviceItems.projectId, projectId),
        inArray(
          serviceItems.id,
          wanted.map((item) => item.id),
        ),
      ),
    )
    .for('update');
  const byId = new Map(rows.map((row) => [row.id, row]));
  for (const item of wanted) {
    const row = byId.get(item.id);
    if (!row) throw notFound('Service item');
    if (row.version !== item.version) {
      throw conflict(MESSAGES.serviceItemChanged, { id: row.id, currentVersion: row.version });
    }
  }
  return byId;
};

const emergencyTask = (ctx: AppContext, item: ItemRow, templateName: string) => ({
  name: `${item.number}. ${item.name || templateName}`.slice(0, 200),
  type: 'service-item-emergency' as const,
  // The task points at the item itself (its number and project show in lists; its link opens the project).
  entityType: 'serviceItem' as const,
  entityId: item.id,
  date: todayIn(ctx.clock),
  description: item.floor,
  immediateAction: '',
  assigneeId: null,
});

/** Numbers of a project are handed out one transaction at a time, so two saves never take the same one. */
const nextNumber = async (tx: Executor, projectId: string) => {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`service-items:${projectId}`}))`);
  const [row] = await tx
    .select({ last: max(serviceItems.number) })
    .from(serviceItems)
    .where(eq(serviceItems.projectId, projectId));
  return (row?.last ?? 0) + 1;
};

/**
 * Creates, patches and deletes in the caller's transaction. New items whose id is already stored for
 * this project are a repeated submit and left as they are; an id stored elsewhere is refused.
 */
const applySave = async (tx: Executor, ctx: AppContext, actor: Actor, save: SaveValues) => {
  const { companyId } = actor;
  await assertProject(tx, companyId, save.projectId);
  const existing =
    save.created.length === 0
      ? []
      : await tx
          .select({
            id: serviceItems.id,
            projectId: serviceItems.projectId,
            companyId: serviceItems.companyId,
          })
          .from(serviceItems)
          .where(
            inArray(
              serviceItems.id,
              save.created.map((item) => item.id),
            ),
          );
  const stored = new Map(existing.map((row) => [row.id, row]));
  const emergencies: ItemRow[] = [];
  const templateNames = new Map<string, string>();
  let number = save.created.length === 0 ? 0 : await nextNumber(tx, save.projectId);
  for (const item of save.created) {
    const already = stored.get(item.id);
    if (already) {
      if (already.companyId === companyId && already.projectId === save.projectId) continue;
      throw validationError({ id: MESSAGES.duplicateId });
    }
    const projectServiceTemplateId = await copyTemplateToProject(
      tx,
      companyId,
      item.serviceTemplateId,
      save.projectId,
    );
    const [row] = await tx
      .insert(serviceItems)
      .values({
        id: item.id,
        companyId,
        projectId: save.projectId,
        number: number++,
        name: item.name,
        floor: item.floor,
        ...locationColumns(item.location),
        serviceTemplateId: item.serviceTemplateId,
        projectServiceTemplateId,
        emergencyType: item.emergencyType,
        createdBy: actor.userId,
      })
      .returning();
    if (row?.emergencyType === 'emergency') emergencies.push(row);
  }
  const locked = await lockItems(tx, companyId, save.projectId, [...save.edited, ...save.removed]);
  const now = ctx.clock.now();
  for (const { id, changes } of save.edited) {
    const current = locked.get(id) as ItemRow;
    const { location, ...fields }: Changes = changes;
    const [row] = await tx
      .update(serviceItems)
      .set({
        ...fields,
        ...(location !== undefined && locationColumns(location)),
        updatedAt: now,
        version: current.version + 1,
      })
      .where(eq(serviceItems.id, id))
      .returning();
    if (row?.emergencyType === 'emergency' && current.emergencyType !== 'emergency') emergencies.push(row);
  }
  // What hangs on a removed item (its plans) goes first, then the item with its template copy.
  await removeServiceItemDependents(
    tx,
    companyId,
    save.removed.map((item) => item.id),
    now,
  );
  await removeProjectCopies(
    tx,
    companyId,
    save.removed.map((item) => (locked.get(item.id) as ItemRow).projectServiceTemplateId),
  );
  if (emergencies.length > 0) {
    const names = await projectCopyNames(
      tx,
      companyId,
      emergencies.map((row) => row.projectServiceTemplateId),
    );
    for (const row of emergencies) templateNames.set(row.id, names.get(row.projectServiceTemplateId) ?? '');
  }
  const created = await insertTasks(
    tx,
    actor,
    emergencies.map((row) => emergencyTask(ctx, row, templateNames.get(row.id) ?? '')),
  );
  return created.map((task) => task.id);
};

const announce = (
  ctx: AppContext,
  companyId: string,
  projectId: string,
  taskIds: string[],
  hasRemoved = false,
) => {
  ctx.realtime.toCompany(companyId, SERVICE_WORK_PUSHES.itemsChanged, {
    projectId,
  } satisfies ServiceItemsChangedPush);
  pushTasksChanged(ctx, companyId, taskIds);
  if (hasRemoved) announceServiceItemRemoval(ctx, companyId);
};

/** POST /service-project/service-items/save: SPEC §4's Save, one transaction; answers the project's items. */
export const saveServiceItems = async (ctx: AppContext, actor: Actor, save: SaveValues) => {
  const taskIds = await ctx.db.transaction((tx) => applySave(tx, ctx, actor, save));
  announce(ctx, actor.companyId, save.projectId, taskIds, save.removed.length > 0);
  return listServiceItems(ctx, actor, save.projectId);
};

export const readItem = async (db: Executor, companyId: string, id: string) => {
  const [row] = await db
    .select()
    .from(serviceItems)
    .where(and(eq(serviceItems.companyId, companyId), eq(serviceItems.id, id)));
  if (!row) throw notFound('Service item');
  return row;
};

export const oneItem = async (ctx: AppContext, companyId: string, id: string) =>
  (await itemDtos(ctx.db, companyId, [await readItem(ctx.db, companyId, id)]))[0] as ServiceItemDto;

/** POST /service-project/template/add: one new item with its copy of the template. */
export const addServiceItem = async (
  ctx: AppContext,
  actor: Actor,
  input: z.output<typeof serviceItemAddSchema>,
) => {
  const { projectId, ...item } = input;
  const taskIds = await ctx.db.transaction((tx) =>
    applySave(tx, ctx, actor, { projectId, created: [item], edited: [], removed: [] }),
  );
  announce(ctx, actor.companyId, projectId, taskIds);
  return oneItem(ctx, actor.companyId, input.id);
};

/** PATCH /service-project/service-item/{serviceItemId}. */
export const patchServiceItem = async (
  ctx: AppContext,
  actor: Actor,
  id: string,
  input: z.output<typeof serviceItemPatchSchema>,
) => {
  const { projectId } = await readItem(ctx.db, actor.companyId, id);
  const taskIds = await ctx.db.transaction((tx) =>
    applySave(tx, ctx, actor, { projectId, created: [], edited: [{ id, ...input }], removed: [] }),
  );
  announce(ctx, actor.companyId, projectId, taskIds);
  return oneItem(ctx, actor.companyId, id);
};

/** DELETE /service-project/service-item/{serviceItemId}?version: the item and its copy of the template. */
export const deleteServiceItem = async (ctx: AppContext, actor: Actor, id: string, version: number) => {
  const { projectId } = await readItem(ctx.db, actor.companyId, id);
  await ctx.db.transaction((tx) =>
    applySave(tx, ctx, actor, { projectId, created: [], edited: [], removed: [{ id, version }] }),
  );
  announce(ctx, actor.companyId, projectId, [], true);
  return { id };
};
