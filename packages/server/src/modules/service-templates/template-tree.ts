import type {
  Page,
  ServiceAnswerDto,
  ServiceGroupDto,
  ServiceRowDto,
  ServiceTemplateDto,
  ServiceTemplateFullDto,
  serviceTemplateListQuerySchema,
} from '@karm/domain/contract';
import { and, asc, count, eq, ilike, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Actor, AppContext } from '../../platform/context';
import type { Executor } from '../../platform/db/client';
import { loadPage } from '../../platform/db/paging';
import { containsPattern } from '../../platform/db/search-terms';
import { notFound } from '../../platform/errors';
import { fileNamesOf } from '../files/files.service';
import {
  projectServiceTemplates,
  serviceAnswers,
  serviceGroups,
  serviceRows,
  serviceTemplates,
} from './service-templates.tables';
import {
  type AnswerRow,
  areStartersStored,
  type GroupRow,
  type RowRow,
  type StarterRows,
  startersOfCompany,
  type TemplateRow,
} from './starters';

/**
 * Reading templates: the list (paged, searched) and the whole tree of one template in a fixed
 * number of queries — the template with its use, its groups, its rows, its answers (and the names of
 * attached files when there are any) — whatever its size. While a company has stored nothing, both
 * are answered from the starters in memory.
 */

const byPosition = <Row extends { position: number }>(left: Row, right: Row) =>
  left.position - right.position;

type TreeTemplate = Pick<TemplateRow, 'id' | 'name' | 'info' | 'purpose' | 'version'>;
type TreeGroup = Pick<GroupRow, 'id' | 'templateId' | 'name' | 'typeGroup' | 'info' | 'position' | 'version'>;
type TreeRow = Pick<
  RowRow,
  'id' | 'groupId' | 'name' | 'type' | 'note' | 'url' | 'fileId' | 'functionId' | 'position' | 'version'
>;
type TreeAnswer = Pick<
  AnswerRow,
  | 'id'
  | 'rowId'
  | 'name'
  | 'color'
  | 'isCommentRequired'
  | 'isPictureRequired'
  | 'isDeviationRequired'
  | 'position'
  | 'version'
>;

/** What an answer is, wherever it is kept (a row's, a global set's). */
export const answerFieldsOf = (row: Omit<TreeAnswer, 'rowId'>): ServiceAnswerDto => ({
  id: row.id,
  name: row.name,
  color: row.color,
  isCommentRequired: row.isCommentRequired,
  isPictureRequired: row.isPictureRequired,
  isDeviationRequired: row.isDeviationRequired,
  position: row.position,
  version: row.version,
});

const bucket = <Row, Key>(rows: Row[], keyOf: (row: Row) => Key) => {
  const buckets = new Map<Key, Row[]>();
  for (const row of rows) {
    const key = keyOf(row);
    const list = buckets.get(key);
    if (list) list.push(row);
    else buckets.set(key, [row]);
  }
  return buckets;
};

/** The tree of one template from its rows (any order), each level in position order. */
export const assembleTemplate = (
  template: TreeTemplate,
  usage: number,
  groups: TreeGroup[],
  rows: TreeRow[],
  answers: TreeAnswer[],
  fileNames: ReadonlyMap<string, string>,
): ServiceTemplateFullDto => {
  const answersOfRow = bucket([...answers].sort(byPosition), (answer) => answer.rowId);
  const rowsOfGroup = bucket([...rows].sort(byPosition), (row) => row.groupId);
  const toRow = (row: TreeRow): ServiceRowDto => ({
    id: row.id,
    groupId: row.groupId,
    name: row.name,
    type: row.type,
    note: row.note,
    url: row.url,
    fileId: row.fileId,
    fileName: row.fileId ? (fileNames.get(row.fileId) ?? null) : null,
    functionId: row.functionId,
    position: row.position,
    version: row.version,
    answers: (answersOfRow.get(row.id) ?? []).map(answerFieldsOf),
  });
  const toGroup = (group: TreeGroup): ServiceGroupDto => ({
    id: group.id,
    templateId: group.templateId,
    name: group.name,
    typeGroup: group.typeGroup,
    info: group.info,
    position: group.position,
    version: group.version,
    rows: (rowsOfGroup.get(group.id) ?? []).map(toRow),
  });
  return {
    ...toTemplateDto(template, { groupCount: groups.length, rowCount: rows.length, usage }),
    groups: [...groups].sort(byPosition).map(toGroup),
  };
};

