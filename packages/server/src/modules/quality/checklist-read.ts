import type {
  ChecklistDetailDto,
  ChecklistDto,
  ChecklistItemDto,
  checklistListQuerySchema,
  Page,
} from '@karm/domain/contract';
import { ANSWER_ROW_TYPES, rowTypeTakesAnswers } from '@karm/domain/rules';
import { and, asc, count, desc, eq, exists, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Actor, AppContext } from '../../platform/context';
import type { Executor } from '../../platform/db/client';
import { containsPattern, numberInTerm } from '../../platform/db/search-terms';
import { notFound } from '../../platform/errors';
import { userNamesByIds } from '../auth/users.repository';
import { processColumns } from '../processes/processes.tables';
import { projects } from '../projects/projects.tables';
import { projectsForPlanner } from '../projects/projects-for-planner';
import {
  projectServiceAnswers,
  projectServiceGroups,
  projectServiceRows,
  projectServiceTemplates,
} from '../service-templates/service-templates.tables';
import { checklistItems, checklistRuns, deviations } from './quality.tables';

/** Reading checklist runs (issue 16): the server-paged list and the checklist view dialog's tree. */

export type ChecklistRunRow = typeof checklistRuns.$inferSelect;
type ListQuery = z.output<typeof checklistListQuerySchema>;

const answerTypes = sql.raw(ANSWER_ROW_TYPES.map((type) => `'${type}'`).join(', '));

/** The list's columns beyond the run: the copy's name, the step, and how far it has come. */
const listColumns = {
  run: checklistRuns,
  name: projectServiceTemplates.name,
  stepNameNo: processColumns.nameNo,
  stepNameEn: processColumns.nameEn,
  itemCount: sql<number>`(select count(*)::int from ${projectServiceRows} r
    where r.project_template_id = ${checklistRuns.projectTemplateId} and r.type in (${answerTypes}))`,
  answeredCount: sql<number>`(select count(*)::int from ${checklistItems} i
    join ${projectServiceRows} r on r.id = i.project_row_id
    where i.run_id = ${checklistRuns.id} and r.type in (${answerTypes})
      and jsonb_array_length(i.answer_ids) > 0)`,
  notOkCount: sql<number>`(select count(*)::int from ${checklistItems} i
    where i.run_id = ${checklistRuns.id} and exists (select 1 from ${projectServiceAnswers} a
      where a.project_row_id = i.project_row_id and a.is_deviation_required
        and i.answer_ids @> jsonb_build_array(a.id::text)))`,
};

type ListRow = {
  run: ChecklistRunRow;
  name: string;
  stepNameNo: string | null;
  stepNameEn: string | null;
  itemCount: number;
  answeredCount: number;
  notOkCount: number;
};

const selectRuns = (db: Executor) =>
  db
    .select(listColumns)
    .from(checklistRuns)
    .innerJoin(projectServiceTemplates, eq(projectServiceTemplates.id, checklistRuns.projectTemplateId))
    .leftJoin(processColumns, eq(processColumns.id, checklistRuns.processColumnId));

const toDtos = async (db: Executor, companyId: string, rows: ListRow[]): Promise<ChecklistDto[]> => {
  if (rows.length === 0) return [];
  const [names, projectRows] = await Promise.all([
    userNamesByIds(
      db,
      rows.flatMap(({ run }) => (run.startedBy ? [run.startedBy] : [])),
    ),
    projectsForPlanner(
      db,
      companyId,
      rows.map(({ run }) => run.projectId),
    ),
  ]);
  const projectById = new Map(projectRows.map((project) => [project.id, project]));
  return rows.map(({ run, ...row }) => ({
    id: run.id,
    number: run.number,
    name: row.name,
    status: run.status,
    projectId: run.projectId,
    projectNumber: projectById.get(run.projectId)?.number ?? null,
    projectName: projectById.get(run.projectId)?.name ?? null,
    templateId: run.templateId,
    processColumnId: run.processColumnId,
    stepNameNo: row.stepNameNo,
    stepNameEn: row.stepNameEn,
    deviationCategory: run.deviationCategory,
    startedAt: run.startedAt.toISOString(),
    startedByName: run.startedBy ? (names.get(run.startedBy) ?? null) : null,
    answeredCount: row.answeredCount,
    itemCount: row.itemCount,
    notOkCount: row.notOkCount,
    completedAt: run.completedAt?.toISOString() ?? null,
    signedName: run.signedName,
    pdfFileId: run.pdfFileId,
    version: run.version,
  }));
};

const searchOf = (term: string): SQL | undefined => {
  const pattern = containsPattern(term);
  const number = numberInTerm(term.trim());
  return or(
    ilike(projectServiceTemplates.name, pattern),
    exists(
      sql`(select 1 from ${projects} where ${projects.id} = ${checklistRuns.projectId}
        and (${projects.name} ilike ${pattern}${number === null ? sql`` : sql` or ${projects.number} = ${number}`}))`,
    ),
    number === null ? undefined : eq(checklistRuns.number, number),
  );
};

