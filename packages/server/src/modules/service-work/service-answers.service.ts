import {
  QUALITY_LIMITS,
  SERVICE_ANSWER_PUSHES,
  SERVICE_WORK_PUSHES,
  type ServiceAnswersChangedPush,
  type ServiceItemsChangedPush,
  type ServiceRowType,
  type UserAnswerChangeResultDto,
  type UserAnswerCreateResultDto,
  type UserAnswerDeleteResultDto,
  type userAnswerCreateSchema,
  type userAnswerPatchSchema,
} from '@karm/domain/contract';
import {
  isValidUrl,
  VALIDATION_MESSAGE_KEYS as MESSAGES,
  missingRequiredFields,
  rowTypeTakesAnswers,
  serviceItemStatusOf,
} from '@karm/domain/rules';
import { and, eq, max } from 'drizzle-orm';
import type { z } from 'zod';
import { todayIn } from '../../platform/clock';
import type { Actor, AppContext } from '../../platform/context';
import type { Executor } from '../../platform/db/client';
import { assertReferencesInCompany } from '../../platform/db/references';
import { AppError, conflict, notFound, validationError } from '../../platform/errors';
import { deleteFilesNoLongerUsed, filesReferable } from '../files/files.service';
import {
  followAnswerChange,
  insertDeviation,
  noteAnswerNoLongerRequires,
  pushQualityChanged,
} from '../quality/deviations.service';
import { projectServiceAnswers, projectServiceRows } from '../service-templates/service-templates.tables';
import { type UserAnswerRow, userAnswerDtos } from './service-checklist';
import { oneItem } from './service-items.service';
import { serviceItems, serviceUserAnswers } from './service-work.tables';

/**
 * Answering a service item's checklist (SPEC §3 User answer, §5 comment/picture required, §7
 * /service-project/user-service-answer, §8 failures logged and rethrown). Every change locks the item
 * first, so two technicians answering one item take turns; each answer is changed or replaced only at
 * the version its writer read (409 otherwise), and every change pushes `service-answers:changed`.
 */

type CreateInput = z.output<typeof userAnswerCreateSchema>;
type PatchInput = z.output<typeof userAnswerPatchSchema>;
type ItemRow = typeof serviceItems.$inferSelect;
type RowRow = typeof projectServiceRows.$inferSelect;
type AnswerRow = typeof projectServiceAnswers.$inferSelect;
type Values = Pick<UserAnswerRow, 'text' | 'number' | 'date' | 'comment' | 'pictureId' | 'fileId'>;

/** The value each row type takes; the others stay empty (a comment and a picture go with any row). */
const VALUE_OF: Record<ServiceRowType, 'text' | 'number' | 'date' | 'pictureId' | 'fileId' | null> = {
  text: 'text',
  url: 'text',
  number: 'number',
  date: 'date',
  picture: 'pictureId',
  signature: 'fileId',
  singleAnswer: null,
  multipleAnswers: null,
};

const isEmpty = (value: unknown) => value === null || value === undefined || value === '';

/** SPEC §8: a failed answer call is logged (a refusal as a warning) and rethrown to the caller. */
const logged = async <T>(ctx: AppContext, call: string, context: object, run: () => Promise<T>) => {
  try {
    return await run();
  } catch (error) {
    const level = error instanceof AppError ? 'warn' : 'error';
    ctx.logger[level]({ err: error, call, ...context }, 'Service answer call failed');
    throw error;
  }
};

const lockItem = async (tx: Executor, companyId: string, id: string) => {
  const [row] = await tx
    .select()
    .from(serviceItems)
    .where(and(eq(serviceItems.companyId, companyId), eq(serviceItems.id, id)))
    .for('update');
  if (!row) throw notFound('Service item');
  return row;
};

