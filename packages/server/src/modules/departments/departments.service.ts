import {
  CUSTOMER_PUSHES,
  DEPARTMENT_LIMITS,
  type DepartmentAdminDto,
  type departmentAddSchema,
  type departmentDeleteSchema,
  type departmentUpdateSchema,
} from '@karm/domain/contract';
import { VALIDATION_MESSAGE_KEYS as MESSAGES, messageWithParams } from '@karm/domain/rules';
import { and, asc, count, eq, isNotNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Actor, AppContext } from '../../platform/context';
import type { Executor } from '../../platform/db/client';
import { AppError, conflict, notFound, validationError } from '../../platform/errors';
import { companies } from '../company/company.tables';
import { departments, employees } from '../employees/employees.tables';
import { projectsPerDepartment } from '../projects/project-codes';

/**
 * The admin list of departments (admin tab "projects"): a company's own departments are edited here;
 * those the accounting system keeps are shown read-only, since its next sync would undo a change.
 */

type DepartmentRow = typeof departments.$inferSelect;

/** How many records point at each of the company's departments: projects, employees, service settings. */
const usagePerDepartment = async (db: Executor, companyId: string) => {
  const usage = new Map<string, number>();
  const add = (id: string | null, amount: number) => {
    if (id) usage.set(id, (usage.get(id) ?? 0) + amount);
  };
  for (const row of await projectsPerDepartment(db, companyId)) add(row.departmentId, row.count);
  const employeeCounts = await db
    .select({ departmentId: employees.departmentId, count: count() })
    .from(employees)
    .where(and(eq(employees.companyId, companyId), isNotNull(employees.departmentId)))
    .groupBy(employees.departmentId);
  for (const row of employeeCounts) add(row.departmentId, row.count);
  const [company] = await db
    .select({ serviceDepartmentId: companies.serviceDepartmentId })
    .from(companies)
    .where(eq(companies.id, companyId));
  add(company?.serviceDepartmentId ?? null, 1);
  return usage;
};

const toAdminDto = (row: DepartmentRow, usage: Map<string, number>): DepartmentAdminDto => ({
  id: row.id,
  name: row.name,
  departmentNumber: row.departmentNumber,
  isActive: !row.isInactive,
  fromAccounting: row.accountingId !== null,
  usage: usage.get(row.id) ?? 0,
  version: row.version,
});

const departmentRows = (db: Executor, companyId: string) =>
  db
    .select()
    .from(departments)
    .where(eq(departments.companyId, companyId))
    .orderBy(asc(sql`lower(${departments.name})`), asc(departments.createdAt));

/** department:list — every department, inactive ones too, in name order with its usage. */
export const listDepartmentsForAdmin = async (
  ctx: AppContext,
  actor: Actor,
): Promise<DepartmentAdminDto[]> => {
  const [rows, usage] = await Promise.all([
    departmentRows(ctx.db, actor.companyId),
    usagePerDepartment(ctx.db, actor.companyId),
  ]);
  return rows.map((row) => toAdminDto(row, usage));
};

/** Open forms re-read their department lists on the employees push (lib/api/employees.ts). */
const changed = (ctx: AppContext, actor: Actor) => {
  ctx.realtime.toCompany(actor.companyId, CUSTOMER_PUSHES.employeesChanged);
  return listDepartmentsForAdmin(ctx, actor);
};

/** The company's own department at the version the client read; the accounting system's are read-only. */
const ownEditableDepartment = async (tx: Executor, companyId: string, id: string, version: number) => {
  const [row] = await tx
    .select()
    .from(departments)
    .where(and(eq(departments.companyId, companyId), eq(departments.id, id)))
    .for('update');
  if (!row) throw notFound('Department');
  if (row.accountingId !== null) {
    throw new AppError('CONFLICT', 'The department is kept by the accounting system', {
      reason: 'departmentFromAccounting',
    });
  }
  if (row.version !== version) {
    throw conflict('The department was changed by someone else', { currentVersion: row.version });
  }
  return row;
};

/** department:add — a department of the company's own (not sent to the accounting system). */
export const addDepartment = async (
  ctx: AppContext,
  actor: Actor,
  input: z.output<typeof departmentAddSchema>,
) => {
  await ctx.db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ count: count() })
      .from(departments)
      .where(eq(departments.companyId, actor.companyId));
    if ((existing?.count ?? 0) >= DEPARTMENT_LIMITS.departments) {
      throw validationError(
        { name: messageWithParams(MESSAGES.tooMany, { max: DEPARTMENT_LIMITS.departments }) },
        'The company has the most departments allowed',
      );
    }
    const now = ctx.clock.now();
    await tx.insert(departments).values({
      companyId: actor.companyId,
      name: input.name,
      departmentNumber: input.departmentNumber,
      createdAt: now,
      updatedAt: now,
    });
  });
  return changed(ctx, actor);
};

/** department:upd — renames, renumbers or (de)activates one of the company's own departments. */
export const updateDepartment = async (
  ctx: AppContext,
  actor: Actor,
  input: z.output<typeof departmentUpdateSchema>,
) => {
  const { name, departmentNumber, isActive } = input.values;
  await ctx.db.transaction(async (tx) => {
    const row = await ownEditableDepartment(tx, actor.companyId, input.id, input.version);
    await tx
      .update(departments)
      .set({
        ...(name !== undefined && { name }),
        ...(departmentNumber !== undefined && { departmentNumber }),
        ...(isActive !== undefined && { isInactive: !isActive }),
        updatedAt: ctx.clock.now(),
        version: row.version + 1,
      })
      .where(eq(departments.id, row.id));
  });
  return changed(ctx, actor);
};

/**
 * department:del — removes a department of the company's own that nothing points at. One in use is
 * refused with CONFLICT, the reason `valueInUse` and the count, so the client offers to deactivate it.
 */
export const deleteDepartment = async (
  ctx: AppContext,
  actor: Actor,
  input: z.output<typeof departmentDeleteSchema>,
) => {
  await ctx.db.transaction(async (tx) => {
    const row = await ownEditableDepartment(tx, actor.companyId, input.id, input.version);
    const usage = (await usagePerDepartment(tx, actor.companyId)).get(row.id) ?? 0;
    if (usage > 0) {
      throw new AppError('CONFLICT', `The department is used by ${usage} records`, {
        reason: 'valueInUse',
        usage,
      });
    }
    await tx.delete(departments).where(eq(departments.id, row.id));
  });
  return changed(ctx, actor);
};
