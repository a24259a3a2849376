import {
  type DeviationDto,
  type DeviationStatus,
  type deviationActionInputSchema,
  type deviationCreateSchema,
  type deviationPatchSchema,
  QUALITY_PUSHES,
  type QualityChangedPush,
} from '@karm/domain/contract';
import {
  actionsDueTooEarly,
  closingProblems,
  isStatusChangeAllowed,
  VALIDATION_MESSAGE_KEYS as MESSAGES,
} from '@karm/domain/rules';
import { and, eq, notInArray } from 'drizzle-orm';
import type { z } from 'zod';
import { todayIn } from '../../platform/clock';
import { type Actor, type AppContext, can } from '../../platform/context';
import type { Executor } from '../../platform/db/client';
import { takeNextNumber } from '../../platform/db/number-sequences';
import { assertReferencesInCompany, type Reference } from '../../platform/db/references';
import { conflict, forbidden, notFound, validationError } from '../../platform/errors';
import { ACTIVE_MEMBERS_REFERABLE } from '../auth/users.repository';
import { filesReferable } from '../files/files.service';
import { PROJECTS_REFERABLE } from '../projects/projects-for-planner';
import { type ActionRow, actionsOf, type DeviationRow, deviationDtos } from './deviation-dto';
import { jsonbListHolds } from './jsonb-list';
import { deviationActions, deviationHistory, deviations } from './quality.tables';
import { alertNewDeviation } from './quality-alerts';

/**
 * Deviations (issue 16): whoever may report one creates it (a technician on site too); the case
 * handler and whoever holds `deviations.handle` work on it and close it. Every change writes a
 * history row with what changed; the actions are saved with the deviation, at its version.
 */

type Values = z.output<typeof deviationCreateSchema>;
type ActionInput = z.output<typeof deviationActionInputSchema>;
type Patch = z.output<typeof deviationPatchSchema>;

/** The fields the history names when they change (actions are described on their own). */
const TRACKED_FIELDS = [
  'title',
  'description',
  'category',
  'severity',
  'status',
  'date',
  'projectId',
  'product',
  'supplier',
  'pictureIds',
  'handlerId',
  'rootCause',
  'costOre',
] as const satisfies readonly (keyof DeviationRow)[];

export const pushQualityChanged = (ctx: AppContext, companyId: string, push: QualityChangedPush) =>
  ctx.realtime.toCompany(companyId, QUALITY_PUSHES.changed, push);

/** A deviation shows pictures reported with it and those taken with the service answer that raised it. */
const DEVIATION_PICTURES = filesReferable(['picture', 'service-picture']);

const referencesOf = (values: Partial<Values>): Record<string, Reference> => ({
  projectId: [PROJECTS_REFERABLE, values.projectId],
  handlerId: [ACTIVE_MEMBERS_REFERABLE, values.handlerId],
  ...Object.fromEntries(
    (values.pictureIds ?? []).map((id, index) => [`pictureIds.${index}`, [DEVIATION_PICTURES, id]]),
  ),
  ...Object.fromEntries(
    (values.actions ?? []).map((action, index) => [
      `actions.${index}.responsibleId`,
      [ACTIVE_MEMBERS_REFERABLE, action.responsibleId],
    ]),
  ),
});

/** The rules a deviation keeps whatever changed: no action due before it, closing with cause and action. */
const assertRules = (state: {
  date: string;
  status: DeviationStatus;
  rootCause: string;
  actions: readonly ActionInput[];
}) => {
  const fields: Record<string, string> = {};
  for (const index of actionsDueTooEarly(state.date, state.actions)) {
    fields[`actions.${index}.dueDate`] = MESSAGES.dueDateBeforeDeviation;
  }
  if (state.status === 'closed') Object.assign(fields, closingProblems(state));
  if (Object.keys(fields).length > 0) throw validationError(fields);
};

