import { CUSTOMER_PUSHES, type UserAdminDto } from '@karm/domain/contract';
import { VALIDATION_MESSAGE_KEYS as MESSAGES } from '@karm/domain/rules';
import type { Actor, AppContext } from '../../platform/context';
import type { Executor } from '../../platform/db/client';
import { AppError, conflict } from '../../platform/errors';
import { type Member, tombstoneAccount, updateAccount } from '../auth/accounts.repository';
import { revokeUnusedLinks } from '../auth/password-reset.service';
import { pushSignedOut, revokeSessionsOfUser } from '../auth/sessions.service';
import { membershipsOf } from '../auth/users.repository';
import { unlinkEmployeesOfUser } from '../employees/employees.service';
import { mailInvitation, storeInvitationToken } from './invitation';
import { toUserAdminDto } from './user-admin-dto';
import { assertKeepsAnAdministrator, assertNotSelf, memberToChange, tellCompanies } from './user-rules';

type Target = { id: string; version: number };

const companyIdsOf = async (tx: Executor, userId: string) =>
  (await membershipsOf(tx, userId)).map((membership) => membership.companyId);

/**
 * The user can no longer sign in: every session ends at once (their open tabs are told and go to
 * the login page), unused set-password links stop working. Never oneself, never a company's last
 * active administrator.
 */
export const deactivateUser = async (
  ctx: AppContext,
  actor: Actor,
  target: Target,
): Promise<UserAdminDto> => {
  assertNotSelf(actor, target.id, 'deactivate');
  const now = ctx.clock.now();
  const done = await ctx.db.transaction(async (tx) => {
    const member = await memberToChange(ctx, tx, actor, target);
    const companyIds = await companyIdsOf(tx, target.id);
    await assertKeepsAnAdministrator(tx, companyIds, target.id);
    const user = await updateAccount(tx, target.id, target.version, { isActive: false }, now);
    if (!user) throw conflict('The user was changed by someone else');
    await revokeUnusedLinks(tx, target.id, now);
    const signedOut = await revokeSessionsOfUser(ctx, tx, target.id);
    return { member: { user, role: member.role } satisfies Member, companyIds, signedOut };
  });
  pushSignedOut(ctx, done.signedOut);
  tellCompanies(ctx, done.companyIds, target.id);
  return toUserAdminDto(ctx, actor, done.member);
};

/** The user may sign in again (with the password they had). */
export const reactivateUser = async (
  ctx: AppContext,
  actor: Actor,
  target: Target,
): Promise<UserAdminDto> => {
  const now = ctx.clock.now();
  const done = await ctx.db.transaction(async (tx) => {
    const member = await memberToChange(ctx, tx, actor, target);
    const user = await updateAccount(tx, target.id, target.version, { isActive: true }, now);
    if (!user) throw conflict('The user was changed by someone else');
    return {
      member: { user, role: member.role } satisfies Member,
      companyIds: await companyIdsOf(tx, target.id),
    };
  });
  tellCompanies(ctx, done.companyIds, target.id);
  return toUserAdminDto(ctx, actor, done.member);
};

/**
 * Deletes a user: never oneself (SPEC §5), never a company's last active administrator. The account
 * stays as a tombstone that keeps only the name, so history rows (who archived an inquiry, who changed
 * an offer) stay readable; the login, contact details, sessions, links, memberships and employee
 * link go, and the username and e-mail address are free for someone else.
 */
export const deleteUser = async (ctx: AppContext, actor: Actor, target: Target) => {
  assertNotSelf(actor, target.id, 'delete');
  const now = ctx.clock.now();
  const done = await ctx.db.transaction(async (tx) => {
    await memberToChange(ctx, tx, actor, target);
    const companyIds = await companyIdsOf(tx, target.id);
    await assertKeepsAnAdministrator(tx, companyIds, target.id);
    await revokeUnusedLinks(tx, target.id, now);
    const signedOut = await revokeSessionsOfUser(ctx, tx, target.id);
    const employeeCompanyIds = await unlinkEmployeesOfUser(tx, target.id, now);
    if (!(await tombstoneAccount(tx, target.id, target.version, now))) {
      throw conflict('The user was changed by someone else');
    }
    return { companyIds, signedOut, employeeCompanyIds };
  });
  pushSignedOut(ctx, done.signedOut);
  tellCompanies(ctx, done.companyIds, target.id);
  for (const companyId of new Set(done.employeeCompanyIds)) {
    ctx.realtime.toCompany(companyId, CUSTOMER_PUSHES.employeesChanged);
  }
  return { id: target.id };
};

/** Mails a waiting invitation again with a new link; the older link stops working. */
export const sendInvitationAgain = async (ctx: AppContext, actor: Actor, target: { id: string }) => {
  const now = ctx.clock.now();
  const invited = await ctx.db.transaction(async (tx) => {
    const member = await memberToChange(ctx, tx, actor, target);
    if (!member.user.invitedAt) {
      throw new AppError('VALIDATION', MESSAGES.invitationNotPending, { reason: 'invitationNotPending' });
    }
    if (!member.user.email) {
      throw new AppError('VALIDATION', MESSAGES.emailNeededForInvitation, { reason: 'noEmail' });
    }
    return { user: member.user, token: await storeInvitationToken(tx, target.id, now) };
  });
  await mailInvitation(ctx, actor, invited.user, invited.token);
  return { ok: true as const };
};