const toTemplateDto = (
  row: TreeTemplate,
  counts: { groupCount: number; rowCount: number; usage: number },
): ServiceTemplateDto => ({
  id: row.id,
  name: row.name,
  info: row.info,
  purpose: row.purpose,
  version: row.version,
  ...counts,
});

/** How many project copies were made of the template ("where it is in use"). */
const usageOf = (templateId: SQL | string) =>
  sql<number>`(select count(*)::int from ${projectServiceTemplates} where ${projectServiceTemplates.sourceTemplateId} = ${templateId})`;

/** A template's groups, rows and answers as stored (for copies, inside their transaction). */
export const readTree = async (tx: Executor, templateId: string) => ({
  groups: await tx.select().from(serviceGroups).where(eq(serviceGroups.templateId, templateId)),
  rows: await tx.select().from(serviceRows).where(eq(serviceRows.templateId, templateId)),
  answers: await tx.select().from(serviceAnswers).where(eq(serviceAnswers.templateId, templateId)),
});

/**
 * One statement reads the whole tree: the template with its use, and its groups, rows and answers,
 * each level as one JSON array the database builds. One round trip whatever the size, and one value
 * to decode instead of thousands of rows (on PGlite, decoding 3 000 answer rows took 50–70 ms; their
 * JSON array 14 ms).
 */
const treeStatement = (companyId: string, id: string) => sql`select
  (select json_build_object('id', t.id, 'name', t.name, 'info', t.info, 'purpose', t.purpose,
     'version', t.version,
     'usage', ${usageOf(sql`t.id`)})
   from ${serviceTemplates} t where t.company_id = ${companyId} and t.id = ${id})::text as template,
  (select coalesce(json_agg(json_build_object('id', g.id, 'templateId', g.template_id, 'name', g.name,
     'typeGroup', g.type_group, 'info', g.info, 'position', g.position, 'version', g.version)), '[]')
   from ${serviceGroups} g where g.template_id = ${id} and g.company_id = ${companyId})::text as groups,
  (select coalesce(json_agg(json_build_object('id', r.id, 'groupId', r.group_id, 'name', r.name,
     'type', r.type, 'note', r.note, 'url', r.url, 'fileId', r.file_id, 'functionId', r.function_id,
     'position', r.position, 'version', r.version)), '[]')
   from ${serviceRows} r where r.template_id = ${id} and r.company_id = ${companyId})::text as rows,
  (select coalesce(json_agg(json_build_object('id', a.id, 'rowId', a.row_id, 'name', a.name,
     'color', a.color, 'isCommentRequired', a.is_comment_required,
     'isPictureRequired', a.is_picture_required, 'isDeviationRequired', a.is_deviation_required,
     'position', a.position, 'version', a.version)), '[]')
   from ${serviceAnswers} a where a.template_id = ${id} and a.company_id = ${companyId})::text as answers`;

type TreeTexts = { template: string | null; groups: string; rows: string; answers: string };

/** The stored tree of one of the company's templates, or null when it has no such template stored. */
export const loadStoredTemplate = async (
  db: Executor,
  companyId: string,
  id: string,
): Promise<ServiceTemplateFullDto | null> => {
  const result = (await db.execute(treeStatement(companyId, id))) as unknown as { rows: TreeTexts[] };
  const texts = result.rows[0];
  if (!texts?.template) return null;
  const found = JSON.parse(texts.template) as TreeTemplate & { usage: number };
  const rows = JSON.parse(texts.rows) as TreeRow[];
  const fileIds = rows.flatMap((row) => (row.fileId ? [row.fileId] : []));
  const fileNames = await fileNamesOf(db, companyId, fileIds);
  return assembleTemplate(
    found,
    found.usage,
    JSON.parse(texts.groups) as TreeGroup[],
    rows,
    JSON.parse(texts.answers) as TreeAnswer[],
    fileNames,
  );
};

