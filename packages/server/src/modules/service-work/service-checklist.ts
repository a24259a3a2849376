import type {
  ProjectServiceGroupDto,
  ServiceDataFullDto,
  ServiceItemDto,
  serviceDataFullQuerySchema,
  UserAnswerDto,
} from '@karm/domain/contract';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { Actor, AppContext } from '../../platform/context';
import type { Executor } from '../../platform/db/client';
import { forbidden, notFound } from '../../platform/errors';
import { userNamesByIds } from '../auth/users.repository';
import { projectsForPlanner } from '../projects/projects-for-planner';
import { deviations } from '../quality/quality.tables';
import {
  projectServiceAnswers,
  projectServiceGroups,
  projectServiceRows,
  projectServiceTemplates,
} from '../service-templates/service-templates.tables';
import { oneItem, readItem } from './service-items.service';
import { serviceItems, serviceUserAnswers } from './service-work.tables';

/**
 * What the technician's screen reads (SPEC §7 GET /service-project/data/full): a service item's
 * checklist — its own project copy of the template, in order — with the answers given so far.
 */

export type UserAnswerRow = typeof serviceUserAnswers.$inferSelect;

/** SPEC §7 sends the `company-id` header: the session's company decides, and another one is refused. */
export const assertCompanyHeader = (actor: Actor, header: string | string[] | undefined) => {
  const named = Array.isArray(header) ? header[0] : header;
  if (named && named !== actor.companyId) throw forbidden('The company-id header names another company');
};

/** User answers as the client reads them: who answered, and the number of the deviation raised. */
export const userAnswerDtos = async (db: Executor, companyId: string, rows: UserAnswerRow[]) => {
  const deviationIds = rows.flatMap((row) => (row.deviationId ? [row.deviationId] : []));
  const [names, numbers] = await Promise.all([
    userNamesByIds(
      db,
      rows.flatMap((row) => (row.userId ? [row.userId] : [])),
    ),
    deviationIds.length === 0
      ? []
      : db
          .select({ id: deviations.id, number: deviations.number })
          .from(deviations)
          .where(and(eq(deviations.companyId, companyId), inArray(deviations.id, deviationIds))),
  ]);
  const numberOf = new Map(numbers.map((row) => [row.id, row.number]));
  return rows.map(
    (row): UserAnswerDto => ({
      id: row.id,
      serviceItemId: row.serviceItemId,
      projectRowId: row.projectRowId,
      projectServiceAnswerId: row.projectServiceAnswerId,
      text: row.text,
      number: row.number,
      date: row.date,
      comment: row.comment,
      pictureId: row.pictureId,
      fileId: row.fileId,
      deviationId: row.deviationId,
      deviationNumber: row.deviationId ? (numberOf.get(row.deviationId) ?? null) : null,
      userId: row.userId,
      userName: row.userId ? (names.get(row.userId) ?? '') : '',
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
      version: row.version,
    }),
  );
};

export const answersOfItem = async (db: Executor, companyId: string, serviceItemId: string) =>
  userAnswerDtos(
    db,
    companyId,
    await db
      .select()
      .from(serviceUserAnswers)
      .where(
        and(eq(serviceUserAnswers.companyId, companyId), eq(serviceUserAnswers.serviceItemId, serviceItemId)),
      )
      .orderBy(asc(serviceUserAnswers.createdAt), asc(serviceUserAnswers.id)),
  );

/** GET /service-project/user-service-answer?serviceItemId: the item's answers, oldest first. */
export const listUserAnswers = async (ctx: AppContext, actor: Actor, serviceItemId: string) => {
  await readItem(ctx.db, actor.companyId, serviceItemId);
  return answersOfItem(ctx.db, actor.companyId, serviceItemId);
};

/**
 * The copies' groups, rows and answers, each level in order, by copy (three reads, whatever the size
 * or the number of copies: the service report reads all its items' checklists at once).
 */
