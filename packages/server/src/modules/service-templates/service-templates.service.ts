import type {
  adminServiceCreateSchema,
  adminServiceDeleteSchema,
  adminServiceUpdateSchema,
  ServiceTemplateFullDto,
} from '@karm/domain/contract';
import {
  VALIDATION_MESSAGE_KEYS as MESSAGES,
  messageWithParams,
  rowTypeTakesAnswers,
} from '@karm/domain/rules';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { Actor, AppContext } from '../../platform/context';
import type { Executor } from '../../platform/db/client';
import { assertReferencesInCompany } from '../../platform/db/references';
import { AppError, notFound, validationError } from '../../platform/errors';
import { deleteFilesNoLongerUsed, filesReferable } from '../files/files.service';
import { byPosition, inRequestedOrder, moved, writeOrder } from './ordering';
import {
  projectServiceTemplates,
  serviceAnswers,
  serviceGroups,
  serviceRows,
  serviceTemplates,
} from './service-templates.tables';
import { type AnswerRow, ensureStarters, type GroupRow, type RowRow } from './starters';
import {
  announce,
  announceTemplates,
  assertFirstAnswer,
  assertVersion,
  findOwn,
  lockTemplates,
  SERVICE_FUNCTIONS_REFERABLE,
  SERVICE_GROUPS_REFERABLE,
  SERVICE_ROWS_REFERABLE,
  SERVICE_TEMPLATES_REFERABLE,
  touchTemplate,
} from './template-locks';
import { loadStoredTemplate } from './template-tree';

/**
 * The admin-service:create|update|delete events and the reorders: one transaction each, which
 * stores the company's starters first (if it has not yet), locks the template, changes its tree and
 * answers the whole template as stored at its new version.
 */

type CreateInput = z.output<typeof adminServiceCreateSchema>;
type UpdateInput = z.output<typeof adminServiceUpdateSchema>;
type DeleteInput = z.output<typeof adminServiceDeleteSchema>;

const groupsOf = (tx: Executor, templateId: string) =>
  tx
    .select()
    .from(serviceGroups)
    .where(eq(serviceGroups.templateId, templateId))
    .orderBy(asc(serviceGroups.position));
const rowsOf = (tx: Executor, groupId: string) =>
  tx.select().from(serviceRows).where(eq(serviceRows.groupId, groupId)).orderBy(asc(serviceRows.position));
const answersOf = (tx: Executor, rowId: string) =>
  tx
    .select()
    .from(serviceAnswers)
    .where(eq(serviceAnswers.rowId, rowId))
    .orderBy(asc(serviceAnswers.position));

/** The template as stored now, inside the change's transaction (what the change answers). */
export const storedTemplate = async (tx: Executor, companyId: string, templateId: string) => {
  const template = await loadStoredTemplate(tx, companyId, templateId);
  if (!template) throw notFound('Service template');
  return template;
};

/**
 * Runs a change of the company's templates in one transaction with the starters stored, then tells
 * the company and deletes files the change stopped using.
 */
export const changeTemplates = async <Result extends ServiceTemplateFullDto | ServiceTemplateFullDto[]>(
  ctx: AppContext,
  actor: Actor,
  work: (tx: Executor, now: Date, releasedFiles: string[]) => Promise<Result>,
): Promise<Result> => {
  const releasedFiles: string[] = [];
  const result = await ctx.db.transaction(async (tx) => {
    await ensureStarters(tx, actor.companyId);
    return work(tx, ctx.clock.now(), releasedFiles);
  });
  announceTemplates(ctx, actor.companyId, Array.isArray(result) ? result : [result]);
  await deleteFilesNoLongerUsed(ctx, actor.companyId, releasedFiles);
  return result;
};

const assertAnswerRow = (row: RowRow) => {
  if (!rowTypeTakesAnswers(row.type)) throw validationError({ rowId: MESSAGES.rowTakesNoAnswers });
};

