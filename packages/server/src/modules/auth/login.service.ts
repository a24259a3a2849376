import type {
  changePasswordInputSchema,
  LoginResult,
  loginInputSchema,
  MembershipRole,
} from '@karm/domain/contract';
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { decoyPasswordHash, hashPassword, verifyPassword } from '../../platform/auth/passwords';
import type { Actor, AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { getCompanyChoices } from '../company/company.service';
import { users } from './auth.tables';
import {
  accountKey,
  clearAttempts,
  countAttempt,
  hasSignedInFrom,
  rememberSignIn,
  THROTTLE,
  uncountAttempt,
} from './login-throttle';
import { createSession, pushSignedOut, revokeSessionsOfUser } from './sessions.service';
import { toUserDto } from './user-dto';
import { findActiveUserByLogin, membershipsOf } from './users.repository';

/** SPEC §8: the exact sign-in failure text. */
export const WRONG_CREDENTIALS_MESSAGE = 'Wrong username and/or password.';

const wrongCredentials = () => new AppError('INVALID_CREDENTIALS', WRONG_CREDENTIALS_MESSAGE);

/**
 * Checks a username (or e-mail) and password, throttled per account and address (login-throttle.ts):
 * the attempt is counted before the password is checked. Unknown users cost the same time as
 * wrong passwords, so the answer does not reveal which accounts exist.
 */
const verifyCredentials = async (ctx: AppContext, login: string, password: string, address: string) => {
  const user = await findActiveUserByLogin(ctx.db, login);
  const pair = accountKey(login, address);
  await countAttempt(ctx, THROTTLE.loginPair, pair);
  const isKnownHere = user ? await hasSignedInFrom(ctx, user.id, address) : false;
  if (!isKnownHere) await countAttempt(ctx, THROTTLE.loginAddress, address);
  let isValid: boolean;
  try {
    isValid = await verifyPassword(password, user?.passwordHash ?? (await decoyPasswordHash()));
  } catch (error) {
    // Not evaluated (server busy): the attempt must not count against the person.
    await uncountAttempt(ctx, THROTTLE.loginPair, pair);
    if (!isKnownHere) await uncountAttempt(ctx, THROTTLE.loginAddress, address);
    throw error;
  }
  if (!user || !isValid) throw wrongCredentials();
  await clearAttempts(ctx, THROTTLE.loginPair, pair);
  if (!isKnownHere) await uncountAttempt(ctx, THROTTLE.loginAddress, address);
  await rememberSignIn(ctx, user.id, address);
  return user;
};

/** SPEC §4/§7 authenticate: credentials in, access token and user out (and the new session). */
export const login = async (
  ctx: AppContext,
  input: z.output<typeof loginInputSchema>,
  address: string,
): Promise<{ actor: Actor; result: LoginResult }> => {
  const user = await verifyCredentials(ctx, input.username, input.password, address);
  const userMemberships = await membershipsOf(ctx.db, user.id);
  if (userMemberships.length === 0) throw wrongCredentials();

  const chosen = input.companyId
    ? userMemberships.find((membership) => membership.companyId === input.companyId)
    : userMemberships.length === 1
      ? userMemberships[0]
      : undefined;
  if (!chosen) {
    // Only after the password checked out does the answer name the user's companies.
    const companies = await getCompanyChoices(
      ctx.db,
      userMemberships.map((membership) => membership.companyId),
    );
    throw new AppError('COMPANY_REQUIRED', 'Please select a company', { companies });
  }

  const { accessToken, session } = await createSession(ctx, ctx.db, user.id, chosen.companyId);
  const role = chosen.role as MembershipRole;
  ctx.logger.info({ userId: user.id, companyId: chosen.companyId }, 'signed in');
  const actor: Actor = { sessionId: session.id, userId: user.id, companyId: chosen.companyId, role };
  return { actor, result: { accessToken, user: toUserDto(user, role), companyId: chosen.companyId } };
};

/**
 * Changes a password given the current one (from the login page or the profile). Every session of
 * the user ends, except the one asking, if any.
 */
export const changePassword = async (
  ctx: AppContext,
  input: z.output<typeof changePasswordInputSchema>,
  address: string,
  currentSessionId?: string,
) => {
  const user = await verifyCredentials(ctx, input.username, input.currentPassword, address);
  const passwordHash = await hashPassword(input.newPassword);
  const revoked = await ctx.db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ passwordHash, updatedAt: ctx.clock.now(), version: sql`${users.version} + 1` })
      .where(eq(users.id, user.id));
    return revokeSessionsOfUser(ctx, tx, user.id, currentSessionId);
  });
  pushSignedOut(ctx, revoked);
  return { ok: true as const };
};
