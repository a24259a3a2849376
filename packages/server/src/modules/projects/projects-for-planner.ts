import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client';
import type { Referable } from '../../platform/db/references';
import { projects } from './projects.tables';

/** Projects a plan or task may point at: the company's active ones (a completed or archived one is not booked). */
export const ACTIVE_PROJECTS_REFERABLE: Referable = {
  table: projects,
  id: projects.id,
  companyId: projects.companyId,
  isUsable: eq(projects.state, 'active'),
};

/** Projects, whatever their state, as tasks point at them (a task outlives a project's completion). */
export const PROJECTS_REFERABLE: Referable = {
  table: projects,
  id: projects.id,
  companyId: projects.companyId,
};

/** What the resource planner draws of the given projects (number, name, delivery, note to the planner). */
export const projectsForPlanner = async (db: Executor, companyId: string, ids: readonly string[]) =>
  ids.length === 0
    ? []
    : db
        .select({
          id: projects.id,
          number: projects.number,
          name: projects.name,
          deliveryDate: projects.deliveryDate,
          noteToPlanner: projects.noteToPlanner,
        })
        .from(projects)
        .where(and(eq(projects.companyId, companyId), inArray(projects.id, [...ids])));
