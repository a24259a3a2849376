import {
  type EmployeeCategoryDto,
  type EmployeeDto,
  type LookupDto,
  NO_ONE_CHOSEN,
} from '@karm/domain/contract';
import { type AnyColumn, and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Actor, AppContext } from '../../platform/context';
import type { Executor } from '../../platform/db/client';
import { nameRank } from '../../platform/db/name-rank';
import type { Referable } from '../../platform/db/references';
import { getCompanyInfo } from '../company/company.service';
import { departments, employeeCategories, employees } from './employees.tables';

/** SPEC §6: the admin list is the employees whose category is called Administrasjon. */
export const ADMIN_CATEGORY_NAME = 'Administrasjon';

/** Employees (owners, project managers) and departments as other modules' records point at them. */
export const EMPLOYEES_REFERABLE: Referable = {
  table: employees,
  id: employees.id,
  companyId: employees.companyId,
};
export const DEPARTMENTS_REFERABLE: Referable = {
  table: departments,
  id: departments.id,
  companyId: departments.companyId,
};

type EmployeeRow = typeof employees.$inferSelect;
type Joined = {
  employee: EmployeeRow;
  category: typeof employeeCategories.$inferSelect | null;
  department: typeof departments.$inferSelect | null;
};

const toEmployeeDto = ({ employee, category, department }: Joined): EmployeeDto => {
  const fullName = [employee.firstName, employee.lastName].filter(Boolean).join(' ');
  return {
    id: employee.id,
    firstName: employee.firstName,
    lastName: employee.lastName,
    fornavn: employee.firstName,
    etternavn: employee.lastName,
    displayName: employee.displayName || fullName,
    fullName,
    accountingId: employee.accountingId,
    employeeCategory: category ? { id: category.id, name: category.name } : null,
    department: department ? { id: department.id, displayName: department.name } : null,
    workGroup: employee.workGroup,
    email: employee.email,
    phoneNumberMobile: employee.phoneNumberMobile,
    birthDate: employee.birthDate,
    employmentDate: employee.employmentDate,
    isActive: employee.isActive,
    userId: employee.userId,
  };
};

const selectEmployees = (ctx: AppContext, companyId: string, condition?: SQL) =>
  ctx.db
    .select({ employee: employees, category: employeeCategories, department: departments })
    .from(employees)
    .leftJoin(
      employeeCategories,
      and(
        eq(employeeCategories.id, employees.employeeCategoryId),
        eq(employeeCategories.companyId, employees.companyId),
      ),
    )
    .leftJoin(
      departments,
      and(eq(departments.id, employees.departmentId), eq(departments.companyId, employees.companyId)),
    )
    .where(and(eq(employees.companyId, companyId), condition))
    .orderBy(asc(employees.firstName), asc(employees.lastName), asc(employees.id));

/** SPEC §7 employee:get — every employee of the company (the client keeps the list in its store). */
export const listEmployees = async (ctx: AppContext, actor: Actor, options: { includeInactive: boolean }) =>
  (
    await selectEmployees(
      ctx,
      actor.companyId,
      options.includeInactive ? undefined : eq(employees.isActive, true),
    )
  ).map(toEmployeeDto);

export const listEmployeeCategories = async (ctx: AppContext, actor: Actor): Promise<EmployeeCategoryDto[]> =>
  ctx.db
    .select({ id: employeeCategories.id, name: employeeCategories.name, number: employeeCategories.number })
    .from(employeeCategories)
    .where(eq(employeeCategories.companyId, actor.companyId))
    .orderBy(asc(employeeCategories.name));

const activeInCategory = async (ctx: AppContext, companyId: string, categoryName: string) =>
  (
    await selectEmployees(
      ctx,
      companyId,
      and(eq(employees.isActive, true), eq(employeeCategories.name, categoryName)),
    )
  ).map(toEmployeeDto);

/** SPEC §6 admin:get-users — "(Ingen valgt)" first, then the Administrasjon employees. */
export const listAdminUsers = async (ctx: AppContext, actor: Actor) => [
  { id: null, displayName: NO_ONE_CHOSEN },
  ...(await activeInCategory(ctx, actor.companyId, ADMIN_CATEGORY_NAME)).map((employee) => ({
    id: employee.id,
    displayName: employee.displayName,
  })),
];

/**
 * SPEC §7 project-manager:get. Any active employee can lead a project (Tripletex lets the company
 * decide who may); the list is the active employees by name.
 */
export const listProjectManagers = async (ctx: AppContext, actor: Actor): Promise<LookupDto[]> =>
  (await listEmployees(ctx, actor, { includeInactive: false })).map((employee) => ({
    id: employee.id,
    displayName: employee.displayName,
  }));

