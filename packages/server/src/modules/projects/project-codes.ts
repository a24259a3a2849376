import { and, count, eq, isNotNull } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client';
import { projects } from './projects.tables';

/** How many of the company's projects (archived ones too) are of the category: a value in use is kept. */
export const projectsOfCategory = async (db: Executor, companyId: string, key: string) => {
  const [row] = await db
    .select({ count: count() })
    .from(projects)
    .where(and(eq(projects.companyId, companyId), eq(projects.projectCategory, key)));
  return row?.count ?? 0;
};

/** How many of the company's projects (archived ones too) each department has: one in use is kept. */
export const projectsPerDepartment = async (db: Executor, companyId: string) =>
  db
    .select({ departmentId: projects.departmentId, count: count() })
    .from(projects)
    .where(and(eq(projects.companyId, companyId), isNotNull(projects.departmentId)))
    .groupBy(projects.departmentId);
