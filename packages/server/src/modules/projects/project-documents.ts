import { and, eq, inArray } from 'drizzle-orm';
import type { DocumentOwner } from '../files/document-owners';
import { projectReadScope } from './project-access';
import { findOwnProject, publishProject } from './projects.service';
import { projectHistory, projects } from './projects.tables';

/**
 * Projects own documents uploaded through the files module (type 'document', entityId = the
 * project's id). Whoever holds projects.read opens every project's documents; a technician
 * (projects.read-own) only those of the projects they may read (`projectReadScope`).
 */
export const projectDocumentOwner: DocumentOwner = {
  kind: 'project',
  access: { write: 'projects.write', read: ['projects.read', 'projects.read-own'] },
  owns: async (db, companyId, entityId) => {
    const [row] = await db
      .select({ id: projects.id })
      .from(projects)
      .where(and(eq(projects.companyId, companyId), eq(projects.id, entityId)));
    return row !== undefined;
  },
  recordIds: (db, companyId, actor) =>
    db
      .select({ id: projects.id })
      .from(projects)
      .where(and(eq(projects.companyId, companyId), actor ? projectReadScope(db, actor) : undefined)),
  labels: async (db, companyId, ids) => {
    if (ids.length === 0) return new Map();
    const rows = await db
      .select({ id: projects.id, number: projects.number, name: projects.name })
      .from(projects)
      .where(and(eq(projects.companyId, companyId), inArray(projects.id, ids)));
    return new Map(rows.map((row) => [row.id, { number: row.number, name: row.name }]));
  },
  record: async (tx, actor, entityId, change) => {
    await tx.insert(projectHistory).values({
      companyId: actor.companyId,
      projectId: entityId,
      userId: actor.userId,
      action: change.action,
      changes: { name: change.file.originalName },
    });
  },
  announce: async (ctx, actor, entityId) => {
    await publishProject(ctx, actor.companyId, await findOwnProject(ctx.db, actor.companyId, entityId));
  },
};