/** The row of the item's own checklist; a row of another item's checklist is "unknown". */
const rowOfItem = async (tx: Executor, item: ItemRow, rowId: string) => {
  const [row] = await tx
    .select()
    .from(projectServiceRows)
    .where(
      and(
        eq(projectServiceRows.companyId, item.companyId),
        eq(projectServiceRows.projectTemplateId, item.projectServiceTemplateId),
        eq(projectServiceRows.id, rowId),
      ),
    );
  if (!row) throw validationError({ projectRowId: MESSAGES.referenceUnknown });
  return row;
};

const chosenAnswerOf = async (tx: Executor, row: RowRow, answerId: string | null) => {
  if (!rowTypeTakesAnswers(row.type)) {
    if (answerId) throw validationError({ projectServiceAnswerId: MESSAGES.valueNotForRow });
    return null;
  }
  if (!answerId) throw validationError({ projectServiceAnswerId: MESSAGES.required });
  const [answer] = await tx
    .select()
    .from(projectServiceAnswers)
    .where(and(eq(projectServiceAnswers.projectRowId, row.id), eq(projectServiceAnswers.id, answerId)));
  if (!answer) throw validationError({ projectServiceAnswerId: MESSAGES.referenceUnknown });
  return answer;
};

/** The row's own value is given, the others are empty, a URL is http(s), and SPEC §5's requirements hold. */
const assertValuesFit = (row: RowRow, chosen: AnswerRow | null, values: Values) => {
  const own = VALUE_OF[row.type];
  const fields: Record<string, string> = {};
  for (const field of ['text', 'number', 'date', 'fileId'] as const) {
    if (field !== own && !isEmpty(values[field])) fields[field] = MESSAGES.valueNotForRow;
  }
  if (own && isEmpty(values[own])) fields[own] = MESSAGES.required;
  if (row.type === 'url' && !isValidUrl(values.text)) fields.text = MESSAGES.urlInvalid;
  Object.assign(fields, missingRequiredFields(chosen, values));
  if (Object.keys(fields).length > 0) throw validationError(fields);
};

/** Pictures and signatures are the company's own `service-picture` uploads. */
const assertFiles = (tx: Executor, companyId: string, values: Partial<Values>) =>
  assertReferencesInCompany(tx, companyId, {
    pictureId: [filesReferable('service-picture'), values.pictureId ?? undefined],
    fileId: [filesReferable('service-picture'), values.fileId ?? undefined],
  });

/**
 * The item's status and last visit follow its answers (`serviceItemStatusOf`: no answers → not
 * visited; a chosen answer asking for a deviation, or red → fault; one asking for a comment or picture,
 * or orange/yellow → needs attention; else OK). Derived, so the item's version is left as it is: a
 * leader moving the item on the map meanwhile is not refused for it.
 */
const refreshItemStatus = async (tx: Executor, item: ItemRow) => {
  const answers = await tx
    .select({
      updatedAt: serviceUserAnswers.updatedAt,
      color: projectServiceAnswers.color,
      isCommentRequired: projectServiceAnswers.isCommentRequired,
      isPictureRequired: projectServiceAnswers.isPictureRequired,
      isDeviationRequired: projectServiceAnswers.isDeviationRequired,
    })
    .from(serviceUserAnswers)
    .leftJoin(projectServiceAnswers, eq(projectServiceAnswers.id, serviceUserAnswers.projectServiceAnswerId))
    .where(eq(serviceUserAnswers.serviceItemId, item.id));
  const chosen = answers.flatMap((answer) =>
    answer.color === null
      ? []
      : [
          {
            color: answer.color,
            isCommentRequired: answer.isCommentRequired ?? false,
            isPictureRequired: answer.isPictureRequired ?? false,
            isDeviationRequired: answer.isDeviationRequired ?? false,
          },
        ],
  );
  const [latest] = await tx
    .select({ at: max(serviceUserAnswers.updatedAt) })
    .from(serviceUserAnswers)
    .where(eq(serviceUserAnswers.serviceItemId, item.id));
  await tx
    .update(serviceItems)
    .set({ status: serviceItemStatusOf(answers.length, chosen), lastVisitAt: latest?.at ?? null })
    .where(eq(serviceItems.id, item.id));
};

