import type {
  GlobalAnswerGroupDto,
  GlobalServiceAnswerDto,
  globalAnswerCreateSchema,
  globalAnswerGroupPatchSchema,
  globalAnswerPatchSchema,
  globalAnswerReorderSchema,
} from '@karm/domain/contract';
import { and, asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Actor, AppContext } from '../../platform/context';
import { assertReferencesInCompany } from '../../platform/db/references';
import { notFound } from '../../platform/errors';
import { appendTo, changeList, deleteListed, listOf, readLists, updateListed } from './company-lists';
import { inRequestedOrder, moved, writeOrder } from './ordering';
import { globalAnswerGroups, globalAnswers } from './service-templates.tables';
import type { GlobalAnswerRow, GlobalGroupRow } from './starters';
import { assertFirstAnswer, assertVersion, findOwn, GLOBAL_ANSWER_GROUPS_REFERABLE } from './template-locks';
import { answerFieldsOf } from './template-tree';

/**
 * Global answer groups (SPEC §3, §7 CRUD /global-service-answers, their groups and reorder):
 * reusable answer sets ("OK / Not OK / Not applicable") copied into rows. Like a row's answers, a
 * set's position 1 must be a positive OK value (SPEC §5), or the change is confirmed.
 */

const toAnswerDto = (row: GlobalAnswerRow): GlobalServiceAnswerDto => ({
  ...answerFieldsOf(row),
  groupId: row.groupId,
});

const toGroupDtos = (groups: GlobalGroupRow[], answers: GlobalAnswerRow[]): GlobalAnswerGroupDto[] =>
  [...groups]
    .sort((left, right) => left.position - right.position)
    .map((group) => ({
      id: group.id,
      name: group.name,
      position: group.position,
      version: group.version,
      answers: answers
        .filter((answer) => answer.groupId === group.id)
        .sort((left, right) => left.position - right.position)
        .map(toAnswerDto),
    }));

/** GET /global-service-answers/groups: every set with its answers, in order. */
export const listGlobalAnswerGroups = (ctx: AppContext, actor: Actor) =>
  readLists(
    ctx.db,
    actor.companyId,
    (starters) => toGroupDtos(starters.globalGroups, starters.globalAnswers),
    async () => {
      const [groups, answers] = await Promise.all([
        ctx.db.select().from(globalAnswerGroups).where(eq(globalAnswerGroups.companyId, actor.companyId)),
        ctx.db.select().from(globalAnswers).where(eq(globalAnswers.companyId, actor.companyId)),
      ]);
      return toGroupDtos(groups, answers);
    },
  );

/** GET /global-service-answers?groupId=…: one set's answers in order. */
export const listGlobalAnswers = async (ctx: AppContext, actor: Actor, query: { groupId: string }) => {
  const group = (await listGlobalAnswerGroups(ctx, actor)).find(
    (candidate) => candidate.id === query.groupId,
  );
  if (!group) throw notFound('Global answer group');
  return group.answers;
};

const changed = { isGlobalAnswersChanged: true, isFunctionsChanged: false };
const change = (ctx: AppContext, actor: Actor, work: Parameters<typeof changeList>[3]) =>
  changeList(ctx, actor, changed, work, () => listGlobalAnswerGroups(ctx, actor));

export const createGlobalAnswerGroup = (ctx: AppContext, actor: Actor, input: { name: string }) =>
  change(ctx, actor, (tx) => appendTo(tx, globalAnswerGroups, actor.companyId, input));

export const updateGlobalAnswerGroup = (
  ctx: AppContext,
  actor: Actor,
  id: string,
  input: z.output<typeof globalAnswerGroupPatchSchema>,
) =>
  change(ctx, actor, async (tx) => {
    await updateListed(tx, globalAnswerGroups, actor.companyId, id, 'Global answer group', input);
  });

/** Deletes a set with its answers (rows that copied them keep their own copies). */
export const deleteGlobalAnswerGroup = (ctx: AppContext, actor: Actor, id: string, version: number) =>
  change(ctx, actor, async (tx) => {
    await deleteListed(tx, globalAnswerGroups, actor.companyId, id, 'Global answer group', version);
  });