/** GET /quality/checklists: newest first, paged on the server. */
export const listChecklists = async (
  ctx: AppContext,
  actor: Actor,
  query: ListQuery,
): Promise<Page<ChecklistDto>> => {
  const where = and(
    eq(checklistRuns.companyId, actor.companyId),
    query.projectId ? eq(checklistRuns.projectId, query.projectId) : undefined,
    query.templateId ? eq(checklistRuns.templateId, query.templateId) : undefined,
    query.status ? eq(checklistRuns.status, query.status) : undefined,
    query.search ? searchOf(query.search) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    selectRuns(ctx.db)
      .where(where)
      .orderBy(desc(checklistRuns.startedAt), desc(checklistRuns.number))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    ctx.db
      .select({ count: count() })
      .from(checklistRuns)
      .innerJoin(projectServiceTemplates, eq(projectServiceTemplates.id, checklistRuns.projectTemplateId))
      .where(where),
  ]);
  return {
    items: await toDtos(ctx.db, actor.companyId, rows),
    total: total?.count ?? 0,
    page: query.page,
    pageSize: query.pageSize,
  };
};

/** One of the company's runs as stored, or NOT_FOUND (another company's too). */
export const findRun = async (db: Executor, companyId: string, id: string, lock = false) => {
  const select = db
    .select()
    .from(checklistRuns)
    .where(and(eq(checklistRuns.companyId, companyId), eq(checklistRuns.id, id)));
  const [row] = lock ? await select.for('update') : await select;
  if (!row) throw notFound('Checklist');
  return row;
};

/** GET /quality/checklists/{id}: the run with its copy's groups, rows and answers, and what was answered. */
export const checklistDetail = async (
  db: Executor,
  companyId: string,
  id: string,
): Promise<ChecklistDetailDto> => {
  const [row] = await selectRuns(db).where(
    and(eq(checklistRuns.companyId, companyId), eq(checklistRuns.id, id)),
  );
  if (!row) throw notFound('Checklist');
  const copyId = row.run.projectTemplateId;
  const [[copy], groups, rows, answers, items] = await Promise.all([
    db
      .select({ info: projectServiceTemplates.info })
      .from(projectServiceTemplates)
      .where(eq(projectServiceTemplates.id, copyId)),
    db
      .select()
      .from(projectServiceGroups)
      .where(eq(projectServiceGroups.projectTemplateId, copyId))
      .orderBy(asc(projectServiceGroups.position)),
    db
      .select()
      .from(projectServiceRows)
      .where(eq(projectServiceRows.projectTemplateId, copyId))
      .orderBy(asc(projectServiceRows.position)),
    db
      .select()
      .from(projectServiceAnswers)
      .where(eq(projectServiceAnswers.projectTemplateId, copyId))
      .orderBy(asc(projectServiceAnswers.position)),
    db.select().from(checklistItems).where(eq(checklistItems.runId, id)),
  ]);
  const deviationIds = items.flatMap((item) => (item.deviationId ? [item.deviationId] : []));
  const [numbers, names] = await Promise.all([
    deviationIds.length === 0
      ? []
      : db
          .select({ id: deviations.id, number: deviations.number })
          .from(deviations)
          .where(and(eq(deviations.companyId, companyId), inArray(deviations.id, deviationIds))),
    userNamesByIds(
      db,
      items.flatMap((item) => (item.answeredBy ? [item.answeredBy] : [])),
    ),
  ]);
  const numberOf = new Map(numbers.map((deviation) => [deviation.id, deviation.number]));
  const itemOf = new Map(items.map((item) => [item.projectRowId, item]));
  const toItem = (projectRow: (typeof rows)[number]): ChecklistItemDto => {
    const item = itemOf.get(projectRow.id);
    return {
      rowId: projectRow.id,
      name: projectRow.name,
      type: projectRow.type,
      note: projectRow.note,
      answers: rowTypeTakesAnswers(projectRow.type)
        ? answers
            .filter((answer) => answer.projectRowId === projectRow.id)
            .map((answer) => ({
              id: answer.id,
              name: answer.name,
              color: answer.color,
              isCommentRequired: answer.isCommentRequired,
              isPictureRequired: answer.isPictureRequired,
              isDeviationRequired: answer.isDeviationRequired,
            }))
        : [],
      answerIds: item?.answerIds ?? [],
      value: item?.value ?? '',
      comment: item?.comment ?? '',
      pictureIds: item?.pictureIds ?? [],
      deviationId: item?.deviationId ?? null,
      deviationNumber: item?.deviationId ? (numberOf.get(item.deviationId) ?? null) : null,
      answeredByName: item?.answeredBy ? (names.get(item.answeredBy) ?? null) : null,
      answeredAt: item?.answeredAt.toISOString() ?? null,
    };
  };
  const [dto] = await toDtos(db, companyId, [row]);
  return {
    ...dto!,
    info: copy?.info ?? '',
    groups: groups.map((group) => ({
      id: group.id,
      name: group.name,
      typeGroup: group.typeGroup,
      info: group.info,
      items: rows.filter((projectRow) => projectRow.projectGroupId === group.id).map(toItem),
    })),
  };
};
