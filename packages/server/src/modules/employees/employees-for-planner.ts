import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client';
import type { Referable } from '../../platform/db/references';
import { employees } from './employees.tables';

/** Employees a plan or task may be for: the company's active ones. */
export const ACTIVE_EMPLOYEES_REFERABLE: Referable = {
  table: employees,
  id: employees.id,
  companyId: employees.companyId,
  isUsable: eq(employees.isActive, true),
};

/** The rows of the resource planner: active employees with their work group, by name (or only `ids`). */
export const employeesForPlanner = async (db: Executor, companyId: string, ids?: readonly string[]) => {
  const rows = await db
    .select({
      id: employees.id,
      firstName: employees.firstName,
      lastName: employees.lastName,
      displayName: employees.displayName,
      workGroup: employees.workGroup,
    })
    .from(employees)
    .where(
      and(
        eq(employees.companyId, companyId),
        eq(employees.isActive, true),
        ids ? inArray(employees.id, [...ids]) : undefined,
      ),
    )
    .orderBy(
      asc(sql`lower(${employees.firstName})`),
      asc(sql`lower(${employees.lastName})`),
      asc(employees.id),
    );
  return rows.map((row) => ({
    id: row.id,
    name: row.displayName || [row.firstName, row.lastName].filter(Boolean).join(' '),
    workGroup: row.workGroup,
  }));
};