/** Writes the whole list of actions: kept ones updated in place, new ones added, left-out ones removed. */
const writeActions = async (
  tx: Executor,
  companyId: string,
  deviationId: string,
  current: ActionRow[],
  wanted: readonly ActionInput[],
  now: Date,
) => {
  const currentById = new Map(current.map((action) => [action.id, action]));
  for (const action of wanted) {
    if (action.id && !currentById.has(action.id))
      throw validationError({ actions: MESSAGES.referenceUnknown });
  }
  const keptIds = wanted.flatMap((action) => (action.id ? [action.id] : []));
  await tx
    .delete(deviationActions)
    .where(
      and(
        eq(deviationActions.deviationId, deviationId),
        keptIds.length > 0 ? notInArray(deviationActions.id, keptIds) : undefined,
      ),
    );
  for (const [position, action] of wanted.entries()) {
    const before = action.id ? currentById.get(action.id) : undefined;
    const doneAt = action.isDone ? (before?.isDone ? before.doneAt : now) : null;
    const values = {
      position,
      description: action.description,
      kind: action.kind,
      responsibleId: action.responsibleId,
      dueDate: action.dueDate,
      isDone: action.isDone,
      doneAt,
      // A new due date may fall due again: the daily check tells about it once more.
      overdueAlertedAt: before && before.dueDate === action.dueDate ? before.overdueAlertedAt : null,
    };
    if (before) await tx.update(deviationActions).set(values).where(eq(deviationActions.id, before.id));
    else await tx.insert(deviationActions).values({ ...values, companyId, deviationId });
  }
};

/** What changed in the actions, as the history says it: descriptions added, removed, done. */
const actionChanges = (current: ActionRow[], wanted: readonly ActionInput[]) => {
  const changes: Record<string, { from: unknown; to: unknown }> = {};
  const keptIds = new Set(wanted.flatMap((action) => (action.id ? [action.id] : [])));
  const added = wanted.filter((action) => !action.id).map((action) => action.description);
  const removed = current.filter((action) => !keptIds.has(action.id)).map((action) => action.description);
  const changed = wanted.flatMap((action) => {
    const before = current.find((row) => row.id === action.id);
    if (!before) return [];
    const same =
      before.description === action.description &&
      before.kind === action.kind &&
      before.responsibleId === action.responsibleId &&
      before.dueDate === action.dueDate &&
      before.isDone === action.isDone;
    return same ? [] : [action.description];
  });
  if (added.length > 0) changes.actionsAdded = { from: null, to: added };
  if (removed.length > 0) changes.actionsRemoved = { from: removed, to: null };
  if (changed.length > 0) changes.actionsChanged = { from: null, to: changed };
  return changes;
};

const fieldChanges = (before: DeviationRow, after: DeviationRow) => {
  const changes: Record<string, { from: unknown; to: unknown }> = {};
  for (const field of TRACKED_FIELDS) {
    if (JSON.stringify(before[field]) !== JSON.stringify(after[field])) {
      changes[field] = { from: before[field], to: after[field] };
    }
  }
  return changes;
};

const writeHistory = (
  tx: Executor,
  actor: Actor,
  deviationId: string,
  action: string,
  changes: Record<string, { from: unknown; to: unknown }>,
  at: Date,
) =>
  tx.insert(deviationHistory).values({
    companyId: actor.companyId,
    deviationId,
    userId: actor.userId,
    action,
    changes,
    at,
  });

const oneDto = async (ctx: AppContext, companyId: string, row: DeviationRow) =>
  (await deviationDtos(ctx, companyId, [row]))[0]!;

/** POST /quality/deviations: a new, open deviation with the next number of the company. */
export const createDeviation = async (
  ctx: AppContext,
  actor: Actor,
  input: Values,
): Promise<DeviationDto> => {
  const row = await ctx.db.transaction((tx) => insertDeviation(tx, ctx, actor, input));
  pushQualityChanged(ctx, actor.companyId, { kind: 'deviation', id: row.id });
  return oneDto(ctx, actor.companyId, row);
};

/**
 * A new, open deviation in the caller's transaction: who may assign it, the rules, the references,
 * the next number, the history and the case handler's alert. The caller pushes `quality:changed`
 * once it committed. A checklist's not-OK item and a service answer that asks for a deviation raise
 * one this way, together with their own change (the service answer with its service item).
 */
