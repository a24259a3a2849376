import {
  CUSTOMER_PUSHES,
  PLAN_PUSHES,
  type WorkGroupMemberDto,
  type workGroupAssignSchema,
} from '@karm/domain/contract';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Actor, AppContext } from '../../platform/context';
import type { Executor } from '../../platform/db/client';
import { conflict, notFound } from '../../platform/errors';
import { assertCollectionKeys } from '../collections/collection-values';
import { employees } from './employees.tables';

/**
 * Who is in which work group of the resource planner (admin tab "resource planner", issue 14). The
 * groups themselves are the company's admin-managed list `workGroup` (collections); an employee
 * carries one key of it or none. Moving an employee regroups every open planner.
 */

const nameOf = (row: { firstName: string; lastName: string; displayName: string }) =>
  row.displayName || [row.firstName, row.lastName].filter(Boolean).join(' ');

const memberColumns = {
  id: employees.id,
  firstName: employees.firstName,
  lastName: employees.lastName,
  displayName: employees.displayName,
  workGroup: employees.workGroup,
  version: employees.version,
};

const toMemberDto = (row: {
  id: string;
  firstName: string;
  lastName: string;
  displayName: string;
  workGroup: string | null;
  version: number;
}): WorkGroupMemberDto => ({ id: row.id, name: nameOf(row), workGroup: row.workGroup, version: row.version });

/** planner:work-group-members — the company's active employees by name, each with their group. */
export const listWorkGroupMembers = async (ctx: AppContext, actor: Actor): Promise<WorkGroupMemberDto[]> =>
  (
    await ctx.db
      .select(memberColumns)
      .from(employees)
      .where(and(eq(employees.companyId, actor.companyId), eq(employees.isActive, true)))
      .orderBy(
        asc(sql`lower(${employees.firstName})`),
        asc(sql`lower(${employees.lastName})`),
        asc(employees.id),
      )
  ).map(toMemberDto);

/**
 * planner:assign-work-group — puts an employee in a group of the company's list (or none) at the
 * version read. Open planners re-read (their rows regroup) and pick lists refresh.
 */
export const assignWorkGroup = async (
  ctx: AppContext,
  actor: Actor,
  input: z.output<typeof workGroupAssignSchema>,
): Promise<WorkGroupMemberDto> => {
  const member = await ctx.db.transaction(async (tx) => {
    await assertCollectionKeys(tx, actor.companyId, { workGroup: ['workGroup', input.workGroup] });
    const [current] = await tx
      .select({ version: employees.version, isActive: employees.isActive })
      .from(employees)
      .where(and(eq(employees.companyId, actor.companyId), eq(employees.id, input.employeeId)))
      .for('update');
    if (!current?.isActive) throw notFound('Employee');
    if (current.version !== input.version) {
      throw conflict('The employee was changed by someone else', { currentVersion: current.version });
    }
    const [updated] = await tx
      .update(employees)
      .set({ workGroup: input.workGroup, version: sql`${employees.version} + 1`, updatedAt: ctx.clock.now() })
      .where(and(eq(employees.companyId, actor.companyId), eq(employees.id, input.employeeId)))
      .returning(memberColumns);
    if (!updated) throw notFound('Employee');
    return toMemberDto(updated);
  });
  ctx.realtime.toCompany(actor.companyId, CUSTOMER_PUSHES.employeesChanged);
  ctx.realtime.toCompany(actor.companyId, PLAN_PUSHES.refreshed, {});
  return member;
};

/** How many of the company's employees (inactive ones too) are in the group: a group in use is kept. */
export const employeesInWorkGroup = async (db: Executor, companyId: string, key: string) => {
  const [row] = await db
    .select({ count: count() })
    .from(employees)
    .where(and(eq(employees.companyId, companyId), eq(employees.workGroup, key)));
  return row?.count ?? 0;
};

/** The users of the company's active employees in each work group (who a message to a group reaches). */
export const userIdsByWorkGroup = async (db: Executor, companyId: string) => {
  const rows = await db
    .select({ workGroup: employees.workGroup, userId: employees.userId })
    .from(employees)
    .where(
      and(
        eq(employees.companyId, companyId),
        eq(employees.isActive, true),
        sql`${employees.workGroup} is not null and ${employees.userId} is not null`,
      ),
    );
  const groups = new Map<string, Set<string>>();
  for (const row of rows) {
    if (!row.workGroup || !row.userId) continue;
    const group = groups.get(row.workGroup) ?? new Set<string>();
    group.add(row.userId);
    groups.set(row.workGroup, group);
  }
  return groups;
};
