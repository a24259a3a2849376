import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client';
import { assertReferencesInCompany } from '../../platform/db/references';
import { newId } from '../../platform/ids';
import type { FileUser } from '../files/file-users';
import type { ProjectRemovalHook } from '../projects/project-removal';
import { PROJECTS_REFERABLE } from '../projects/projects-for-planner';
import {
  projectServiceAnswers,
  projectServiceGroups,
  projectServiceRows,
  projectServiceTemplates,
  serviceFunctions,
  serviceRows,
} from './service-templates.tables';
import { ensureStarters } from './starters';
import { insertAll } from './template-copies';
import { announce, holdTemplates, SERVICE_TEMPLATES_REFERABLE } from './template-locks';
import { readTree } from './template-tree';

/**
 * A project's own copy of a template (SPEC §3 "project service group, row and answer mirror the
 * template"), so later edits of the template never change what a technician has answered. The
 * service items of a project (a later module) call this when an item takes a template.
 */

/**
 * Copies the company's template, as it is now, to the project inside the caller's transaction and
 * answers the new project service template's id. The template is held against changes while it is
 * read, so the copy is one version of it, and that version is recorded.
 */
export const copyTemplateToProject = async (
  tx: Executor,
  companyId: string,
  templateId: string,
  projectId: string,
): Promise<string> => {
  await ensureStarters(tx, companyId);
  await assertReferencesInCompany(tx, companyId, {
    serviceTemplateId: [SERVICE_TEMPLATES_REFERABLE, templateId],
    projectId: [PROJECTS_REFERABLE, projectId],
  });
  const [template] = await holdTemplates(tx, companyId, [templateId]);
  if (!template) throw new Error('Service template vanished');
  const { groups, rows, answers } = await readTree(tx, templateId);
  const functionIds = [...new Set(rows.flatMap((row) => (row.functionId ? [row.functionId] : [])))];
  const functionNames = new Map(
    functionIds.length === 0
      ? []
      : (
          await tx
            .select({ id: serviceFunctions.id, name: serviceFunctions.name })
            .from(serviceFunctions)
            .where(inArray(serviceFunctions.id, functionIds))
        ).map((fn) => [fn.id, fn.name]),
  );
  const projectTemplateId = newId();
  const groupIds = new Map(groups.map((group) => [group.id, newId()]));
  const rowIds = new Map(rows.map((row) => [row.id, newId()]));
  await tx.insert(projectServiceTemplates).values({
    id: projectTemplateId,
    companyId,
    projectId,
    sourceTemplateId: template.id,
    templateVersion: template.version,
    name: template.name,
    info: template.info,
  });
  await insertAll(
    tx,
    projectServiceGroups,
    groups.map((group) => ({
      id: groupIds.get(group.id) as string,
      companyId,
      projectTemplateId,
      sourceGroupId: group.id,
      name: group.name,
      typeGroup: group.typeGroup,
      info: group.info,
      position: group.position,
    })),
  );
  await insertAll(
    tx,
    projectServiceRows,
    rows.map((row) => ({
      id: rowIds.get(row.id) as string,
      companyId,
      projectTemplateId,
      projectGroupId: groupIds.get(row.groupId) as string,
      sourceRowId: row.id,
      name: row.name,
      type: row.type,
      note: row.note,
      url: row.url,
      fileId: row.fileId,
      functionId: row.functionId,
      functionName: row.functionId ? (functionNames.get(row.functionId) ?? null) : null,
      position: row.position,
    })),
  );
  await insertAll(
    tx,
    projectServiceAnswers,
    answers.map((answer) => ({
      id: newId(),
      companyId,
      projectTemplateId,
      projectRowId: rowIds.get(answer.rowId) as string,
      sourceAnswerId: answer.id,
      name: answer.name,
      color: answer.color,
      isCommentRequired: answer.isCommentRequired,
      isPictureRequired: answer.isPictureRequired,
      isDeviationRequired: answer.isDeviationRequired,
      position: answer.position,
    })),
  );
  return projectTemplateId;
};

/**
 * A removed project takes its template copies along (they are part of its service work, not plans,
 * so the removal's confirmation counts none); the templates' use changes.
 */
export const serviceTemplatesProjectRemovalHook: ProjectRemovalHook = {
  countActive: async () => 0,
  remove: async (tx, companyId, projectId) => {
    await tx
      .delete(projectServiceTemplates)
      .where(
        and(
          eq(projectServiceTemplates.companyId, companyId),
          eq(projectServiceTemplates.projectId, projectId),
        ),
      );
    return 0;
  },
  afterCommit: (ctx, companyId) => announce(ctx, companyId, {}),
};

/** A row's attached file (in a template or a project's copy) is in use: it is never deleted under them. */
export const serviceTemplateFileUser: FileUser = {
  uses: async (db, companyId, fileId) => {
    const [template] = await db
      .select({ id: serviceRows.id })
      .from(serviceRows)
      .where(and(eq(serviceRows.companyId, companyId), eq(serviceRows.fileId, fileId)))
      .limit(1);
    if (template) return true;
    const [copy] = await db
      .select({ id: projectServiceRows.id })
      .from(projectServiceRows)
      .where(and(eq(projectServiceRows.companyId, companyId), eq(projectServiceRows.fileId, fileId)))
      .limit(1);
    return copy !== undefined;
  },
};

/** Removes project copies (a removed service item's own copy) inside the caller's transaction. */
export const removeProjectCopies = async (tx: Executor, companyId: string, ids: readonly string[]) => {
  if (ids.length === 0) return;
  await tx
    .delete(projectServiceTemplates)
    .where(
      and(eq(projectServiceTemplates.companyId, companyId), inArray(projectServiceTemplates.id, [...ids])),
    );
};

/** The names of project copies (what a service item shows as its template). */
export const projectCopyNames = async (db: Executor, companyId: string, ids: readonly string[]) =>
  new Map(
    ids.length === 0
      ? []
      : (
          await db
            .select({ id: projectServiceTemplates.id, name: projectServiceTemplates.name })
            .from(projectServiceTemplates)
            .where(
              and(
                eq(projectServiceTemplates.companyId, companyId),
                inArray(projectServiceTemplates.id, [...ids]),
              ),
            )
        ).map((copy) => [copy.id, copy.name]),
  );