export const checklistsOf = async (db: Executor, companyId: string, templateIds: readonly string[]) => {
  const ofCopies = <
    T extends typeof projectServiceGroups | typeof projectServiceRows | typeof projectServiceAnswers,
  >(
    table: T,
  ) => and(eq(table.companyId, companyId), inArray(table.projectTemplateId, [...templateIds]));
  const checklists = new Map<string, ProjectServiceGroupDto[]>();
  if (templateIds.length === 0) return checklists;
  const [groups, rows, answers] = await Promise.all([
    db
      .select()
      .from(projectServiceGroups)
      .where(ofCopies(projectServiceGroups))
      .orderBy(asc(projectServiceGroups.position)),
    db
      .select()
      .from(projectServiceRows)
      .where(ofCopies(projectServiceRows))
      .orderBy(asc(projectServiceRows.position)),
    db
      .select()
      .from(projectServiceAnswers)
      .where(ofCopies(projectServiceAnswers))
      .orderBy(asc(projectServiceAnswers.position)),
  ]);
  // Grouped once by parent, so a 600-row checklist is not filtered row by row.
  const by = <T>(items: T[], key: (item: T) => string) => {
    const grouped = new Map<string, T[]>();
    for (const item of items) {
      const list = grouped.get(key(item));
      if (list) list.push(item);
      else grouped.set(key(item), [item]);
    }
    return grouped;
  };
  const rowsOf = by(rows, (row) => row.projectGroupId);
  const answersOf = by(answers, (answer) => answer.projectRowId);
  for (const templateId of templateIds) checklists.set(templateId, []);
  for (const group of groups) {
    checklists.get(group.projectTemplateId)?.push({
      id: group.id,
      name: group.name,
      typeGroup: group.typeGroup,
      info: group.info,
      rows: (rowsOf.get(group.id) ?? []).map((row) => ({
        id: row.id,
        name: row.name,
        type: row.type,
        note: row.note,
        url: row.url,
        fileId: row.fileId,
        functionName: row.functionName,
        answers: (answersOf.get(row.id) ?? []).map((answer) => ({
          id: answer.id,
          name: answer.name,
          color: answer.color,
          isCommentRequired: answer.isCommentRequired,
          isPictureRequired: answer.isPictureRequired,
          isDeviationRequired: answer.isDeviationRequired,
        })),
      })),
    });
  }
  return checklists;
};

const checklistOf = async (db: Executor, companyId: string, templateId: string) =>
  (await checklistsOf(db, companyId, [templateId])).get(templateId) ?? [];

/** The answers of several items, oldest first, by item (one read). */
export const answersOfItems = async (db: Executor, companyId: string, serviceItemIds: readonly string[]) => {
  const answers = new Map<string, UserAnswerDto[]>(serviceItemIds.map((id) => [id, []]));
  if (serviceItemIds.length === 0) return answers;
  const rows = await db
    .select()
    .from(serviceUserAnswers)
    .where(
      and(
        eq(serviceUserAnswers.companyId, companyId),
        inArray(serviceUserAnswers.serviceItemId, [...serviceItemIds]),
      ),
    )
    .orderBy(asc(serviceUserAnswers.createdAt), asc(serviceUserAnswers.id));
  for (const answer of await userAnswerDtos(db, companyId, rows))
    answers.get(answer.serviceItemId)?.push(answer);
  return answers;
};

/** The item of a query: by its id, or by the project copy it owns. */
const itemIdOf = async (
  db: Executor,
  companyId: string,
  query: z.output<typeof serviceDataFullQuerySchema>,
) => {
  if (query.serviceItemId) return query.serviceItemId;
  const [row] = await db
    .select({ id: serviceItems.id })
    .from(serviceItems)
    .where(
      and(
        eq(serviceItems.companyId, companyId),
        eq(serviceItems.projectServiceTemplateId, query.projectServiceTemplateId as string),
      ),
    );
  if (!row) throw notFound('Service item');
  return row.id;
};

/** GET /service-project/data/full. */
export const readServiceDataFull = async (
  ctx: AppContext,
  actor: Actor,
  query: z.output<typeof serviceDataFullQuerySchema>,
): Promise<ServiceDataFullDto> => {
  const { companyId } = actor;
  const item: ServiceItemDto = await oneItem(ctx, companyId, await itemIdOf(ctx.db, companyId, query));
  const [[template], [project], groups, answers] = await Promise.all([
    ctx.db
      .select()
      .from(projectServiceTemplates)
      .where(
        and(
          eq(projectServiceTemplates.companyId, companyId),
          eq(projectServiceTemplates.id, item.projectServiceTemplateId),
        ),
      ),
    projectsForPlanner(ctx.db, companyId, [item.projectId]),
    checklistOf(ctx.db, companyId, item.projectServiceTemplateId),
    answersOfItem(ctx.db, companyId, item.id),
  ]);
  if (!template) throw notFound('Service template');
  return {
    item,
    project: { id: item.projectId, number: project?.number ?? 0, name: project?.name ?? '' },
    template: { id: template.id, name: template.name, info: template.info },
    groups,
    answers,
  };
};