const assertRowReferences = (
  tx: Executor,
  companyId: string,
  fields: { fileId?: string | null; functionId?: string | null },
) =>
  assertReferencesInCompany(tx, companyId, {
    fileId: [filesReferable('service-file'), fields.fileId],
    functionId: [SERVICE_FUNCTIONS_REFERABLE, fields.functionId],
  });

// --- create -----------------------------------------------------------------------------------

const createGroup = async (
  tx: Executor,
  companyId: string,
  now: Date,
  input: Extract<CreateInput, { entity: 'group' }>,
) => {
  const { entity: _, templateId, ...fields } = input;
  await assertReferencesInCompany(tx, companyId, { templateId: [SERVICE_TEMPLATES_REFERABLE, templateId] });
  await touchTemplate(tx, companyId, templateId, now);
  const siblings = await groupsOf(tx, templateId);
  await tx.insert(serviceGroups).values({ companyId, templateId, ...fields, position: siblings.length });
  return templateId;
};

const createRow = async (
  tx: Executor,
  companyId: string,
  now: Date,
  input: Extract<CreateInput, { entity: 'row' }>,
) => {
  const { entity: _, groupId, ...fields } = input;
  await assertReferencesInCompany(tx, companyId, { groupId: [SERVICE_GROUPS_REFERABLE, groupId] });
  await assertRowReferences(tx, companyId, fields);
  const group = await findOwn<GroupRow>(tx, serviceGroups, companyId, groupId, 'Service group');
  await touchTemplate(tx, companyId, group.templateId, now);
  const siblings = await rowsOf(tx, groupId);
  await tx
    .insert(serviceRows)
    .values({ companyId, templateId: group.templateId, groupId, ...fields, position: siblings.length });
  return group.templateId;
};

const createAnswer = async (
  tx: Executor,
  companyId: string,
  now: Date,
  input: Extract<CreateInput, { entity: 'answer' }>,
) => {
  const { entity: _, rowId, isNotOkFirstConfirmed, ...fields } = input;
  await assertReferencesInCompany(tx, companyId, { rowId: [SERVICE_ROWS_REFERABLE, rowId] });
  const row = await findOwn<RowRow>(tx, serviceRows, companyId, rowId, 'Service row');
  await touchTemplate(tx, companyId, row.templateId, now);
  assertAnswerRow(row);
  const before = await answersOf(tx, rowId);
  assertFirstAnswer(before, [...before, fields], isNotOkFirstConfirmed);
  await tx
    .insert(serviceAnswers)
    .values({ companyId, templateId: row.templateId, rowId, ...fields, position: before.length });
  return row.templateId;
};

/** `admin-service:create`: a template, or a group, row or answer last in its parent. */
export const createServiceEntity = (ctx: AppContext, actor: Actor, input: CreateInput) =>
  changeTemplates(ctx, actor, async (tx, now) => {
    const { companyId } = actor;
    let templateId: string;
    switch (input.entity) {
      case 'template': {
        const { entity: _, ...fields } = input;
        const [created] = await tx
          .insert(serviceTemplates)
          .values({ companyId, ...fields, createdAt: now, updatedAt: now })
          .returning();
        if (!created) throw new Error('Service template insert returned nothing');
        templateId = created.id;
        break;
      }
      case 'group':
        templateId = await createGroup(tx, companyId, now, input);
        break;
      case 'row':
        templateId = await createRow(tx, companyId, now, input);
        break;
      case 'answer':
        templateId = await createAnswer(tx, companyId, now, input);
        break;
    }
    return storedTemplate(tx, companyId, templateId);
  });

// --- update -----------------------------------------------------------------------------------

/** Locks the entity's template, then reads the entity afresh and checks the version read. */
const lockedEntity = async <Row extends { templateId: string; version: number }>(
  tx: Executor,
  companyId: string,
  now: Date,
  find: () => Promise<Row>,
  version: number,
) => {
  const before = await find();
  await touchTemplate(tx, companyId, before.templateId, now);
  const row = await find();
  assertVersion(row, version);
  return row;
};