export const insertDeviation = async (
  tx: Executor,
  ctx: AppContext,
  actor: Actor,
  input: Values,
  origin: { serviceItemId?: string } = {},
): Promise<DeviationRow> => {
  // Reporting is for everyone who may; choosing who handles it is for the handlers.
  if (input.handlerId && input.handlerId !== actor.userId && !can(actor, 'deviations.handle')) {
    throw forbidden('Only a case handler assigns a deviation to someone else');
  }
  assertRules({ ...input, status: 'open' });
  const now = ctx.clock.now();
  await assertReferencesInCompany(tx, actor.companyId, referencesOf(input));
  const number = await takeNextNumber(tx, actor.companyId, 'deviation', 1);
  const { actions, ...fields } = input;
  const [created] = await tx
    .insert(deviations)
    .values({
      ...fields,
      serviceItemId: origin.serviceItemId ?? null,
      companyId: actor.companyId,
      number,
      status: 'open',
      reportedBy: actor.userId,
      reportedAt: now,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  if (!created) throw new Error('Deviation insert returned nothing');
  await writeActions(tx, actor.companyId, created.id, [], actions, now);
  await writeHistory(tx, actor, created.id, 'created', {}, now);
  await alertNewDeviation(ctx, tx, actor, created, todayIn(ctx.clock));
  return created;
};

const lockDeviation = async (tx: Executor, actor: Actor, id: string, version: number) => {
  const [row] = await tx
    .select()
    .from(deviations)
    .where(and(eq(deviations.companyId, actor.companyId), eq(deviations.id, id)))
    .for('update');
  if (!row) throw notFound('Deviation');
  if (row.version !== version) throw conflict(MESSAGES.deviationChanged, { currentVersion: row.version });
  return row;
};

/**
 * PATCH /quality/deviations/{id}: the handlers change any deviation; the case handler their own. A
 * closed deviation is only reopened; closing needs a root cause and every action done.
 */
export const updateDeviation = async (
  ctx: AppContext,
  actor: Actor,
  id: string,
  input: Patch,
): Promise<DeviationDto> => {
  const now = ctx.clock.now();
  const row = await ctx.db.transaction(async (tx) => {
    const current = await lockDeviation(tx, actor, id, input.version);
    const isHandler = can(actor, 'deviations.handle');
    if (!isHandler && current.handlerId !== actor.userId) {
      throw forbidden('Only the case handler or a quality handler changes a deviation');
    }
    const { actions, status, ...fields } = input.changes;
    if (fields.handlerId !== undefined && fields.handlerId !== current.handlerId && !isHandler) {
      throw forbidden('Only a quality handler assigns a deviation');
    }
    const nextStatus = status ?? current.status;
    if (!isStatusChangeAllowed(current.status, nextStatus)) {
      throw validationError({ status: MESSAGES.statusChangeNotAllowed });
    }
    const changesMore = Object.values(fields).some((value) => value !== undefined) || actions !== undefined;
    if (current.status === 'closed' && nextStatus === 'closed' && changesMore) {
      throw validationError({ status: MESSAGES.deviationClosed });
    }
    const currentActions = await actionsOf(tx, actor.companyId, [current.id]);
    const nextActions: ActionInput[] =
      actions ??
      currentActions.map((action) => ({
        id: action.id,
        description: action.description,
        kind: action.kind,
        responsibleId: action.responsibleId,
        dueDate: action.dueDate,
        isDone: action.isDone,
      }));
    assertRules({
      date: fields.date ?? current.date,
      status: nextStatus,
      rootCause: fields.rootCause ?? current.rootCause,
      actions: nextActions,
    });
    await assertReferencesInCompany(tx, actor.companyId, referencesOf({ ...fields, actions }));
    const closedAt = nextStatus === current.status ? current.closedAt : nextStatus === 'closed' ? now : null;
    const [updated] = await tx
      .update(deviations)
      .set({ ...fields, status: nextStatus, closedAt, updatedAt: now, version: current.version + 1 })
      .where(eq(deviations.id, current.id))
      .returning();
    if (actions) await writeActions(tx, actor.companyId, current.id, currentActions, actions, now);
    const changes = {
      ...fieldChanges(current, updated!),
      ...(actions && actionChanges(currentActions, actions)),
    };
    const action =
      nextStatus === current.status
        ? 'changed'
        : nextStatus === 'closed'
          ? 'closed'
          : current.status === 'closed'
            ? 'reopened'
            : 'changed';
    await writeHistory(tx, actor, current.id, action, changes, now);
    if (updated!.handlerId && updated!.handlerId !== current.handlerId) {
      await alertNewDeviation(ctx, tx, actor, updated!, todayIn(ctx.clock));
    }
    return updated!;
  });
  pushQualityChanged(ctx, actor.companyId, { kind: 'deviation', id: row.id });
  return oneDto(ctx, actor.companyId, row);
};

/** GET /quality/deviations/{id}. */
export const getDeviation = async (ctx: AppContext, actor: Actor, id: string) => {
  const [row] = await ctx.db
    .select()
    .from(deviations)
    .where(and(eq(deviations.companyId, actor.companyId), eq(deviations.id, id)));
  if (!row) throw notFound('Deviation');
  return oneDto(ctx, actor.companyId, row);
};

/** Whether one of the company's deviations shows the file (a picture is never deleted under it). */
export const deviationUsesFile = async (db: Executor, companyId: string, fileId: string) => {
  const [row] = await db
    .select({ id: deviations.id })
    .from(deviations)
    .where(and(eq(deviations.companyId, companyId), jsonbListHolds(deviations.pictureIds, fileId)))
    .limit(1);
  return row !== undefined;
};

/**
 * The service answer that raised a deviation was edited (a new comment, picture or chosen answer): the
 * deviation follows it, in the caller's transaction, whoever edited the answer — it is the same report,
 * corrected by its reporter. A closed deviation is not reopened or rewritten: the change is only written
 * to its history. The caller pushes `quality:changed` once it committed.
 */
export const followAnswerChange = async (
  tx: Executor,
  ctx: AppContext,
  actor: Actor,
  id: string,
  values: { title?: string; description: string; pictureIds: string[] },
  answer: { from: string; to: string },
) => {
  const [current] = await tx
    .select()
    .from(deviations)
    .where(and(eq(deviations.companyId, actor.companyId), eq(deviations.id, id)))
    .for('update');
  // The deviation may have been deleted meanwhile; the answer's change stands on its own.
  if (!current) return;
  const now = ctx.clock.now();
  const next = { ...current, ...values, title: values.title ?? current.title };
  const changes = {
    ...fieldChanges(current, next),
    ...(answer.from !== answer.to && { answer: { from: answer.from, to: answer.to } }),
  };
  if (Object.keys(changes).length === 0) return;
  await assertReferencesInCompany(tx, actor.companyId, referencesOf({ pictureIds: values.pictureIds }));
  if (current.status !== 'closed') {
    await tx
      .update(deviations)
      .set({
        title: next.title,
        description: next.description,
        pictureIds: next.pictureIds,
        updatedAt: now,
        version: current.version + 1,
      })
      .where(eq(deviations.id, current.id));
  }
  await writeHistory(tx, actor, current.id, 'answerChanged', changes, now);
};

/**
 * The answer that raised the deviation was replaced by one that asks for none: the deviation stays (it
 * was found on site; only a case handler closes it), and its history says so.
 */
export const noteAnswerNoLongerRequires = async (
  tx: Executor,
  ctx: AppContext,
  actor: Actor,
  id: string,
  answer: { from: string; to: string },
) => {
  const [current] = await tx
    .select({ id: deviations.id, version: deviations.version })
    .from(deviations)
    .where(and(eq(deviations.companyId, actor.companyId), eq(deviations.id, id)))
    .for('update');
  if (!current) return;
  const now = ctx.clock.now();
  // A new version, so an open deviation screen reads the history again.
  await tx
    .update(deviations)
    .set({ updatedAt: now, version: current.version + 1 })
    .where(eq(deviations.id, current.id));
  await writeHistory(tx, actor, current.id, 'answerNoLongerRequires', { answer }, now);
};
