import { VALIDATION_MESSAGE_KEYS as MESSAGES, rowTypeTakesAnswers } from '@karm/domain/rules';
import { asc, eq, inArray } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Actor, AppContext } from '../../platform/context';
import type { Executor } from '../../platform/db/client';
import { assertReferencesInCompany } from '../../platform/db/references';
import { validationError } from '../../platform/errors';
import { newId } from '../../platform/ids';
import { findCompanyRow } from '../company/company.service';
import { placedAfter, writeOrder } from './ordering';
import { answersOf, changeTemplates, groupsOf, rowsOf, storedTemplate } from './service-templates.service';
import {
  globalAnswerGroups,
  globalAnswers,
  serviceAnswers,
  serviceGroups,
  serviceRows,
  serviceTemplates,
} from './service-templates.tables';
import type { AnswerRow, GroupRow, RowRow } from './starters';
import {
  assertFirstAnswer,
  findOwn,
  GLOBAL_ANSWER_GROUPS_REFERABLE,
  holdTemplates,
  lockTemplates,
  SERVICE_GROUPS_REFERABLE,
  SERVICE_ROWS_REFERABLE,
  SERVICE_TEMPLATES_REFERABLE,
  touchTemplate,
} from './template-locks';

/**
 * Copies (SPEC §7 POST /service-templates/copy, …/service-groups/copy, …/service-rows/copy,
 * …/service-answers/copy/from-global-group): one transaction each, new ids made by the app, the
 * source held against changes while it is read. Groups hold rows and rows hold answers, never their
 * own kind, so a copy can never land inside what it copies.
 */

/** Inserts many rows in statements of a bounded size (PostgreSQL takes at most 65 535 parameters). */
export const insertAll = async <Row extends Record<string, unknown>>(
  tx: Executor,
  table: PgTable,
  rows: Row[],
) => {
  for (let start = 0; start < rows.length; start += 1_000) {
    await tx.insert(table).values(rows.slice(start, start + 1_000) as never);
  }
};

/** The rows (with their answers) as new rows of a template, each in the group `groupOf` names. */
const clonedRows = (
  rows: RowRow[],
  answers: AnswerRow[],
  target: { templateId: string; groupOf: (row: RowRow) => string; positionOf?: (row: RowRow) => number },
) => {
  const newRowId = new Map(rows.map((row) => [row.id, newId()]));
  return {
    rows: rows.map((row) => ({
      ...row,
      id: newRowId.get(row.id) as string,
      templateId: target.templateId,
      groupId: target.groupOf(row),
      position: target.positionOf ? target.positionOf(row) : row.position,
      version: 1,
    })),
    answers: answers
      .filter((answer) => newRowId.has(answer.rowId))
      .map((answer) => ({
        ...answer,
        id: newId(),
        templateId: target.templateId,
        rowId: newRowId.get(answer.rowId) as string,
        version: 1,
      })),
  };
};

const answersOfRows = (tx: Executor, rowIds: string[]) =>
  rowIds.length === 0
    ? Promise.resolve([])
    : tx.select().from(serviceAnswers).where(inArray(serviceAnswers.rowId, rowIds));

/** Copies groups (with rows and answers) into a template, each group at the position `positionOf` gives. */
const insertGroupCopies = async (
  tx: Executor,
  groups: GroupRow[],
  target: { templateId: string; positionOf: (group: GroupRow) => number },
) => {
  if (groups.length === 0) return [];
  const newGroupId = new Map(groups.map((group) => [group.id, newId()]));
  const rows = await tx
    .select()
    .from(serviceRows)
    .where(inArray(serviceRows.groupId, [...newGroupId.keys()]));
  const copies = clonedRows(
    rows,
    await answersOfRows(
      tx,
      rows.map((row) => row.id),
    ),
    {
      templateId: target.templateId,
      groupOf: (row) => newGroupId.get(row.groupId) as string,
    },
  );
  await insertAll(
    tx,
    serviceGroups,
    groups.map((group) => ({
      ...group,
      id: newGroupId.get(group.id) as string,
      templateId: target.templateId,
      position: target.positionOf(group),
      version: 1,
    })),
  );
  await insertAll(tx, serviceRows, copies.rows);
  await insertAll(tx, serviceAnswers, copies.answers);
  return groups.map((group) => newGroupId.get(group.id) as string);
};

const COPY_SUFFIX = { en: 'copy', nb: 'kopi' } as const;