const updateGroup = async (
  tx: Executor,
  companyId: string,
  now: Date,
  input: Extract<UpdateInput, { entity: 'group' }>,
) => {
  const find = () => findOwn<GroupRow>(tx, serviceGroups, companyId, input.id, 'Service group');
  const group = await lockedEntity(tx, companyId, now, find, input.version);
  const { position, ...fields } = input.changes;
  await tx
    .update(serviceGroups)
    .set({ ...fields, version: group.version + 1 })
    .where(eq(serviceGroups.id, group.id));
  if (position !== undefined)
    await writeOrder(tx, serviceGroups, moved(await groupsOf(tx, group.templateId), group.id, position));
  return group.templateId;
};

const updateRow = async (
  tx: Executor,
  companyId: string,
  now: Date,
  input: Extract<UpdateInput, { entity: 'row' }>,
  releasedFiles: string[],
) => {
  const find = () => findOwn<RowRow>(tx, serviceRows, companyId, input.id, 'Service row');
  const row = await lockedEntity(tx, companyId, now, find, input.version);
  const { position, ...fields } = input.changes;
  await assertRowReferences(tx, companyId, fields);
  await tx
    .update(serviceRows)
    .set({ ...fields, version: row.version + 1 })
    .where(eq(serviceRows.id, row.id));
  // SPEC §4: a row changed to a type without answers loses its answers (the editor asked first and reloads the whole template).
  if (fields.type && !rowTypeTakesAnswers(fields.type))
    await tx.delete(serviceAnswers).where(eq(serviceAnswers.rowId, row.id));
  if (fields.fileId !== undefined && row.fileId && row.fileId !== fields.fileId)
    releasedFiles.push(row.fileId);
  if (position !== undefined)
    await writeOrder(tx, serviceRows, moved(await rowsOf(tx, row.groupId), row.id, position));
  return row.templateId;
};

const updateAnswer = async (
  tx: Executor,
  companyId: string,
  now: Date,
  input: Extract<UpdateInput, { entity: 'answer' }>,
) => {
  const find = () => findOwn<AnswerRow>(tx, serviceAnswers, companyId, input.id, 'Service answer');
  const answer = await lockedEntity(tx, companyId, now, find, input.version);
  const { position, ...fields } = input.changes;
  const before = await answersOf(tx, answer.rowId);
  const changed = before.map((candidate) =>
    candidate.id === answer.id ? { ...candidate, ...fields } : candidate,
  );
  const after = position === undefined ? changed : moved(changed, answer.id, position);
  assertFirstAnswer(before, after, input.isNotOkFirstConfirmed);
  await tx
    .update(serviceAnswers)
    .set({ ...fields, version: answer.version + 1 })
    .where(eq(serviceAnswers.id, answer.id));
  await writeOrder(tx, serviceAnswers, after);
  return answer.templateId;
};

/** `admin-service:update`: the changed fields (and place) of one entity, at the version read. */
export const updateServiceEntity = (ctx: AppContext, actor: Actor, input: UpdateInput) =>
  changeTemplates(ctx, actor, async (tx, now, releasedFiles) => {
    const { companyId } = actor;
    let templateId: string;
    switch (input.entity) {
      case 'template': {
        const template = await touchTemplate(tx, companyId, input.id, now, input.version);
        await tx.update(serviceTemplates).set(input.changes).where(eq(serviceTemplates.id, template.id));
        templateId = template.id;
        break;
      }
      case 'group':
        templateId = await updateGroup(tx, companyId, now, input);
        break;
      case 'row':
        templateId = await updateRow(tx, companyId, now, input, releasedFiles);
        break;
      case 'answer':
        templateId = await updateAnswer(tx, companyId, now, input);
        break;
    }
    return storedTemplate(tx, companyId, templateId);
  });

// --- delete -----------------------------------------------------------------------------------

