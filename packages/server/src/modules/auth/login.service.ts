import type { changePasswordInputSchema, LoginResult, loginInputSchema } from '@karm/domain/contract';
import { VALIDATION_MESSAGE_KEYS as MESSAGES } from '@karm/domain/rules';
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
import {
  pushSignedOut,
  revokeSessionsOfUser,
  type SignInClient,
  startSignedInSession,
} from './sessions.service';
import { requireSecondFactorIfNeeded } from './sign-in-challenge.service';
import { isEnabled, twoFactorOf } from './two-factor-credentials';
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

/**
 * SPEC §4/§7 authenticate: credentials in, access token and user out (and the new session) — or,
 * when a second factor is needed, SECOND_FACTOR_REQUIRED with a challenge (sign-in-challenge.service).
 */
export const login = async (
  ctx: AppContext,
  input: z.output<typeof loginInputSchema>,
  client: SignInClient,
): Promise<{ actor: Actor; result: LoginResult }> => {
  const user = await verifyCredentials(ctx, input.username, input.password, client.address);
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

  // With two-factor sign-in (or when the company requires it of this administrator) the password
  // alone opens no session: the answer is a challenge for the second step.
  await requireSecondFactorIfNeeded(ctx, chosen);
  return startSignedInSession(ctx, ctx.db, user, chosen, client);
};

/**
 * Changes a password given the current one (from the login page or the profile). Every session of
 * the user ends, except the one asking, if any.
 */
export const changePassword = async (
  ctx: AppContext,
  input: z.output<typeof changePasswordInputSchema>,
  address: string,
  current?: { sessionId: string; userId: string } | null,
) => {
  const user = await verifyCredentials(ctx, input.username, input.currentPassword, address);
  // With two-factor sign-in the password alone is not enough to change it: a stolen password must
  // not lock the owner out. They change it on their profile, signed in with both factors.
  if (current?.userId !== user.id && isEnabled(await twoFactorOf(ctx.db, user.id))) {
    throw new AppError('FORBIDDEN', MESSAGES.twoFactorChangePasswordSignedIn);
  }
  const passwordHash = await hashPassword(input.newPassword);
  const revoked = await ctx.db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ passwordHash, updatedAt: ctx.clock.now(), version: sql`${users.version} + 1` })
      .where(eq(users.id, user.id));
    return revokeSessionsOfUser(
      ctx,
      tx,
      user.id,
      current?.userId === user.id ? current.sessionId : undefined,
    );
  });
  pushSignedOut(ctx, revoked, user.id);
  return { ok: true as const };
};