/** POST /service-templates/copy: the whole template, under a new name ("<name> (kopi)" unless one is given). */
export const copyServiceTemplate = (ctx: AppContext, actor: Actor, input: { id: string; name?: string }) =>
  changeTemplates(ctx, actor, async (tx, now) => {
    const { companyId } = actor;
    const [source] = await holdTemplates(tx, companyId, [input.id]);
    if (!source) throw validationError({ id: MESSAGES.referenceUnknown });
    const language = (await findCompanyRow(tx, companyId)).documentLanguage;
    const [copy] = await tx
      .insert(serviceTemplates)
      .values({
        companyId,
        name: input.name ?? `${source.name} (${COPY_SUFFIX[language]})`,
        info: source.info,
        purpose: source.purpose,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (!copy) throw new Error('Service template insert returned nothing');
    await insertGroupCopies(tx, await groupsOf(tx, source.id), {
      templateId: copy.id,
      positionOf: (group) => group.position,
    });
    return storedTemplate(tx, companyId, copy.id);
  });

/** POST /service-templates/service-groups/copy: right after the source, or last in another template. */
export const copyServiceGroup = (
  ctx: AppContext,
  actor: Actor,
  input: { id: string; targetTemplateId?: string },
) =>
  changeTemplates(ctx, actor, async (tx, now) => {
    const { companyId } = actor;
    await assertReferencesInCompany(tx, companyId, {
      id: [SERVICE_GROUPS_REFERABLE, input.id],
      targetTemplateId: [SERVICE_TEMPLATES_REFERABLE, input.targetTemplateId],
    });
    const found = await findOwn<GroupRow>(tx, serviceGroups, companyId, input.id, 'Service group');
    const targetId = input.targetTemplateId ?? found.templateId;
    await lockTemplates(tx, companyId, [targetId], [found.templateId], now);
    const source = await findOwn<GroupRow>(tx, serviceGroups, companyId, input.id, 'Service group');
    const siblings = await groupsOf(tx, targetId);
    const [copyId] = await insertGroupCopies(tx, [source], {
      templateId: targetId,
      positionOf: () => siblings.length,
    });
    if (copyId && targetId === source.templateId) {
      await writeOrder(tx, serviceGroups, placedAfter(await groupsOf(tx, targetId), copyId, source.id));
    }
    return storedTemplate(tx, companyId, targetId);
  });

/** POST /service-templates/service-rows/copy: right after the source, or last in another group. */
export const copyServiceRow = (
  ctx: AppContext,
  actor: Actor,
  input: { id: string; targetGroupId?: string },
) =>
  changeTemplates(ctx, actor, async (tx, now) => {
    const { companyId } = actor;
    await assertReferencesInCompany(tx, companyId, {
      id: [SERVICE_ROWS_REFERABLE, input.id],
      targetGroupId: [SERVICE_GROUPS_REFERABLE, input.targetGroupId],
    });
    const found = await findOwn<RowRow>(tx, serviceRows, companyId, input.id, 'Service row');
    const targetGroup = await findOwn<GroupRow>(
      tx,
      serviceGroups,
      companyId,
      input.targetGroupId ?? found.groupId,
      'Service group',
    );
    await lockTemplates(tx, companyId, [targetGroup.templateId], [found.templateId], now);
    const source = await findOwn<RowRow>(tx, serviceRows, companyId, input.id, 'Service row');
    const siblings = await rowsOf(tx, targetGroup.id);
    const copies = clonedRows([source], await answersOf(tx, source.id), {
      templateId: targetGroup.templateId,
      groupOf: () => targetGroup.id,
      positionOf: () => siblings.length,
    });
    await insertAll(tx, serviceRows, copies.rows);
    await insertAll(tx, serviceAnswers, copies.answers);
    const copyId = copies.rows[0]?.id;
    if (copyId && targetGroup.id === source.groupId) {
      await writeOrder(tx, serviceRows, placedAfter(await rowsOf(tx, targetGroup.id), copyId, source.id));
    }
    return storedTemplate(tx, companyId, targetGroup.templateId);
  });

/**
 * POST /service-templates/service-answers/copy/from-global-group: the global group's answers, in its
 * order, after the row's own (position 1 checked when the row had none).
 */
export const copyAnswersFromGlobalGroup = (
  ctx: AppContext,
  actor: Actor,
  input: { rowId: string; globalGroupId: string; isNotOkFirstConfirmed: boolean },
) =>
  changeTemplates(ctx, actor, async (tx, now) => {
    const { companyId } = actor;
    await assertReferencesInCompany(tx, companyId, {
      rowId: [SERVICE_ROWS_REFERABLE, input.rowId],
      globalGroupId: [GLOBAL_ANSWER_GROUPS_REFERABLE, input.globalGroupId],
    });
    const row = await findOwn<RowRow>(tx, serviceRows, companyId, input.rowId, 'Service row');
    await touchTemplate(tx, companyId, row.templateId, now);
    if (!rowTypeTakesAnswers(row.type)) throw validationError({ rowId: MESSAGES.rowTakesNoAnswers });
    // Held so the set is copied as one version of it.
    await tx
      .select({ id: globalAnswerGroups.id })
      .from(globalAnswerGroups)
      .where(eq(globalAnswerGroups.id, input.globalGroupId))
      .for('share');
    const source = await tx
      .select()
      .from(globalAnswers)
      .where(eq(globalAnswers.groupId, input.globalGroupId))
      .orderBy(asc(globalAnswers.position));
    const before = await answersOf(tx, row.id);
    const added = source.map((answer, index) => ({
      id: newId(),
      companyId,
      templateId: row.templateId,
      rowId: row.id,
      name: answer.name,
      color: answer.color,
      isCommentRequired: answer.isCommentRequired,
      isPictureRequired: answer.isPictureRequired,
      isDeviationRequired: answer.isDeviationRequired,
      position: before.length + index,
    }));
    assertFirstAnswer(before, [...before, ...added], input.isNotOkFirstConfirmed);
    await insertAll(tx, serviceAnswers, added);
    return storedTemplate(tx, companyId, row.templateId);
  });
