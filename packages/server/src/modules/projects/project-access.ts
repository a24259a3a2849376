import { and, eq, inArray, type SQL } from 'drizzle-orm';
import { type Actor, type AppContext, can } from '../../platform/context';
import type { Executor } from '../../platform/db/client';
import { notFound } from '../../platform/errors';
import { employeeIdsOfUser } from '../employees/employees.service';
import { projects } from './projects.tables';

/**
 * Which of the company's projects an actor may read (SPEC §6, README "Roles"). Whoever holds
 * `projects.read` reads them all; a technician (`projects.read-own`) reads the projects they work
 * on — today those they manage; the resource planner adds those they are planned on. Undefined
 * means no narrowing.
 */
export const projectReadScope = (db: Executor, actor: Actor): SQL | undefined =>
  can(actor, 'projects.read')
    ? undefined
    : inArray(projects.projectManagerId, employeeIdsOfUser(db, actor.companyId, actor.userId));

/** A project the actor may read; another company's, or one outside their scope, is "not found". */
export const findReadableProject = async (db: Executor, actor: Actor, projectId: string) => {
  const [row] = await db
    .select()
    .from(projects)
    .where(
      and(eq(projects.companyId, actor.companyId), eq(projects.id, projectId), projectReadScope(db, actor)),
    );
  if (!row) throw notFound('Project');
  return row;
};

/** Of the given project ids, those the actor may read (the process grid asks for its rows' cells). */
export const projectsReadableBy = async (ctx: AppContext, actor: Actor, projectIds: string[]) => {
  const scope = projectReadScope(ctx.db, actor);
  if (!scope || projectIds.length === 0) return projectIds;
  const rows = await ctx.db
    .select({ id: projects.id })
    .from(projects)
    .where(and(eq(projects.companyId, actor.companyId), inArray(projects.id, projectIds), scope));
  return rows.map((row) => row.id);
};