const filesOfRows = async (tx: Executor, condition: ReturnType<typeof eq>) =>
  (await tx.select({ fileId: serviceRows.fileId }).from(serviceRows).where(condition)).flatMap((row) =>
    row.fileId ? [row.fileId] : [],
  );

/** How many project copies were made of the template. */
export const templateUsage = async (tx: Executor, templateId: string) =>
  (
    await tx
      .select({ id: projectServiceTemplates.id })
      .from(projectServiceTemplates)
      .where(eq(projectServiceTemplates.sourceTemplateId, templateId))
  ).length;

const deleteTemplate = async (
  ctx: AppContext,
  actor: Actor,
  input: Extract<DeleteInput, { entity: 'template' }>,
) => {
  const releasedFiles: string[] = [];
  await ctx.db.transaction(async (tx) => {
    await ensureStarters(tx, actor.companyId);
    const template = await touchTemplate(tx, actor.companyId, input.id, ctx.clock.now(), input.version);
    const usage = await templateUsage(tx, template.id);
    if (usage > 0) {
      throw new AppError('CONFLICT', messageWithParams(MESSAGES.serviceTemplateInUse, { count: usage }), {
        reason: 'templateInUse',
        count: usage,
      });
    }
    releasedFiles.push(...(await filesOfRows(tx, eq(serviceRows.templateId, template.id))));
    await tx.delete(serviceTemplates).where(eq(serviceTemplates.id, template.id));
  });
  announce(ctx, actor.companyId, { templates: [{ id: input.id, version: null }] });
  await deleteFilesNoLongerUsed(ctx, actor.companyId, releasedFiles);
  return { id: input.id };
};

/** Deletes groups (their rows and answers go with them) and closes up each template's order. */
const deleteGroups = async (tx: Executor, companyId: string, groups: GroupRow[], releasedFiles: string[]) => {
  const ids = groups.map((group) => group.id);
  releasedFiles.push(...(await filesOfRows(tx, inArray(serviceRows.groupId, ids))));
  await tx.delete(serviceGroups).where(inArray(serviceGroups.id, ids));
  const templateIds = [...new Set(groups.map((group) => group.templateId))];
  for (const templateId of templateIds) await writeOrder(tx, serviceGroups, await groupsOf(tx, templateId));
  const templates: ServiceTemplateFullDto[] = [];
  for (const templateId of templateIds) templates.push(await storedTemplate(tx, companyId, templateId));
  return templates;
};

/** `admin-service:delete`: one entity at the version read; a template in use on projects is refused. */
export const deleteServiceEntity = (ctx: AppContext, actor: Actor, input: DeleteInput) => {
  if (input.entity === 'template') return deleteTemplate(ctx, actor, input);
  return changeTemplates(ctx, actor, async (tx, now, releasedFiles) => {
    const { companyId } = actor;
    switch (input.entity) {
      case 'group': {
        const find = () => findOwn<GroupRow>(tx, serviceGroups, companyId, input.id, 'Service group');
        const group = await lockedEntity(tx, companyId, now, find, input.version);
        const [template] = await deleteGroups(tx, companyId, [group], releasedFiles);
        if (!template) throw notFound('Service template');
        return template;
      }
      case 'row': {
        const find = () => findOwn<RowRow>(tx, serviceRows, companyId, input.id, 'Service row');
        const row = await lockedEntity(tx, companyId, now, find, input.version);
        if (row.fileId) releasedFiles.push(row.fileId);
        await tx.delete(serviceRows).where(eq(serviceRows.id, row.id));
        await writeOrder(tx, serviceRows, await rowsOf(tx, row.groupId));
        return storedTemplate(tx, companyId, row.templateId);
      }
      case 'answer': {
        const find = () => findOwn<AnswerRow>(tx, serviceAnswers, companyId, input.id, 'Service answer');
        const answer = await lockedEntity(tx, companyId, now, find, input.version);
        const before = await answersOf(tx, answer.rowId);
        const after = before.filter((candidate) => candidate.id !== answer.id);
        assertFirstAnswer(before, after, input.isNotOkFirstConfirmed);
        await tx.delete(serviceAnswers).where(eq(serviceAnswers.id, answer.id));
        await writeOrder(tx, serviceAnswers, after);
        return storedTemplate(tx, companyId, answer.templateId);
      }
    }
  });
};