/** What a deviation raised by an answer says: the item, row and answer, the comment and the picture. */
const deviationTextOf = (item: ItemRow, row: RowRow, chosen: AnswerRow, values: Values) => {
  const itemName = item.name || `#${item.number}`;
  return {
    title: `${itemName}: ${row.name} — ${chosen.name}`.slice(0, QUALITY_LIMITS.title),
    description: values.comment,
    pictureIds: values.pictureId ? [values.pictureId] : [],
  };
};

/** A deviation in the quality module for an answer that asks for one, with the item, project and pictures. */
const raiseDeviation = async (
  tx: Executor,
  ctx: AppContext,
  actor: Actor,
  item: ItemRow,
  row: RowRow,
  chosen: AnswerRow,
  values: Values,
) => {
  const deviation = await insertDeviation(
    tx,
    ctx,
    actor,
    {
      ...deviationTextOf(item, row, chosen, values),
      category: 'service',
      severity: 'medium',
      date: todayIn(ctx.clock),
      projectId: item.projectId,
      product: '',
      supplier: '',
      handlerId: null,
      rootCause: '',
      costOre: 0,
      actions: [],
    },
    { serviceItemId: item.id },
  );
  return deviation.id;
};

/**
 * The deviation of an answer that replaces one which raised a deviation: the same deviation, brought
 * up to date, when the new answer asks for one too (no second deviation for one finding); otherwise
 * the deviation stays as found and its history notes the new answer. A first answer raises a new one.
 */
const deviationOfNewAnswer = async (
  tx: Executor,
  ctx: AppContext,
  actor: Actor,
  found: { item: ItemRow; row: RowRow; chosen: AnswerRow | null; values: Values },
  replaced: UserAnswerRow[],
) => {
  const { item, row, chosen, values } = found;
  const earlier = replaced.find((answer) => answer.deviationId !== null);
  const earlierName = earlier
    ? ((await chosenAnswerOf(tx, row, earlier.projectServiceAnswerId))?.name ?? '')
    : '';
  if (earlier?.deviationId && !chosen?.isDeviationRequired) {
    await noteAnswerNoLongerRequires(tx, ctx, actor, earlier.deviationId, {
      from: earlierName,
      to: chosen?.name ?? '',
    });
    return { deviationId: null, touched: earlier.deviationId };
  }
  if (!chosen?.isDeviationRequired) return { deviationId: null, touched: null };
  if (earlier?.deviationId) {
    await followAnswerChange(
      tx,
      ctx,
      actor,
      earlier.deviationId,
      deviationTextOf(item, row, chosen, values),
      {
        from: earlierName,
        to: chosen.name,
      },
    );
    return { deviationId: earlier.deviationId, touched: earlier.deviationId };
  }
  const raised = await raiseDeviation(tx, ctx, actor, item, row, chosen, values);
  return { deviationId: raised, touched: raised };
};

const announce = (ctx: AppContext, actor: Actor, item: ItemRow, deviationId: string | null) => {
  ctx.realtime.toCompany(actor.companyId, SERVICE_ANSWER_PUSHES.changed, {
    serviceItemId: item.id,
    projectId: item.projectId,
    by: actor.userId,
  } satisfies ServiceAnswersChangedPush);
  ctx.realtime.toCompany(actor.companyId, SERVICE_WORK_PUSHES.itemsChanged, {
    projectId: item.projectId,
  } satisfies ServiceItemsChangedPush);
  if (deviationId) pushQualityChanged(ctx, actor.companyId, { kind: 'deviation', id: deviationId });
};

const filesOf = (rows: readonly Pick<UserAnswerRow, 'pictureId' | 'fileId'>[]) =>
  rows.flatMap((row) => [row.pictureId, row.fileId]).filter((id): id is string => id !== null);

/**
 * The row's current answer(s) the new one replaces. A single-answer or value row has one answer: the
 * client names it (`replaces`) at the version it read, and anything else — it changed, it is gone, or
 * someone answered first — is a conflict. A multiple-answers row adds the answer beside the others;
 * choosing one already chosen is a conflict too.
 */
