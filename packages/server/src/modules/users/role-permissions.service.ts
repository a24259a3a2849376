import {
  overridesOf,
  type Permission,
  type PermissionOverride,
  permissionsOfRole,
  type Role,
  type RolePermissionsDto,
  type RolePermissionsUpdate,
  roleGrantsOf,
  USERS_PUSHES,
} from '@karm/domain/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Actor, AppContext } from '../../platform/context';
import type { Executor } from '../../platform/db/client';
import { conflict } from '../../platform/errors';
import { rolePermissions } from './users.tables';

const overridesOfCompany = async (db: Executor, companyId: string) => {
  const [row] = await db.select().from(rolePermissions).where(eq(rolePermissions.companyId, companyId));
  return row;
};

/**
 * What a member of `role` may do in the company now: read on every request (one primary-key lookup),
 * so a change of the company's role permissions applies to everybody's next request, on every instance.
 */
export const permissionsOf = async (
  db: Executor,
  companyId: string,
  role: Role,
): Promise<ReadonlySet<Permission>> =>
  permissionsOfRole(
    role,
    role === 'admin' ? [] : ((await overridesOfCompany(db, companyId))?.overrides ?? []),
  );

const toDto = (overrides: readonly PermissionOverride[], version: number): RolePermissionsDto => ({
  grants: roleGrantsOf(overrides),
  defaults: roleGrantsOf(),
  version,
});

/** The company's role permissions for the permission screen (a company that changed nothing is at version 1). */
export const getRolePermissions = async (ctx: AppContext, actor: Actor): Promise<RolePermissionsDto> => {
  const row = await overridesOfCompany(ctx.db, actor.companyId);
  return toDto(row?.overrides ?? [], row?.version ?? 1);
};

/**
 * Saves which role holds which permission, at the version the administrator saw. Administrators
 * always hold every permission and the administrators-only permissions are never granted to another
 * role (the domain drops such grants). Every signed-in client of the company is told, and fetches its
 * own permissions again.
 */
export const updateRolePermissions = async (
  ctx: AppContext,
  actor: Actor,
  input: RolePermissionsUpdate,
): Promise<RolePermissionsDto> => {
  const overrides = overridesOf(input.grants);
  const now = ctx.clock.now();
  const saved = await ctx.db.transaction(async (tx) => {
    const current = await overridesOfCompany(tx, actor.companyId);
    const currentVersion = current?.version ?? 1;
    if (currentVersion !== input.version) {
      throw conflict('The role permissions were changed by someone else', { currentVersion });
    }
    if (!current) {
      const [inserted] = await tx
        .insert(rolePermissions)
        .values({
          companyId: actor.companyId,
          overrides,
          updatedAt: now,
          updatedBy: actor.userId,
          version: 2,
        })
        .onConflictDoNothing()
        .returning();
      // Two first saves at once: the other one won.
      if (!inserted)
        throw conflict('The role permissions were changed by someone else', { currentVersion: 2 });
      return inserted;
    }
    const [updated] = await tx
      .update(rolePermissions)
      .set({
        overrides,
        updatedAt: now,
        updatedBy: actor.userId,
        version: sql`${rolePermissions.version} + 1`,
      })
      .where(and(eq(rolePermissions.companyId, actor.companyId), eq(rolePermissions.version, input.version)))
      .returning();
    if (!updated) throw conflict('The role permissions were changed by someone else', { currentVersion });
    return updated;
  });
  const dto = toDto(saved.overrides, saved.version);
  ctx.realtime.toCompany(actor.companyId, USERS_PUSHES.permissionsChanged, { version: dto.version });
  return dto;
};
