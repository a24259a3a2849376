import type {
  ChecklistDetailDto,
  checklistCompleteSchema,
  checklistItemSchema,
  checklistStartSchema,
} from '@karm/domain/contract';
import { VALIDATION_MESSAGE_KEYS as MESSAGES, rowTypeTakesAnswers } from '@karm/domain/rules';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { todayIn } from '../../platform/clock';
import type { Actor, AppContext } from '../../platform/context';
import type { Executor } from '../../platform/db/client';
import { takeNextNumber } from '../../platform/db/number-sequences';
import { assertReferencesInCompany } from '../../platform/db/references';
import { conflict, notFound, validationError } from '../../platform/errors';
import { loadPdfImage } from '../../platform/pdf/images';
import { deleteFilesNoLongerUsed, filesReferable, storeUpload } from '../files/files.service';
import { ensureProcessColumns, PROCESS_COLUMNS_REFERABLE } from '../processes/process-columns.service';
import { PROJECTS_REFERABLE } from '../projects/projects-for-planner';
import { copyTemplateToProject } from '../service-templates/project-copies';
import {
  projectServiceAnswers,
  projectServiceRows,
  projectServiceTemplates,
  serviceTemplates,
} from '../service-templates/service-templates.tables';
import { ensureStarters } from '../service-templates/starters';
import { renderChecklistPdf } from './checklist-pdf';
import { type ChecklistRunRow, checklistDetail, findRun } from './checklist-read';
import { insertDeviation, pushQualityChanged } from './deviations.service';
import { checklistItems, checklistRuns } from './quality.tables';

/**
 * Running a quality checklist (issue 16): start it on a project at a process step (the template is
 * copied to the project), answer its items one by one at the run's version, raise a deviation from a
 * not-OK item in one click, and complete it: signed, rendered as a PDF and kept on the project. A
 * completed run never changes again.
 */

type StartInput = z.output<typeof checklistStartSchema>;
type ItemInput = z.output<typeof checklistItemSchema>;
type CompleteInput = z.output<typeof checklistCompleteSchema>;

const announce = (ctx: AppContext, actor: Actor, id: string) =>
  pushQualityChanged(ctx, actor.companyId, { kind: 'checklist', id });

/** An open run of the company at the version read (completed first: completing twice says so). */
const assertOpenAt = (run: ChecklistRunRow, version: number) => {
  if (run.status === 'completed') throw conflict(MESSAGES.checklistCompleted);
  if (run.version !== version) throw conflict(MESSAGES.checklistChanged, { currentVersion: run.version });
};

const touchRun = (tx: Executor, run: ChecklistRunRow, now: Date) =>
  tx
    .update(checklistRuns)
    .set({ updatedAt: now, version: run.version + 1 })
    .where(eq(checklistRuns.id, run.id));

/** POST /quality/checklists: a new open run of a checklist template on a project. */
export const startChecklist = async (
  ctx: AppContext,
  actor: Actor,
  input: StartInput,
): Promise<ChecklistDetailDto> => {
  const now = ctx.clock.now();
  const id = await ctx.db.transaction(async (tx) => {
    const { companyId } = actor;
    await ensureProcessColumns(tx, companyId);
    await ensureStarters(tx, companyId);
    await assertReferencesInCompany(tx, companyId, {
      projectId: [PROJECTS_REFERABLE, input.projectId],
      processColumnId: [PROCESS_COLUMNS_REFERABLE, input.processColumnId],
    });
    const [template] = await tx
      .select({ purpose: serviceTemplates.purpose })
      .from(serviceTemplates)
      .where(and(eq(serviceTemplates.companyId, companyId), eq(serviceTemplates.id, input.templateId)));
    if (!template) throw validationError({ templateId: MESSAGES.referenceUnknown });
    if (template.purpose !== 'checklist')
      throw validationError({ templateId: MESSAGES.checklistNotAChecklist });
    const projectTemplateId = await copyTemplateToProject(tx, companyId, input.templateId, input.projectId);
    const number = await takeNextNumber(tx, companyId, 'checklist', 1);
    const [created] = await tx
      .insert(checklistRuns)
      .values({
        companyId,
        number,
        projectId: input.projectId,
        projectTemplateId,
        templateId: input.templateId,
        processColumnId: input.processColumnId,
        deviationCategory: input.deviationCategory,
        startedBy: actor.userId,
        startedAt: now,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: checklistRuns.id });
    return created!.id;
  });
  announce(ctx, actor, id);
  return checklistDetail(ctx.db, actor.companyId, id);
};