const replacedAnswers = (row: RowRow, existing: UserAnswerRow[], input: CreateInput) => {
  const stale = (current: UserAnswerRow | undefined) =>
    conflict(MESSAGES.serviceAnswerChanged, {
      id: current?.id ?? null,
      currentVersion: current?.version ?? null,
    });
  if (row.type === 'multipleAnswers') {
    const same = existing.find((answer) => answer.projectServiceAnswerId === input.projectServiceAnswerId);
    if (same) throw stale(same);
    if (input.replaces) throw stale(undefined);
    return [];
  }
  const [current] = existing;
  if (!current && !input.replaces) return [];
  if (!current || current.id !== input.replaces?.id || current.version !== input.replaces.version) {
    throw stale(current);
  }
  return [current];
};

/** POST /service-project/user-service-answer: answers the created and the deleted (replaced) answers. */
export const createUserAnswer = (ctx: AppContext, actor: Actor, input: CreateInput) =>
  logged(ctx, 'create', { serviceItemId: input.serviceItemId, rowId: input.projectRowId }, async () => {
    const { companyId } = actor;
    const now = ctx.clock.now();
    const result = await ctx.db.transaction(async (tx) => {
      const item = await lockItem(tx, companyId, input.serviceItemId);
      const row = await rowOfItem(tx, item, input.projectRowId);
      const chosen = await chosenAnswerOf(tx, row, input.projectServiceAnswerId);
      assertValuesFit(row, chosen, input);
      await assertFiles(tx, companyId, input);
      const existing = await tx
        .select()
        .from(serviceUserAnswers)
        .where(
          and(eq(serviceUserAnswers.serviceItemId, item.id), eq(serviceUserAnswers.projectRowId, row.id)),
        );
      const replaced = replacedAnswers(row, existing, input);
      for (const old of replaced)
        await tx.delete(serviceUserAnswers).where(eq(serviceUserAnswers.id, old.id));
      const values: Values = {
        text: input.text,
        number: input.number,
        date: input.date,
        comment: input.comment,
        pictureId: input.pictureId,
        fileId: input.fileId,
      };
      const { deviationId, touched } = await deviationOfNewAnswer(
        tx,
        ctx,
        actor,
        { item, row, chosen, values },
        replaced,
      );
      const [created] = await tx
        .insert(serviceUserAnswers)
        .values({
          ...values,
          companyId,
          serviceItemId: item.id,
          projectRowId: row.id,
          projectServiceAnswerId: chosen?.id ?? null,
          deviationId,
          userId: actor.userId,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      if (!created) throw new Error('User answer insert returned nothing');
      await refreshItemStatus(tx, item);
      return { item, created, replaced, touched };
    });
    announce(ctx, actor, result.item, result.touched);
    const kept = new Set(filesOf([result.created]));
    await deleteFilesNoLongerUsed(
      ctx,
      companyId,
      filesOf(result.replaced).filter((id) => !kept.has(id)),
    );
    return {
      created: await userAnswerDtos(ctx.db, companyId, [result.created]),
      deleted: result.replaced.map((answer) => answer.id),
      item: await oneItem(ctx, companyId, result.item.id),
    } satisfies UserAnswerCreateResultDto;
  });

/** The answer, in the item locked first (the same order as a create, so no two changes wait on each other). */
const lockAnswer = async (tx: Executor, companyId: string, id: string, version: number) => {
  const [found] = await tx
    .select({ serviceItemId: serviceUserAnswers.serviceItemId })
    .from(serviceUserAnswers)
    .where(and(eq(serviceUserAnswers.companyId, companyId), eq(serviceUserAnswers.id, id)));
  if (!found) throw notFound('Answer');
  const item = await lockItem(tx, companyId, found.serviceItemId);
  const [answer] = await tx.select().from(serviceUserAnswers).where(eq(serviceUserAnswers.id, id));
  if (!answer) throw notFound('Answer');
  if (answer.version !== version) {
    throw conflict(MESSAGES.serviceAnswerChanged, { id, currentVersion: answer.version });
  }
  return { item, answer };
};

/** PATCH /service-project/user-service-answer/{id}: changed values at the version read. */
export const patchUserAnswer = (ctx: AppContext, actor: Actor, id: string, input: PatchInput) =>
  logged(ctx, 'patch', { answerId: id }, async () => {
    const { companyId } = actor;
    const result = await ctx.db.transaction(async (tx) => {
      const { item, answer } = await lockAnswer(tx, companyId, id, input.version);
      const row = await rowOfItem(tx, item, answer.projectRowId);
      const chosen = await chosenAnswerOf(tx, row, answer.projectServiceAnswerId);
      const changes = Object.fromEntries(
        Object.entries(input.changes).filter(([, value]) => value !== undefined),
      ) as Partial<Values>;
      const values: Values = { ...answer, ...changes };
      assertValuesFit(row, chosen, values);
      await assertFiles(tx, companyId, changes);
      const [updated] = await tx
        .update(serviceUserAnswers)
        .set({ ...changes, updatedAt: ctx.clock.now(), version: answer.version + 1 })
        .where(eq(serviceUserAnswers.id, id))
        .returning();
      if (!updated) throw notFound('Answer');
      // The deviation this answer raised follows the new comment and picture (it is the same finding).
      const touched = answer.deviationId && chosen?.isDeviationRequired ? answer.deviationId : null;
      if (touched && chosen) {
        await followAnswerChange(tx, ctx, actor, touched, deviationTextOf(item, row, chosen, values), {
          from: chosen.name,
          to: chosen.name,
        });
      }
      await refreshItemStatus(tx, item);
      return { item, before: answer, updated, touched };
    });
    announce(ctx, actor, result.item, result.touched);
    const kept = new Set(filesOf([result.updated]));
    await deleteFilesNoLongerUsed(
      ctx,
      companyId,
      filesOf([result.before]).filter((fileId) => !kept.has(fileId)),
    );
    const [answer] = await userAnswerDtos(ctx.db, companyId, [result.updated]);
    return {
      answer: answer as UserAnswerChangeResultDto['answer'],
      item: await oneItem(ctx, companyId, result.item.id),
    } satisfies UserAnswerChangeResultDto;
  });

/** DELETE /service-project/user-service-answer/{id}?version: the answer (a deviation it raised stays). */
export const deleteUserAnswer = (ctx: AppContext, actor: Actor, id: string, version: number) =>
  logged(ctx, 'delete', { answerId: id }, async () => {
    const { companyId } = actor;
    const result = await ctx.db.transaction(async (tx) => {
      const { item, answer } = await lockAnswer(tx, companyId, id, version);
      await tx.delete(serviceUserAnswers).where(eq(serviceUserAnswers.id, id));
      await refreshItemStatus(tx, item);
      return { item, answer };
    });
    announce(ctx, actor, result.item, null);
    await deleteFilesNoLongerUsed(ctx, companyId, filesOf([result.answer]));
    return {
      id,
      item: await oneItem(ctx, companyId, result.item.id),
    } satisfies UserAnswerDeleteResultDto;
  });

/** Pictures and signatures of answers are never deleted under them. */
export const userAnswersUseFile = async (db: Executor, companyId: string, fileId: string) => {
  const [byPicture] = await db
    .select({ id: serviceUserAnswers.id })
    .from(serviceUserAnswers)
    .where(and(eq(serviceUserAnswers.companyId, companyId), eq(serviceUserAnswers.pictureId, fileId)))
    .limit(1);
  if (byPicture) return true;
  const [bySignature] = await db
    .select({ id: serviceUserAnswers.id })
    .from(serviceUserAnswers)
    .where(and(eq(serviceUserAnswers.companyId, companyId), eq(serviceUserAnswers.fileId, fileId)))
    .limit(1);
  return bySignature !== undefined;
};
