import type { Locale } from '@karm/domain/i18n';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client';
import { derivedId } from '../../platform/db/derived-ids';
import { findCompanyRow } from '../company/company.service';
import {
  globalAnswerGroups,
  globalAnswers,
  serviceAnswers,
  serviceFunctionGroups,
  serviceFunctionStatuses,
  serviceFunctions,
  serviceGroups,
  serviceRows,
  serviceTemplateSettings,
  serviceTemplates,
} from './service-templates.tables';
import {
  STARTER_ANSWER_SETS,
  STARTER_FUNCTION_GROUPS,
  STARTER_FUNCTION_STATUSES,
  STARTER_TEMPLATES,
  type StarterAnswer,
} from './starter-content';

export type TemplateRow = typeof serviceTemplates.$inferSelect;
export type GroupRow = typeof serviceGroups.$inferSelect;
export type RowRow = typeof serviceRows.$inferSelect;
export type AnswerRow = typeof serviceAnswers.$inferSelect;
export type GlobalGroupRow = typeof globalAnswerGroups.$inferSelect;
export type GlobalAnswerRow = typeof globalAnswers.$inferSelect;
export type FunctionGroupRow = typeof serviceFunctionGroups.$inferSelect;
export type FunctionRow = typeof serviceFunctions.$inferSelect;
export type FunctionStatusRow = typeof serviceFunctionStatuses.$inferSelect;

/** Everything a company starts with, as the rows it is stored as. */
export type StarterRows = {
  templates: TemplateRow[];
  groups: GroupRow[];
  rows: RowRow[];
  answers: AnswerRow[];
  globalGroups: GlobalGroupRow[];
  globalAnswers: GlobalAnswerRow[];
  functionGroups: FunctionGroupRow[];
  functions: FunctionRow[];
  functionStatuses: FunctionStatusRow[];
};

const answerFields = (answer: StarterAnswer, locale: Locale) => ({
  name: answer.name[locale],
  color: answer.color,
  isCommentRequired: answer.isCommentRequired ?? false,
  isPictureRequired: answer.isPictureRequired ?? false,
  isDeviationRequired: answer.isDeviationRequired ?? false,
});

/**
 * The company's starters in a language, with ids derived from the company and the starters' keys:
 * a read that answers them from memory and the write that stores them agree on every id.
 */
export const starterRowsOf = (companyId: string, locale: Locale): StarterRows => {
  const id = (...parts: string[]) => derivedId('service-templates', companyId, ...parts);
  const epoch = new Date(0);
  const starters: StarterRows = {
    templates: [],
    groups: [],
    rows: [],
    answers: [],
    globalGroups: [],
    globalAnswers: [],
    functionGroups: [],
    functions: [],
    functionStatuses: [],
  };
  for (const [position, group] of STARTER_FUNCTION_GROUPS.entries()) {
    const groupId = id('function-group', group.key);
    starters.functionGroups.push({ id: groupId, companyId, name: group.name[locale], position, version: 1 });
    for (const [index, fn] of group.functions.entries()) {
      starters.functions.push({
        id: id('function', fn.key),
        companyId,
        groupId,
        name: fn.name[locale],
        position: index,
        version: 1,
      });
    }
  }
  for (const [position, status] of STARTER_FUNCTION_STATUSES.entries()) {
    starters.functionStatuses.push({
      id: id('function-status', status.key),
      companyId,
      name: status.name[locale],
      color: status.color,
      position,
      version: 1,
    });
  }
  for (const [position, [key, set]] of Object.entries(STARTER_ANSWER_SETS).entries()) {
    const groupId = id('global-group', key);
    starters.globalGroups.push({ id: groupId, companyId, name: set.name[locale], position, version: 1 });
    for (const [index, answer] of set.answers.entries()) {
      starters.globalAnswers.push({
        id: id('global-answer', key, String(index)),
        companyId,
        groupId,
        ...answerFields(answer, locale),
        position: index,
        version: 1,
      });
    }
  }
  for (const template of STARTER_TEMPLATES) {
    const templateId = id('template', template.key);
    starters.templates.push({
      id: templateId,
      companyId,
      name: template.name[locale],
      info: template.info[locale],
      purpose: 'service',
      version: 1,
      createdAt: epoch,
      updatedAt: epoch,
    });
    for (const [groupPosition, group] of template.groups.entries()) {
      const groupId = id('group', template.key, group.key);
      starters.groups.push({
        id: groupId,
        companyId,
        templateId,
        name: group.name[locale],
        typeGroup: group.typeGroup,
        info: group.info?.[locale] ?? '',
        position: groupPosition,
        version: 1,
      });
      for (const [rowPosition, row] of group.rows.entries()) {
        const rowId = id('row', template.key, group.key, row.key);
        starters.rows.push({
          id: rowId,
          companyId,
          templateId,
          groupId,
          name: row.name[locale],
          type: row.type,
          note: row.note?.[locale] ?? '',
          url: row.url ?? '',
          fileId: null,
          functionId: row.functionKey ? id('function', row.functionKey) : null,
          position: rowPosition,
          version: 1,
        });
        const answers =
          typeof row.answers === 'string' ? STARTER_ANSWER_SETS[row.answers].answers : row.answers;
        for (const [index, answer] of (answers ?? []).entries()) {
          starters.answers.push({
            id: id('answer', template.key, group.key, row.key, String(index)),
            companyId,
            templateId,
            rowId,
            ...answerFields(answer, locale),
            position: index,
            version: 1,
          });
        }
      }
    }
  }
  return starters;
};

/** Whether the company's starters are stored (and so every read goes to the tables). */
export const areStartersStored = async (db: Executor, companyId: string) =>
  (
    await db
      .select({ companyId: serviceTemplateSettings.companyId })
      .from(serviceTemplateSettings)
      .where(eq(serviceTemplateSettings.companyId, companyId))
  ).length > 0;

/** The starters a read answers while nothing is stored: in the company's document language of now. */
export const startersOfCompany = async (db: Executor, companyId: string) =>
  starterRowsOf(companyId, (await findCompanyRow(db, companyId)).documentLanguage);

/**
 * For writes: stores the company's starters on the first write that needs them, in the company's
 * document language (the words of its service reports). The settings row's primary key makes
 * concurrent first writes wait for one another, so the starters are stored once.
 */
export const ensureStarters = async (tx: Executor, companyId: string) => {
  const [created] = await tx
    .insert(serviceTemplateSettings)
    .values({ companyId })
    .onConflictDoNothing()
    .returning();
  if (!created) return;
  const starters = await startersOfCompany(tx, companyId);
  await tx.insert(serviceFunctionGroups).values(starters.functionGroups);
  await tx.insert(serviceFunctions).values(starters.functions);
  await tx.insert(serviceFunctionStatuses).values(starters.functionStatuses);
  await tx.insert(globalAnswerGroups).values(starters.globalGroups);
  await tx.insert(globalAnswers).values(starters.globalAnswers);
  await tx
    .insert(serviceTemplates)
    .values(starters.templates.map(({ createdAt: _, updatedAt: __, ...template }) => template));
  await tx.insert(serviceGroups).values(starters.groups);
  await tx.insert(serviceRows).values(starters.rows);
  await tx.insert(serviceAnswers).values(starters.answers);
};