/** A row of the run's own copy, with its answers; another run's row is "not found". */
const rowOfRun = async (tx: Executor, run: ChecklistRunRow, rowId: string) => {
  const [row] = await tx
    .select()
    .from(projectServiceRows)
    .where(
      and(eq(projectServiceRows.id, rowId), eq(projectServiceRows.projectTemplateId, run.projectTemplateId)),
    );
  if (!row) throw notFound('Checklist item');
  const answers = await tx
    .select()
    .from(projectServiceAnswers)
    .where(eq(projectServiceAnswers.projectRowId, row.id));
  return { row, answers };
};

/** PUT /quality/checklists/{id}/items/{rowId}: one item's answer, comment, pictures (the deviation stays). */
export const saveChecklistItem = async (
  ctx: AppContext,
  actor: Actor,
  id: string,
  rowId: string,
  input: ItemInput,
): Promise<ChecklistDetailDto> => {
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    const run = await findRun(tx, actor.companyId, id, true);
    assertOpenAt(run, input.version);
    const { row, answers } = await rowOfRun(tx, run, rowId);
    const answerIds = new Set(answers.map((answer) => answer.id));
    const tooMany = row.type === 'singleAnswer' && input.answerIds.length > 1;
    if (tooMany || input.answerIds.some((answerId) => !answerIds.has(answerId))) {
      throw validationError({ answerIds: MESSAGES.checklistAnswerNotOfRow });
    }
    await assertReferencesInCompany(
      tx,
      actor.companyId,
      Object.fromEntries(
        input.pictureIds.map((pictureId, index) => [
          `pictureIds.${index}`,
          [filesReferable('picture'), pictureId],
        ]),
      ),
    );
    const values = {
      answerIds: input.answerIds,
      value: rowTypeTakesAnswers(row.type) ? '' : input.value,
      comment: input.comment,
      pictureIds: input.pictureIds,
      answeredBy: actor.userId,
      answeredAt: now,
    };
    await tx
      .insert(checklistItems)
      .values({ ...values, runId: run.id, projectRowId: row.id, companyId: actor.companyId })
      .onConflictDoUpdate({ target: [checklistItems.runId, checklistItems.projectRowId], set: values });
    await touchRun(tx, run, now);
  });
  announce(ctx, actor, id);
  return checklistDetail(ctx.db, actor.companyId, id);
};

/**
 * POST /quality/checklists/{id}/items/{rowId}/deviation: a deviation of the run's project, titled
 * by the item, under the run's category, with the item's comment and pictures — one click.
 */
export const raiseChecklistDeviation = async (
  ctx: AppContext,
  actor: Actor,
  id: string,
  rowId: string,
  input: { version: number },
): Promise<ChecklistDetailDto> => {
  const now = ctx.clock.now();
  const deviationId = await ctx.db.transaction(async (tx) => {
    const run = await findRun(tx, actor.companyId, id, true);
    assertOpenAt(run, input.version);
    const { row, answers } = await rowOfRun(tx, run, rowId);
    const [item] = await tx
      .select()
      .from(checklistItems)
      .where(and(eq(checklistItems.runId, run.id), eq(checklistItems.projectRowId, row.id)));
    if (!item || item.answerIds.length === 0)
      throw validationError({ answerIds: MESSAGES.checklistItemUnanswered });
    if (item.deviationId) throw conflict(MESSAGES.checklistDeviationExists);
    const [copy] = await tx
      .select({ name: projectServiceTemplates.name })
      .from(projectServiceTemplates)
      .where(eq(projectServiceTemplates.id, run.projectTemplateId));
    const picked = answers
      .filter((answer) => item.answerIds.includes(answer.id))
      .map((answer) => answer.name);
    const deviation = await insertDeviation(tx, ctx, actor, {
      title: row.name.slice(0, 200),
      description: [`${copy?.name ?? ''} #${run.number}: ${picked.join(', ')}`, item.comment]
        .filter(Boolean)
        .join('\n'),
      category: run.deviationCategory,
      severity: 'medium',
      date: todayIn(ctx.clock),
      projectId: run.projectId,
      product: '',
      supplier: '',
      pictureIds: item.pictureIds,
      handlerId: null,
      rootCause: '',
      costOre: 0,
      actions: [],
    });
    await tx
      .update(checklistItems)
      .set({ deviationId: deviation.id })
      .where(and(eq(checklistItems.runId, run.id), eq(checklistItems.projectRowId, row.id)));
    await touchRun(tx, run, now);
    return deviation.id;
  });
  pushQualityChanged(ctx, actor.companyId, { kind: 'deviation', id: deviationId });
  announce(ctx, actor, id);
  return checklistDetail(ctx.db, actor.companyId, id);
};