/** `admin-service:delete-service-groups`: the named groups of the company's templates, all or none. */
export const deleteServiceGroups = (ctx: AppContext, actor: Actor, input: { ids: string[] }) =>
  changeTemplates(ctx, actor, async (tx, now, releasedFiles) => {
    const { companyId } = actor;
    const found = await tx
      .select()
      .from(serviceGroups)
      .where(and(eq(serviceGroups.companyId, companyId), inArray(serviceGroups.id, input.ids)));
    if (found.length !== input.ids.length) throw notFound('Service group');
    await lockTemplates(tx, companyId, [...new Set(found.map((group) => group.templateId))], [], now);
    // Read again under the locks: a group may have gone meanwhile.
    const groups = await tx.select().from(serviceGroups).where(inArray(serviceGroups.id, input.ids));
    if (groups.length !== input.ids.length) throw notFound('Service group');
    return deleteGroups(tx, companyId, groups, releasedFiles);
  });

// --- reorder ----------------------------------------------------------------------------------

/** POST /service-templates/service-groups/reorder: every group of the template once, in the new order. */
export const reorderServiceGroups = (
  ctx: AppContext,
  actor: Actor,
  input: { templateId: string; ids: string[] },
) =>
  changeTemplates(ctx, actor, async (tx, now) => {
    await assertReferencesInCompany(tx, actor.companyId, {
      templateId: [SERVICE_TEMPLATES_REFERABLE, input.templateId],
    });
    await touchTemplate(tx, actor.companyId, input.templateId, now);
    await writeOrder(tx, serviceGroups, inRequestedOrder(await groupsOf(tx, input.templateId), input.ids));
    return storedTemplate(tx, actor.companyId, input.templateId);
  });

/** POST /service-templates/service-rows/reorder: every row of the group once. */
export const reorderServiceRows = (
  ctx: AppContext,
  actor: Actor,
  input: { groupId: string; ids: string[] },
) =>
  changeTemplates(ctx, actor, async (tx, now) => {
    await assertReferencesInCompany(tx, actor.companyId, {
      groupId: [SERVICE_GROUPS_REFERABLE, input.groupId],
    });
    const group = await findOwn<GroupRow>(tx, serviceGroups, actor.companyId, input.groupId, 'Service group');
    await touchTemplate(tx, actor.companyId, group.templateId, now);
    await writeOrder(tx, serviceRows, inRequestedOrder(await rowsOf(tx, group.id), input.ids));
    return storedTemplate(tx, actor.companyId, group.templateId);
  });

/** POST /service-templates/service-answers/reorder: every answer of the row once (position 1 checked). */
export const reorderServiceAnswers = (
  ctx: AppContext,
  actor: Actor,
  input: { rowId: string; ids: string[]; isNotOkFirstConfirmed: boolean },
) =>
  changeTemplates(ctx, actor, async (tx, now) => {
    await assertReferencesInCompany(tx, actor.companyId, { rowId: [SERVICE_ROWS_REFERABLE, input.rowId] });
    const row = await findOwn<RowRow>(tx, serviceRows, actor.companyId, input.rowId, 'Service row');
    await touchTemplate(tx, actor.companyId, row.templateId, now);
    const before = await answersOf(tx, row.id);
    const after = inRequestedOrder(before, input.ids);
    assertFirstAnswer(before, after, input.isNotOkFirstConfirmed);
    await writeOrder(tx, serviceAnswers, after);
    return storedTemplate(tx, actor.companyId, row.templateId);
  });

export { answersOf, byPosition, groupsOf, rowsOf };
