import {
  type EnrolledSignInResult,
  type enrolSetupInputSchema,
  type LoginResult,
  type SecondFactorChallenge,
  SIGN_IN_CHALLENGE_TTL_MINUTES,
  type secondFactorInputSchema,
  type TwoFactorSetup,
} from '@karm/domain/contract';
import { VALIDATION_MESSAGE_KEYS as MESSAGES } from '@karm/domain/rules';
import { and, eq, gt, isNotNull, isNull, lt, or } from 'drizzle-orm';
import type { z } from 'zod';
import { hashToken, newSecretToken } from '../../platform/auth/tokens';
import type { Actor, AppContext } from '../../platform/context';
import type { Executor } from '../../platform/db/client';
import { AppError, validationError } from '../../platform/errors';
import { companiesRequiringTwoFactor } from '../company/company.service';
import type { memberships } from './auth.tables';
import {
  pushSignedOut,
  revokeSessionsOfUser,
  type SignInClient,
  startSignedInSession,
} from './sessions.service';
import { signInChallenges } from './two-factor.tables';
import {
  acceptSecondFactor,
  beginSetup,
  countCodeAttempt,
  isEnabled,
  issueRecoveryCodes,
  markEnabled,
  setupMissing,
  twoFactorOf,
} from './two-factor-credentials';
import { findUserById, membershipOf } from './users.repository';

/**
 * The second sign-in step. After a correct password (and a chosen company), a person with two-factor
 * sign-in on — or an administrator of a company that requires it, who must set it up now — gets no
 * session but a challenge: a random token, stored hashed, that works once and for five minutes.
 * The session is made, exactly as a plain sign-in makes it, only when a right code comes with it.
 */

type Membership = typeof memberships.$inferSelect;
type Challenge = typeof signInChallenges.$inferSelect;

const challengeExpired = () =>
  validationError({ challengeToken: MESSAGES.twoFactorChallengeExpired }, MESSAGES.twoFactorChallengeExpired);

/** Which second step, if any, signing in to `membership`'s company takes. */
const secondStepFor = async (ctx: AppContext, membership: Membership) => {
  if (isEnabled(await twoFactorOf(ctx.db, membership.userId))) return 'code' as const;
  if (membership.role !== 'admin') return null;
  const requiring = await companiesRequiringTwoFactor(ctx.db, [membership.companyId]);
  return requiring.has(membership.companyId) ? ('enrol' as const) : null;
};

/**
 * Called by sign-in once the password is right and the company known: throws
 * SECOND_FACTOR_REQUIRED with a new challenge when a second step is needed, else returns.
 */
export const requireSecondFactorIfNeeded = async (ctx: AppContext, membership: Membership) => {
  const method = await secondStepFor(ctx, membership);
  if (!method) return;
  const challengeToken = newSecretToken();
  const now = ctx.clock.now();
  const expiresAt = new Date(now.getTime() + SIGN_IN_CHALLENGE_TTL_MINUTES * 60_000);
  await ctx.db.transaction(async (tx) => {
    // Spent challenges are of no further use; the user's own are cleared as new ones are made.
    await tx
      .delete(signInChallenges)
      .where(
        and(
          eq(signInChallenges.userId, membership.userId),
          or(isNotNull(signInChallenges.usedAt), lt(signInChallenges.expiresAt, now)),
        ),
      );
    await tx.insert(signInChallenges).values({
      tokenHash: hashToken(challengeToken),
      userId: membership.userId,
      companyId: membership.companyId,
      method,
      createdAt: now,
      expiresAt,
    });
  });
  const challenge: SecondFactorChallenge = { challengeToken, method, expiresAt: expiresAt.toISOString() };
  throw new AppError('SECOND_FACTOR_REQUIRED', 'Enter the code from your authenticator app.', challenge);
};

const isUsable = (now: Date) => and(isNull(signInChallenges.usedAt), gt(signInChallenges.expiresAt, now));

/** The live challenge behind a token, of the given method; else "sign in again". */
const findChallenge = async (ctx: AppContext, token: string, method: Challenge['method']) => {
  const [challenge] = await ctx.db
    .select()
    .from(signInChallenges)
    .where(
      and(
        eq(signInChallenges.tokenHash, hashToken(token)),
        eq(signInChallenges.method, method),
        isUsable(ctx.clock.now()),
      ),
    );
  if (!challenge) throw challengeExpired();
  return challenge;
};