/** What still keeps a run from being completed, by item: unanswered, a missing comment, picture, deviation. */
const completionProblems = (run: ChecklistDetailDto) => {
  const fields: Record<string, string> = {};
  for (const item of run.groups.flatMap((group) => group.items)) {
    if (!rowTypeTakesAnswers(item.type) || item.answers.length === 0) continue;
    const picked = item.answers.filter((answer) => item.answerIds.includes(answer.id));
    const key = `items.${item.rowId}`;
    if (picked.length === 0) fields[key] = MESSAGES.checklistItemUnanswered;
    else if (picked.some((answer) => answer.isCommentRequired) && !item.comment)
      fields[key] = MESSAGES.checklistCommentRequired;
    else if (picked.some((answer) => answer.isPictureRequired) && item.pictureIds.length === 0)
      fields[key] = MESSAGES.checklistPictureRequired;
    else if (picked.some((answer) => answer.isDeviationRequired) && !item.deviationId)
      fields[key] = MESSAGES.checklistDeviationRequired;
  }
  return fields;
};

/**
 * POST /quality/checklists/{id}/complete: every item answered as its answer asks, signed with a name
 * (and a drawn signature); the PDF is made and kept as a document of the project, then the run is
 * completed at the version read. A PDF whose run could not be completed is removed again.
 */
export const completeChecklist = async (
  ctx: AppContext,
  actor: Actor,
  id: string,
  input: CompleteInput,
): Promise<ChecklistDetailDto> => {
  assertOpenAt(await findRun(ctx.db, actor.companyId, id), input.version);
  const detail = await checklistDetail(ctx.db, actor.companyId, id);
  const problems = completionProblems(detail);
  if (Object.keys(problems).length > 0) throw validationError(problems);
  const signature = input.signature
    ? await loadPdfImage(ctx.logger, 'signature', async () =>
        Buffer.from(input.signature!.slice(input.signature!.indexOf(',') + 1), 'base64'),
      )
    : null;
  if (input.signature && !signature) throw validationError({ signature: MESSAGES.signatureInvalid });
  const now = ctx.clock.now();
  const pdf = await renderChecklistPdf(
    ctx,
    actor,
    { ...detail, signedName: input.signedName },
    signature,
    now,
  );
  const file = await storeUpload(
    ctx,
    actor,
    { type: 'document', entityId: detail.projectId, originalName: pdf.fileName, bytes: pdf.bytes },
    { isMadeByServer: true },
  );
  try {
    await ctx.db.transaction(async (tx) => {
      const run = await findRun(tx, actor.companyId, id, true);
      assertOpenAt(run, input.version);
      await tx
        .update(checklistRuns)
        .set({
          status: 'completed',
          completedBy: actor.userId,
          completedAt: now,
          signedName: input.signedName,
          pdfFileId: file.id,
          updatedAt: now,
          version: run.version + 1,
        })
        .where(eq(checklistRuns.id, run.id));
    });
  } catch (error) {
    await deleteFilesNoLongerUsed(ctx, actor.companyId, [file.id]);
    throw error;
  }
  announce(ctx, actor, id);
  return checklistDetail(ctx.db, actor.companyId, id);
};

/** GET /quality/checklists/{id}. */
export const getChecklist = (ctx: AppContext, actor: Actor, id: string) =>
  checklistDetail(ctx.db, actor.companyId, id);
