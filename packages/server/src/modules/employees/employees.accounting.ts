import { CUSTOMER_PUSHES } from '@karm/domain/contract';
import { and, eq, isNotNull, notInArray, sql } from 'drizzle-orm';
import type {
  AccountingDepartment,
  AccountingEmployee,
  AccountingEmployeeCategory,
} from '../../integrations/accounting/port';
import type { AppContext } from '../../platform/context';
import { departments, employeeCategories, employees } from './employees.tables';

/**
 * The employee side of the accounting sync. Tripletex has no `changedSince` for employees, so each
 * sync compares the full lists by id and version; employees gone from it become inactive.
 */
export type Counts = { created: number; updated: number; unchanged: number };
const newCounts = (): Counts => ({ created: 0, updated: 0, unchanged: 0 });

export const applyRemoteDepartments = async (
  ctx: AppContext,
  companyId: string,
  remote: AccountingDepartment[],
) => {
  const counts = newCounts();
  for (const department of remote) {
    const [existing] = await ctx.db
      .select()
      .from(departments)
      .where(and(eq(departments.companyId, companyId), eq(departments.accountingId, department.externalId)));
    const values = {
      name: department.name,
      departmentNumber: department.departmentNumber,
      isInactive: department.isInactive,
    };
    if (!existing) {
      await ctx.db.insert(departments).values({ companyId, accountingId: department.externalId, ...values });
      counts.created++;
    } else if (
      existing.name !== values.name ||
      existing.departmentNumber !== values.departmentNumber ||
      existing.isInactive !== values.isInactive
    ) {
      await ctx.db
        .update(departments)
        .set({ ...values, updatedAt: ctx.clock.now(), version: sql`${departments.version} + 1` })
        .where(eq(departments.id, existing.id));
      counts.updated++;
    } else counts.unchanged++;
  }
  return counts;
};

export const applyRemoteCategories = async (
  ctx: AppContext,
  companyId: string,
  remote: AccountingEmployeeCategory[],
) => {
  const counts = newCounts();
  for (const category of remote) {
    const [existing] = await ctx.db
      .select()
      .from(employeeCategories)
      .where(
        and(
          eq(employeeCategories.companyId, companyId),
          // A category Karm made by hand with the same name is the same category.
          sql`(${employeeCategories.accountingId} = ${category.externalId} or (${employeeCategories.accountingId} is null and ${employeeCategories.name} = ${category.name}))`,
        ),
      );
    if (!existing) {
      await ctx.db.insert(employeeCategories).values({
        companyId,
        accountingId: category.externalId,
        name: category.name,
        number: category.number,
      });
      counts.created++;
    } else if (
      existing.name !== category.name ||
      existing.number !== category.number ||
      existing.accountingId !== category.externalId
    ) {
      await ctx.db
        .update(employeeCategories)
        .set({ name: category.name, number: category.number, accountingId: category.externalId })
        .where(eq(employeeCategories.id, existing.id));
      counts.updated++;
    } else counts.unchanged++;
  }
  return counts;
};

const idsByAccountingId = async (ctx: AppContext, companyId: string) => {
  const [categoryRows, departmentRows] = await Promise.all([
    ctx.db
      .select({ id: employeeCategories.id, accountingId: employeeCategories.accountingId })
      .from(employeeCategories)
      .where(eq(employeeCategories.companyId, companyId)),
    ctx.db
      .select({ id: departments.id, accountingId: departments.accountingId })
      .from(departments)
      .where(eq(departments.companyId, companyId)),
  ]);
  const toMap = (rows: { id: string; accountingId: string | null }[]) =>
    new Map(rows.filter((row) => row.accountingId).map((row) => [row.accountingId as string, row.id]));
  return { categories: toMap(categoryRows), departments: toMap(departmentRows) };
};

/** Applies the full employee list; call with every page gathered (absence means "gone"). */
export const applyRemoteEmployees = async (
  ctx: AppContext,
  companyId: string,
  remote: AccountingEmployee[],
) => {
  const counts = newCounts();
  const lookups = await idsByAccountingId(ctx, companyId);
  const now = ctx.clock.now();
  for (const employee of remote) {
    const values = {
      firstName: employee.firstName,
      lastName: employee.lastName,
      displayName: employee.displayName,
      email: employee.email,
      phoneNumberMobile: employee.phoneNumberMobile,
      birthDate: employee.dateOfBirth,
      employmentDate: employee.employmentStartDate,
      employeeCategoryId: employee.categoryExternalId
        ? (lookups.categories.get(employee.categoryExternalId) ?? null)
        : null,
      departmentId: employee.departmentExternalId
        ? (lookups.departments.get(employee.departmentExternalId) ?? null)
        : null,
      accountingVersion: employee.version,
      isActive: true,
    };
    const [existing] = await ctx.db
      .select()
      .from(employees)
      .where(and(eq(employees.companyId, companyId), eq(employees.accountingId, employee.externalId)));
    if (!existing) {
      await ctx.db.insert(employees).values({ companyId, accountingId: employee.externalId, ...values });
      counts.created++;
    } else if (existing.accountingVersion !== employee.version || !existing.isActive) {
      await ctx.db
        .update(employees)
        .set({ ...values, updatedAt: now, version: sql`${employees.version} + 1` })
        .where(eq(employees.id, existing.id));
      counts.updated++;
    } else counts.unchanged++;
  }
  const present = remote.map((employee) => employee.externalId);
  const gone = await ctx.db
    .update(employees)
    .set({ isActive: false, updatedAt: now })
    .where(
      and(
        eq(employees.companyId, companyId),
        isNotNull(employees.accountingId),
        eq(employees.isActive, true),
        present.length > 0 ? notInArray(employees.accountingId, present) : undefined,
      ),
    )
    .returning({ id: employees.id });
  counts.updated += gone.length;
  if (counts.created + counts.updated > 0)
    ctx.realtime.toCompany(companyId, CUSTOMER_PUSHES.employeesChanged);
  return counts;
};
