import {
  type EmployeeCategoryDto,
  type EmployeeDto,
  type LookupDto,
  NO_ONE_CHOSEN,
} from '@karm/domain/contract';
import { VALIDATION_MESSAGE_KEYS } from '@karm/domain/rules';
import { type AnyColumn, and, asc, eq, inArray, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Actor, AppContext } from '../../platform/context';
import type { Executor } from '../../platform/db/client';
import { nameRank } from '../../platform/db/name-rank';
import { assertReferencesInCompany, type Referable } from '../../platform/db/references';
import { validationError } from '../../platform/errors';
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
export const EMPLOYEE_CATEGORIES_REFERABLE: Referable = {
  table: employeeCategories,
  id: employeeCategories.id,
  companyId: employeeCategories.companyId,
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

/** The active employees of one category, named (the admin list) or chosen by id (the service workers). */
const activeInCategory = async (
  ctx: AppContext,
  companyId: string,
  category: { name: string } | { id: string },
) =>
  (
    await selectEmployees(
      ctx,
      companyId,
      and(
        eq(employees.isActive, true),
        'id' in category
          ? eq(employeeCategories.id, category.id)
          : eq(employeeCategories.name, category.name),
      ),
    )
  ).map(toEmployeeDto);

/** SPEC §6 admin:get-users — "(Ingen valgt)" first, then the Administrasjon employees. */
export const listAdminUsers = async (ctx: AppContext, actor: Actor) => [
  { id: null, displayName: NO_ONE_CHOSEN },
  ...(await activeInCategory(ctx, actor.companyId, { name: ADMIN_CATEGORY_NAME })).map((employee) => ({
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

/** SPEC §7 GET employee/service — the active employees of the company's service employee category. */
export const listServiceWorkers = async (ctx: AppContext, actor: Actor) => {
  const company = await getCompanyInfo(ctx, actor);
  if (!company.serviceEmployeeCategory) return [];
  return activeInCategory(ctx, actor.companyId, { id: company.serviceEmployeeCategory.id });
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

/** Names of the given employee categories of the company, by id. */
export const employeeCategorySummaries = async (ctx: AppContext, companyId: string, ids: string[]) => {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map<string, { id: string; name: string }>();
  const rows = await ctx.db
    .select({ id: employeeCategories.id, name: employeeCategories.name })
    .from(employeeCategories)
    .where(and(eq(employeeCategories.companyId, companyId), inArray(employeeCategories.id, unique)));
  return new Map(rows.map((row) => [row.id, row]));
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
/** The employee record(s) of a user in the company, as a subquery other modules can filter by. */
export const employeeIdsOfUser = (db: Executor, companyId: string, userId: string) =>
  db
    .select({ id: employees.id })
    .from(employees)
    .where(and(eq(employees.companyId, companyId), eq(employees.userId, userId)));

/** The users the given employees are, by employee id (whom a notification about an employee's record goes to). */
export const userIdsOfEmployees = async (db: Executor, companyId: string, employeeIds: readonly string[]) => {
  const unique = [...new Set(employeeIds)];
  if (unique.length === 0) return new Map<string, string>();
  const rows = await db
    .select({ id: employees.id, userId: employees.userId })
    .from(employees)
    .where(and(eq(employees.companyId, companyId), inArray(employees.id, unique)));
  return new Map(rows.flatMap((row) => (row.userId ? [[row.id, row.userId] as const] : [])));
};

export const employeeIdOfUser = async (ctx: AppContext, companyId: string, userId: string) => {
  const [row] = await ctx.db
    .select({ id: employees.id })
    .from(employees)
    .where(and(eq(employees.companyId, companyId), eq(employees.userId, userId)))
    .limit(1);
  return row?.id ?? null;
};

/**
 * Makes `employeeId` (or nobody) the employee `userId` is in the company, inside the caller's
 * transaction: any other employee linked to the user is let go. The employee must be the company's
 * and not already another user's (VALIDATION on `employeeId` otherwise). Returns whether anything changed.
 */
export const linkEmployeeToUser = async (
  tx: Executor,
  companyId: string,
  userId: string,
  employeeId: string | null,
  now: Date,
) => {
  if (employeeId) {
    await assertReferencesInCompany(tx, companyId, { employeeId: [EMPLOYEES_REFERABLE, employeeId] });
    const [chosen] = await tx
      .select({ userId: employees.userId })
      .from(employees)
      .where(and(eq(employees.companyId, companyId), eq(employees.id, employeeId)))
      .for('update');
    if (chosen?.userId && chosen.userId !== userId) {
      throw validationError({ employeeId: VALIDATION_MESSAGE_KEYS.employeeTaken });
    }
  }
  const released = await tx
    .update(employees)
    .set({ userId: null, updatedAt: now })
    .where(
      and(
        eq(employees.companyId, companyId),
        eq(employees.userId, userId),
        employeeId ? ne(employees.id, employeeId) : undefined,
      ),
    )
    .returning({ id: employees.id });
  const linked = employeeId
    ? await tx
        .update(employees)
        .set({ userId, updatedAt: now })
        .where(
          and(
            eq(employees.companyId, companyId),
            eq(employees.id, employeeId),
            or(isNull(employees.userId), ne(employees.userId, userId)),
          ),
        )
        .returning({ id: employees.id })
    : [];
  return released.length + linked.length > 0;
};

/** A deleted user is nobody's employee any more, in any company (the employee can get a new user). */
export const unlinkEmployeesOfUser = async (tx: Executor, userId: string, now: Date) =>
  (
    await tx
      .update(employees)
      .set({ userId: null, updatedAt: now })
      .where(eq(employees.userId, userId))
      .returning({ companyId: employees.companyId })
  ).map((row) => row.companyId);

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