export const reorderGlobalAnswerGroups = (ctx: AppContext, actor: Actor, input: { ids: string[] }) =>
  change(ctx, actor, async (tx) => {
    await writeOrder(
      tx,
      globalAnswerGroups,
      inRequestedOrder(await listOf(tx, globalAnswerGroups, actor.companyId), input.ids),
    );
  });

const answersOfGroup = (
  tx: Parameters<Parameters<typeof change>[2]>[0],
  companyId: string,
  groupId: string,
) =>
  tx
    .select()
    .from(globalAnswers)
    .where(and(eq(globalAnswers.companyId, companyId), eq(globalAnswers.groupId, groupId)))
    .orderBy(asc(globalAnswers.position));

/** POST /global-service-answers: an answer last in its set. */
export const createGlobalAnswer = (
  ctx: AppContext,
  actor: Actor,
  input: z.output<typeof globalAnswerCreateSchema>,
) =>
  change(ctx, actor, async (tx) => {
    const { groupId, isNotOkFirstConfirmed, ...fields } = input;
    await assertReferencesInCompany(tx, actor.companyId, {
      groupId: [GLOBAL_ANSWER_GROUPS_REFERABLE, groupId],
    });
    const before = await answersOfGroup(tx, actor.companyId, groupId);
    assertFirstAnswer(before, [...before, fields], isNotOkFirstConfirmed);
    await tx
      .insert(globalAnswers)
      .values({ companyId: actor.companyId, groupId, ...fields, position: before.length });
  });

/** PATCH /global-service-answers/{id}: changed fields and place, at the version read. */
export const updateGlobalAnswer = (
  ctx: AppContext,
  actor: Actor,
  id: string,
  input: z.output<typeof globalAnswerPatchSchema>,
) =>
  change(ctx, actor, async (tx) => {
    const answer = await findOwn<GlobalAnswerRow>(tx, globalAnswers, actor.companyId, id, 'Global answer');
    assertVersion(answer, input.version);
    const { position, ...fields } = input.changes;
    const before = await answersOfGroup(tx, actor.companyId, answer.groupId);
    const changedList = before.map((candidate) =>
      candidate.id === id ? { ...candidate, ...fields } : candidate,
    );
    const after = position === undefined ? changedList : moved(changedList, id, position);
    assertFirstAnswer(before, after, input.isNotOkFirstConfirmed);
    await tx
      .update(globalAnswers)
      .set({ ...fields, version: answer.version + 1 })
      .where(eq(globalAnswers.id, id));
    await writeOrder(tx, globalAnswers, after);
  });

/** DELETE /global-service-answers/{id}: at the version read; the answer after it may become position 1. */
export const deleteGlobalAnswer = (
  ctx: AppContext,
  actor: Actor,
  id: string,
  query: { version: number; isNotOkFirstConfirmed: boolean },
) =>
  change(ctx, actor, async (tx) => {
    const answer = await findOwn<GlobalAnswerRow>(tx, globalAnswers, actor.companyId, id, 'Global answer');
    assertVersion(answer, query.version);
    const before = await answersOfGroup(tx, actor.companyId, answer.groupId);
    const after = before.filter((candidate) => candidate.id !== id);
    assertFirstAnswer(before, after, query.isNotOkFirstConfirmed);
    await tx.delete(globalAnswers).where(eq(globalAnswers.id, id));
    await writeOrder(tx, globalAnswers, after);
  });

/** POST /global-service-answers/reorder: every answer of the set once. */
export const reorderGlobalAnswers = (
  ctx: AppContext,
  actor: Actor,
  input: z.output<typeof globalAnswerReorderSchema>,
) =>
  change(ctx, actor, async (tx) => {
    await assertReferencesInCompany(tx, actor.companyId, {
      groupId: [GLOBAL_ANSWER_GROUPS_REFERABLE, input.groupId],
    });
    const before = await answersOfGroup(tx, actor.companyId, input.groupId);
    const after = inRequestedOrder(before, input.ids);
    assertFirstAnswer(before, after, input.isNotOkFirstConfirmed);
    await writeOrder(tx, globalAnswers, after);
  });
