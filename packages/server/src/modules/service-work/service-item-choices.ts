import type { Page, ServiceItemChoiceDto, serviceItemSearchQuerySchema } from '@karm/domain/contract';
import { VALIDATION_MESSAGE_KEYS } from '@karm/domain/rules';
import { and, asc, count, eq, ilike, inArray, or } from 'drizzle-orm';
import type { z } from 'zod';
import type { Actor, AppContext } from '../../platform/context';
import type { Executor } from '../../platform/db/client';
import type { Referable } from '../../platform/db/references';
import { containsPattern } from '../../platform/db/search-terms';
import { projectsForPlanner } from '../projects/projects-for-planner';
import { serviceProjectIdsMatching } from '../projects/service-projects';
import { projectCopyNames } from '../service-templates/project-copies';
import { serviceItems } from './service-work.tables';

/**
 * Service items as other modules name them: a plan or a task may point at one (checked to belong to
 * the actor's company through SERVICE_ITEMS_REFERABLE), and lists show its project's number and name
 * with the item's number and name. This file reads only service work's own table; projects and
 * template names come from their modules.
 */

export const SERVICE_ITEMS_REFERABLE: Referable = {
  table: serviceItems,
  id: serviceItems.id,
  companyId: serviceItems.companyId,
  // An expense names the item it was used on, which must sit on the expense's project.
  parentId: serviceItems.projectId,
  parentMessage: VALIDATION_MESSAGE_KEYS.serviceItemNotOnProject,
};

type ItemRow = Pick<
  typeof serviceItems.$inferSelect,
  | 'id'
  | 'projectId'
  | 'number'
  | 'name'
  | 'floor'
  | 'lat'
  | 'lng'
  | 'emergencyType'
  | 'projectServiceTemplateId'
>;

const choiceColumns = {
  id: serviceItems.id,
  projectId: serviceItems.projectId,
  number: serviceItems.number,
  name: serviceItems.name,
  floor: serviceItems.floor,
  lat: serviceItems.lat,
  lng: serviceItems.lng,
  emergencyType: serviceItems.emergencyType,
  projectServiceTemplateId: serviceItems.projectServiceTemplateId,
};

/** Rows as choices, with their project's number and name and (for an unnamed item) the template's name. */
export const choicesOfRows = async (
  db: Executor,
  companyId: string,
  rows: readonly ItemRow[],
): Promise<ServiceItemChoiceDto[]> => {
  if (rows.length === 0) return [];
  const [projects, templateNames] = await Promise.all([
    projectsForPlanner(db, companyId, [...new Set(rows.map((row) => row.projectId))]),
    projectCopyNames(
      db,
      companyId,
      rows.map((row) => row.projectServiceTemplateId),
    ),
  ]);
  const projectOf = new Map(projects.map((project) => [project.id, project]));
  return rows.map((row) => ({
    id: row.id,
    projectId: row.projectId,
    projectNumber: projectOf.get(row.projectId)?.number ?? 0,
    projectName: projectOf.get(row.projectId)?.name ?? '',
    number: row.number,
    name: row.name || (templateNames.get(row.projectServiceTemplateId) ?? ''),
    floor: row.floor,
    location: row.lat === null || row.lng === null ? null : { lat: row.lat, lng: row.lng },
    emergencyType: row.emergencyType,
  }));
};

/** The given service items of the company (others' ids are simply not answered). */
export const serviceItemChoices = async (db: Executor, companyId: string, ids: readonly string[]) => {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  const rows = await db
    .select(choiceColumns)
    .from(serviceItems)
    .where(and(eq(serviceItems.companyId, companyId), inArray(serviceItems.id, unique)));
  return choicesOfRows(db, companyId, rows);
};

/** The ids of a project's service items (a removed project's items let go of their plans). */
export const serviceItemIdsOfProject = async (db: Executor, companyId: string, projectId: string) =>
  (
    await db
      .select({ id: serviceItems.id })
      .from(serviceItems)
      .where(and(eq(serviceItems.companyId, companyId), eq(serviceItems.projectId, projectId)))
  ).map((row) => row.id);

/**
 * GET /service-project/service-items/search: the company's service items whose project number or
 * name, item name or floor matches, by project and number, paged (the planner's book dialog).
 */
export const searchServiceItems = async (
  ctx: AppContext,
  actor: Actor,
  query: z.output<typeof serviceItemSearchQuerySchema>,
): Promise<Page<ServiceItemChoiceDto>> => {
  const term = query.search?.trim();
  const where = and(
    eq(serviceItems.companyId, actor.companyId),
    term
      ? or(
          inArray(serviceItems.projectId, serviceProjectIdsMatching(ctx.db, actor.companyId, term)),
          ilike(serviceItems.name, containsPattern(term)),
          ilike(serviceItems.floor, containsPattern(term)),
        )
      : undefined,
  );
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select(choiceColumns)
      .from(serviceItems)
      .where(where)
      .orderBy(asc(serviceItems.projectId), asc(serviceItems.number))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    ctx.db.select({ total: count() }).from(serviceItems).where(where),
  ]);
  const items = await choicesOfRows(ctx.db, actor.companyId, rows);
  items.sort((a, b) => a.projectNumber - b.projectNumber || a.number - b.number);
  return { items, total: total?.total ?? 0, page: query.page, pageSize: query.pageSize };
};
