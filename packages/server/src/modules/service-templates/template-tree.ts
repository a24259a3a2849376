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
import { JsonAnswer } from '../../platform/realtime/json-answer';
import { files } from '../files/files.tables';
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
 * Reading templates: the list (paged, searched) and the whole tree of one template in one statement —
 * the template with its use, its groups, its rows with their files' names, its answers — whatever its
 * size. While a company has stored nothing, both are answered from the starters in memory.
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

/**
 * The tree of one of the starters (kept in memory until the company stores them) from its rows in any
 * order, each level in position order — the same shape the tree statement builds for stored ones.
 * Nobody uses a starter yet and its rows have no files.
 */
const assembleTemplate = (
  template: TreeTemplate,
  groups: TreeGroup[],
  rows: TreeRow[],
  answers: TreeAnswer[],
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
    fileName: null,
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
    ...toTemplateDto(template, { groupCount: groups.length, rowCount: rows.length, usage: 0 }),
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
 * One statement reads the whole tree as the JSON text of `ServiceTemplateFullDto`: the answers of
 * each row, the rows of each group (with the attached file's name) and the groups, each list in
 * position order, grouped by their parent and joined — set at a time, never a lookup per row — and
 * the counts taken from the same lists. One round trip whatever the size, and one value: the socket
 * passes the text on as it is (`JsonAnswer`); callers in the server parse it once. Each object is a
 * record of named columns (`lateral (select … as "camelCase")`) turned into JSON whole, which on PGlite
 * took three quarters of the time of `json_build_object` with the same keys, and writes no spaces.
 */
const treeStatement = (companyId: string, id: string) => sql`
with answer_lists as (
  select a.row_id, json_agg(answer order by a.position) as answers
  from ${serviceAnswers} a,
    lateral (select a.id, a.name, a.color, a.is_comment_required as "isCommentRequired",
      a.is_picture_required as "isPictureRequired", a.is_deviation_required as "isDeviationRequired",
      a.position, a.version) answer
  where a.template_id = ${id} and a.company_id = ${companyId}
  group by a.row_id
), row_lists as (
  select r.group_id, count(*)::int as row_count, json_agg(row order by r.position) as rows
  from ${serviceRows} r
    left join answer_lists al on al.row_id = r.id
    left join ${files} f on f.id = r.file_id and f.company_id = ${companyId},
    lateral (select r.id, r.group_id as "groupId", r.name, r.type, r.note, r.url, r.file_id as "fileId",
      f.original_name as "fileName", r.function_id as "functionId", r.position, r.version,
      coalesce(al.answers, '[]') as answers) row
  where r.template_id = ${id} and r.company_id = ${companyId}
  group by r.group_id
), group_list as (
  select count(*)::int as group_count, coalesce(sum(rl.row_count), 0)::int as row_count,
    coalesce(json_agg("group" order by g.position), '[]') as groups
  from ${serviceGroups} g
    left join row_lists rl on rl.group_id = g.id,
    lateral (select g.id, g.template_id as "templateId", g.name, g.type_group as "typeGroup", g.info,
      g.position, g.version, coalesce(rl.rows, '[]') as rows) "group"
  where g.template_id = ${id} and g.company_id = ${companyId}
)
select row_to_json(template)::text as tree
from ${serviceTemplates} t
  cross join group_list gl,
  lateral (select t.id, t.name, t.info, t.purpose, t.version, gl.group_count as "groupCount",
    gl.row_count as "rowCount", ${usageOf(sql`t.id`)} as usage, gl.groups) template
where t.company_id = ${companyId} and t.id = ${id}`;

/** The JSON text of one of the company's stored templates, or null when it has no such template stored. */
const storedTemplateText = async (db: Executor, companyId: string, id: string) => {
  const result = (await db.execute(treeStatement(companyId, id))) as unknown as {
    rows: Array<{ tree: string }>;
  };
  return result.rows[0]?.tree ?? null;
};

/** The stored tree of one of the company's templates, or null when it has no such template stored. */
export const loadStoredTemplate = async (
  db: Executor,
  companyId: string,
  id: string,
): Promise<ServiceTemplateFullDto | null> => {
  const text = await storedTemplateText(db, companyId, id);
  return text === null ? null : (JSON.parse(text) as ServiceTemplateFullDto);
};

/** A template of the starters while the company has stored none of them; NOT_FOUND otherwise. */
const starterTemplate = async (db: Executor, companyId: string, id: string) => {
  const starters = (await areStartersStored(db, companyId)) ? null : await startersOfCompany(db, companyId);
  const template = starters?.templates.find((candidate) => candidate.id === id);
  if (!starters || !template) throw notFound('Service template');
  return assembleTemplate(
    template,
    starters.groups.filter((group) => group.templateId === id),
    starters.rows.filter((row) => row.templateId === id),
    starters.answers.filter((answer) => answer.templateId === id),
  );
};

/** The whole tree of one template, in order (in the server: for a change's answer, a copy's). */
export const getFullTemplate = async (db: Executor, companyId: string, id: string) =>
  (await loadStoredTemplate(db, companyId, id)) ?? starterTemplate(db, companyId, id);

/** `admin-service:get-full-service-template`: the whole tree, sent as the JSON the database built. */
export const getFullServiceTemplate = async (ctx: AppContext, actor: Actor, input: { id: string }) => {
  const text = await storedTemplateText(ctx.db, actor.companyId, input.id);
  return text === null
    ? starterTemplate(ctx.db, actor.companyId, input.id)
    : new JsonAnswer<ServiceTemplateFullDto>(text);
};

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