/**
 * Uses the challenge up, inside the caller's transaction (so that a wrong code afterwards leaves it
 * usable), and finds who signs in to which company. A person deactivated or removed from the
 * company meanwhile is told to sign in again, which will then fail.
 */
const consumeChallenge = async (ctx: AppContext, tx: Executor, challenge: Challenge) => {
  const [consumed] = await tx
    .update(signInChallenges)
    .set({ usedAt: ctx.clock.now() })
    .where(and(eq(signInChallenges.id, challenge.id), isUsable(ctx.clock.now())))
    .returning({ id: signInChallenges.id });
  const user = await findUserById(tx, challenge.userId);
  const membership = await membershipOf(tx, challenge.userId, challenge.companyId);
  if (!consumed || !user?.isActive || !membership) throw challengeExpired();
  return { user, membership };
};

type SignedIn = { actor: Actor; result: LoginResult };

/** `authenticate:second-factor`: a code (or a recovery code) completes the sign-in. */
export const completeSignInWithCode = async (
  ctx: AppContext,
  input: z.output<typeof secondFactorInputSchema>,
  client: SignInClient,
): Promise<SignedIn> => {
  const challenge = await findChallenge(ctx, input.challengeToken, 'code');
  const attempt = await countCodeAttempt(ctx, challenge.userId, client.address);
  const signedIn = await ctx.db.transaction(async (tx) => {
    const { user, membership } = await consumeChallenge(ctx, tx, challenge);
    const row = await twoFactorOf(tx, challenge.userId);
    // Turned off by an administrator since the password step: the sign-in starts over.
    if (!isEnabled(row)) throw challengeExpired();
    await acceptSecondFactor(ctx, tx, row, input.code, { allowRecoveryCode: true });
    return startSignedInSession(ctx, tx, user, membership, client);
  });
  await attempt.succeeded();
  return signedIn;
};

/** `authenticate:enrol-setup`: the new secret an administrator sets up while signing in. */
export const beginSetupAtSignIn = async (
  ctx: AppContext,
  input: z.output<typeof enrolSetupInputSchema>,
): Promise<TwoFactorSetup> => {
  const challenge = await findChallenge(ctx, input.challengeToken, 'enrol');
  const user = await findUserById(ctx.db, challenge.userId);
  if (!user?.isActive || isEnabled(await twoFactorOf(ctx.db, challenge.userId))) throw challengeExpired();
  return beginSetup(ctx, ctx.db, user);
};

/**
 * `authenticate:enrol-confirm`: the first code from the new secret turns two-factor sign-in on,
 * hands out the recovery codes and signs in. Sessions the person had before (made without a second
 * factor) end.
 */
export const confirmSetupAtSignIn = async (
  ctx: AppContext,
  input: z.output<typeof secondFactorInputSchema>,
  client: SignInClient,
): Promise<{ actor: Actor; result: EnrolledSignInResult }> => {
  const challenge = await findChallenge(ctx, input.challengeToken, 'enrol');
  const attempt = await countCodeAttempt(ctx, challenge.userId, client.address);
  const { signedIn, recoveryCodes, revoked } = await ctx.db.transaction(async (tx) => {
    const { user, membership } = await consumeChallenge(ctx, tx, challenge);
    const row = await twoFactorOf(tx, challenge.userId);
    if (!row || isEnabled(row)) throw setupMissing();
    await acceptSecondFactor(ctx, tx, row, input.code, { allowRecoveryCode: false });
    await markEnabled(ctx, tx, challenge.userId);
    const codes = await issueRecoveryCodes(ctx, tx, challenge.userId);
    const ended = await revokeSessionsOfUser(ctx, tx, challenge.userId);
    const session = await startSignedInSession(ctx, tx, user, membership, client);
    return { signedIn: session, recoveryCodes: codes, revoked: ended };
  });
  pushSignedOut(ctx, revoked);
  await attempt.succeeded();
  ctx.logger.info({ userId: challenge.userId }, 'two-factor sign-in set up at sign-in');
  return { actor: signedIn.actor, result: { ...signedIn.result, recoveryCodes } };
};