/** SPEC §7 project_department:get. */
export const listDepartments = async (ctx: AppContext, actor: Actor): Promise<LookupDto[]> =>
  (
    await ctx.db
      .select({ id: departments.id, name: departments.name })
      .from(departments)
      .where(and(eq(departments.companyId, actor.companyId), eq(departments.isInactive, false)))
      .orderBy(asc(departments.name))
  ).map((department) => ({ id: department.id, displayName: department.name }));

/** SPEC §7 GET employee/service — the employees of the company's service employee category. */
export const listServiceWorkers = async (ctx: AppContext, actor: Actor) => {
  const company = await getCompanyInfo(ctx, actor);
  if (!company.serviceEmployeeCategory) return [];
  return activeInCategory(ctx, actor.companyId, company.serviceEmployeeCategory);
};

/** Display names of the given employees and departments, for other modules' lists. */
export const employeeSummaries = async (ctx: AppContext, companyId: string, ids: string[]) => {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map<string, LookupDto>();
  const rows = await ctx.db
    .select({
      id: employees.id,
      firstName: employees.firstName,
      lastName: employees.lastName,
      displayName: employees.displayName,
    })
    .from(employees)
    .where(and(eq(employees.companyId, companyId), inArray(employees.id, unique)));
  return new Map(
    rows.map((row) => [
      row.id,
      { id: row.id, displayName: row.displayName || [row.firstName, row.lastName].filter(Boolean).join(' ') },
    ]),
  );
};

/** The employees the given users are in the company, by user id: who made a history entry. */
export const employeeNamesOfUsers = async (
  ctx: AppContext,
  companyId: string,
  userIds: (string | null)[],
) => {
  const unique = [...new Set(userIds.filter((id): id is string => id !== null))];
  if (unique.length === 0) return new Map<string, LookupDto>();
  const rows = await ctx.db
    .select({ id: employees.id, userId: employees.userId })
    .from(employees)
    .where(and(eq(employees.companyId, companyId), inArray(employees.userId, unique)));
  const names = await employeeSummaries(
    ctx,
    companyId,
    rows.map((row) => row.id),
  );
  return new Map(
    rows.flatMap((row) => {
      const name = names.get(row.id);
      return row.userId && name ? [[row.userId, name] as const] : [];
    }),
  );
};

export const departmentSummaries = async (ctx: AppContext, companyId: string, ids: string[]) => {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map<string, LookupDto>();
  const rows = await ctx.db
    .select({ id: departments.id, name: departments.name })
    .from(departments)
    .where(and(eq(departments.companyId, companyId), inArray(departments.id, unique)));
  return new Map(rows.map((row) => [row.id, { id: row.id, displayName: row.name }]));
};

/** The department an employee belongs to, if any (a converted offer's project takes its owner's). */
export const departmentOfEmployee = async (db: Executor, companyId: string, employeeId: string) => {
  const [row] = await db
    .select({ departmentId: employees.departmentId })
    .from(employees)
    .where(and(eq(employees.companyId, companyId), eq(employees.id, employeeId)));
  return row?.departmentId ?? null;
};

/** The employee a user is, in a company ("Mine" in the project list). */
export const employeeIdOfUser = async (ctx: AppContext, companyId: string, userId: string) => {
  const [row] = await ctx.db
    .select({ id: employees.id })
    .from(employees)
    .where(and(eq(employees.companyId, companyId), eq(employees.userId, userId)))
    .limit(1);
  return row?.id ?? null;
};

const employeeSortName = sql<string>`lower(${employees.displayName} || ' ' || ${employees.firstName} || ' ' || ${employees.lastName})`;

/** The employee's name as an SQL expression, for other modules' short lists to sort by (the row's company's only). */
export const employeeNameOf = (companyId: SQL | AnyColumn, employeeId: SQL | AnyColumn) =>
  sql<string>`(select ${employeeSortName} from ${employees} where ${employees.companyId} = ${companyId} and ${employees.id} = ${employeeId})`;

/** The company's employees and departments in name order, for long lists sorted by them (see nameRank). */
export const employeeNameRank = (companyId: string) =>
  nameRank({
    alias: 'employee_name_rank',
    table: employees,
    id: employees.id,
    name: employeeSortName,
    where: eq(employees.companyId, companyId),
  });
export const departmentNameRank = (companyId: string) =>
  nameRank({
    alias: 'department_name_rank',
    table: departments,
    id: departments.id,
    name: sql`lower(${departments.name})`,
    where: eq(departments.companyId, companyId),
  });