const starterTemplate = (starters: StarterRows, id: string) => {
  const template = starters.templates.find((candidate) => candidate.id === id);
  if (!template) return null;
  return assembleTemplate(
    template,
    0,
    starters.groups.filter((group) => group.templateId === id),
    starters.rows.filter((row) => row.templateId === id),
    starters.answers.filter((answer) => answer.templateId === id),
    new Map(),
  );
};

/** `admin-service:get-full-service-template`: the whole tree, in order. */
export const getFullTemplate = async (db: Executor, companyId: string, id: string) => {
  const stored = await loadStoredTemplate(db, companyId, id);
  if (stored) return stored;
  const fromStarters = (await areStartersStored(db, companyId))
    ? null
    : starterTemplate(await startersOfCompany(db, companyId), id);
  if (!fromStarters) throw notFound('Service template');
  return fromStarters;
};

export const getFullServiceTemplate = (ctx: AppContext, actor: Actor, input: { id: string }) =>
  getFullTemplate(ctx.db, actor.companyId, input.id);

/** Callers inside the server may leave out the purpose: service templates, as over the socket. */
type ListQuery = Omit<z.output<typeof serviceTemplateListQuerySchema>, 'purpose'> &
  Partial<Pick<z.output<typeof serviceTemplateListQuerySchema>, 'purpose'>>;

const nameOrder = (left: { name: string; id: string }, right: { name: string; id: string }) =>
  left.name.localeCompare(right.name, 'nb') || left.id.localeCompare(right.id);

const listStarters = (starters: StarterRows, query: ListQuery): Page<ServiceTemplateDto> => {
  const term = query.search.toLowerCase();
  const matching = starters.templates
    .filter(
      (template) =>
        template.purpose === (query.purpose ?? 'service') && template.name.toLowerCase().includes(term),
    )
    .sort(nameOrder);
  const start = (query.page - 1) * query.pageSize;
  return {
    items: matching.slice(start, start + query.pageSize).map((template) =>
      toTemplateDto(template, {
        groupCount: starters.groups.filter((group) => group.templateId === template.id).length,
        rowCount: starters.rows.filter((row) => row.templateId === template.id).length,
        usage: 0,
      }),
    ),
    total: matching.length,
    page: query.page,
    pageSize: query.pageSize,
  };
};

/** `admin-service:find-service-templates`: the company's templates by name, paged on the server. */
export const findServiceTemplates = async (
  ctx: AppContext,
  actor: Actor,
  query: ListQuery,
): Promise<Page<ServiceTemplateDto>> => {
  const { companyId } = actor;
  if (!(await areStartersStored(ctx.db, companyId))) {
    return listStarters(await startersOfCompany(ctx.db, companyId), query);
  }
  const where = and(
    eq(serviceTemplates.companyId, companyId),
    eq(serviceTemplates.purpose, query.purpose ?? 'service'),
    query.search ? ilike(serviceTemplates.name, containsPattern(query.search)) : undefined,
  );
  return loadPage(
    query,
    {
      rows: (limit, offset) =>
        ctx.db
          .select({
            id: serviceTemplates.id,
            name: serviceTemplates.name,
            info: serviceTemplates.info,
            purpose: serviceTemplates.purpose,
            version: serviceTemplates.version,
            groupCount: sql<number>`(select count(*)::int from ${serviceGroups} where ${serviceGroups.templateId} = ${serviceTemplates.id})`,
            rowCount: sql<number>`(select count(*)::int from ${serviceRows} where ${serviceRows.templateId} = ${serviceTemplates.id})`,
            usage: usageOf(sql`${serviceTemplates.id}`),
          })
          .from(serviceTemplates)
          .where(where)
          .orderBy(asc(serviceTemplates.name), asc(serviceTemplates.id))
          .limit(limit)
          .offset(offset),
      total: () => ctx.db.select({ total: count() }).from(serviceTemplates).where(where),
    },
    (row) => toTemplateDto(row, row),
  );
};
