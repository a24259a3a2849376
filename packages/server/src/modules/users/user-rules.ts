import { type Role, USERS_PUSHES } from '@karm/domain/contract';
import { VALIDATION_MESSAGE_KEYS as MESSAGES } from '@karm/domain/rules';
import type { Actor, AppContext } from '../../platform/context';
import type { Executor } from '../../platform/db/client';
import { AppError, conflict, notFound, validationError } from '../../platform/errors';
import { findMember, liveSessionIdsIn, lockedActiveAdminIds } from '../auth/accounts.repository';
import { toUserDto } from '../auth/user-dto';
import { assertMayManageUser } from '../auth/user-management';
import { permissionsOf } from './role-permissions.service';

/**
 * The member an administrator is about to change, read inside the change's transaction: NOT_FOUND
 * unless they belong to the actor's company (another company's user is answered like a missing one),
 * FORBIDDEN unless the actor administers every company they belong to, CONFLICT when the version the
 * administrator saw is no longer theirs.
 */
export const memberToChange = async (
  ctx: AppContext,
  tx: Executor,
  actor: Actor,
  target: { id: string; version?: number },
) => {
  const member = await findMember(tx, actor.companyId, target.id);
  if (!member) throw notFound('User');
  await assertMayManageUser(ctx, actor, target.id, tx);
  if (target.version !== undefined && member.user.version !== target.version) {
    throw conflict('The user was changed by someone else', { currentVersion: member.user.version });
  }
  return member;
};

/**
 * SPEC §5: a user never deletes themselves; nor do they deactivate themselves (their session would
 * end with it). Changing one's own role is allowed, as long as the company keeps an administrator.
 */
export const assertNotSelf = (actor: Actor, userId: string, refusal: 'delete' | 'deactivate') => {
  if (actor.userId !== userId) return;
  const [message, reason] =
    refusal === 'delete'
      ? [MESSAGES.cannotDeleteSelf, 'cannotDeleteSelf']
      : [MESSAGES.cannotDeactivateSelf, 'cannotDeactivateSelf'];
  throw new AppError('VALIDATION', message, { reason });
};

/**
 * Refuses a change that would leave one of these companies without an active administrator: the
 * user is its only one. Run inside the change's transaction (the administrators are locked there).
 */
export const assertKeepsAnAdministrator = async (
  tx: Executor,
  companyIds: readonly string[],
  userId: string,
  options: { field?: 'role' } = {},
) => {
  for (const companyId of companyIds) {
    const admins = await lockedActiveAdminIds(tx, companyId);
    if (admins.length === 1 && admins[0] === userId) {
      if (options.field) throw validationError({ [options.field]: MESSAGES.lastAdministrator });
      throw new AppError('VALIDATION', MESSAGES.lastAdministrator, { reason: 'lastAdministrator' });
    }
  }
};

/** Open user lists of these companies refresh (the payload names only the user). */
export const tellCompanies = (ctx: AppContext, companyIds: readonly string[], userId: string) => {
  for (const companyId of companyIds)
    ctx.realtime.toCompany(companyId, USERS_PUSHES.usersChanged, { id: userId });
};

/**
 * A new role applies at the user's next request anyway (permissions are read with every session);
 * this tells their open tabs in the company at once, with their new permissions, so the drawer and
 * the screens shrink or grow without signing in again.
 */
export const pushNewRole = async (ctx: AppContext, userId: string, companyId: string, role: Role) => {
  const member = await findMember(ctx.db, companyId, userId);
  if (!member) return;
  const permissions = await permissionsOf(ctx.db, companyId, role);
  const user = toUserDto(member.user, { role, permissions });
  for (const sessionId of await liveSessionIdsIn(ctx.db, userId, companyId, ctx.clock.now())) {
    ctx.realtime.setInAdminsRoom(sessionId, companyId, permissions.has('accounting.manage'));
    ctx.realtime.toSession(sessionId, USERS_PUSHES.roleChanged, user);
  }
};
