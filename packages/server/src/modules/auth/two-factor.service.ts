import type {
  RecoveryCodesResult,
  TwoFactorSetup,
  TwoFactorStatus,
  twoFactorCodeInputSchema,
  twoFactorDisableInputSchema,
  twoFactorResetInputSchema,
} from '@karm/domain/contract';
import { VALIDATION_MESSAGE_KEYS as MESSAGES } from '@karm/domain/rules';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { verifyPassword } from '../../platform/auth/passwords';
import type { Actor, AppContext } from '../../platform/context';
import type { Executor } from '../../platform/db/client';
import { conflict, forbidden, notFound, validationError } from '../../platform/errors';
import { pushSignedOut, revokeSessionsOfUser } from './sessions.service';
import { signInChallenges } from './two-factor.tables';
import {
  acceptSecondFactor,
  beginSetup,
  countCodeAttempt,
  isEnabled,
  isRequiredFor,
  issueRecoveryCodes,
  markEnabled,
  removeTwoFactor,
  setupMissing,
  twoFactorOf,
  twoFactorStatusOf,
} from './two-factor-credentials';
import { assertMayManageUser } from './user-management';
import { findUserById } from './users.repository';

/**
 * Two-factor sign-in on the profile: each person turns their own on and off and renews their
 * recovery codes; an administrator turns it off for someone who lost their phone.
 *
 * Sessions: turning it on or off from the profile ends the person's OTHER sessions (they were
 * opened under the old rule) and keeps the one asking; an administrator's reset ends them all
 * (a lost phone may be a stolen one, with a session open on it).
 */

const alreadyOn = () => conflict('Two-factor sign-in is already on');
const notOn = () => conflict('Two-factor sign-in is not on');

export const getTwoFactorStatus = (ctx: AppContext, actor: Actor): Promise<TwoFactorStatus> =>
  twoFactorStatusOf(ctx.db, actor.userId);

/** A new secret to scan; two-factor sign-in turns on only when its first code is confirmed. */
export const setUpTwoFactor = async (ctx: AppContext, actor: Actor): Promise<TwoFactorSetup> => {
  const user = await findUserById(ctx.db, actor.userId);
  if (!user) throw notFound('User');
  if (isEnabled(await twoFactorOf(ctx.db, actor.userId))) throw alreadyOn();
  return beginSetup(ctx, ctx.db, user);
};

/** Refuses, before any attempt is counted, when two-factor sign-in is not on. */
const assertOn = async (ctx: AppContext, actor: Actor) => {
  if (!isEnabled(await twoFactorOf(ctx.db, actor.userId))) throw notOn();
};

/** Runs `work` in one transaction once `code` (or a recovery code) is accepted and used up. */
const withAcceptedCode = <T>(
  ctx: AppContext,
  actor: Actor,
  code: string,
  work: (tx: Executor) => Promise<T>,
) =>
  ctx.db.transaction(async (tx) => {
    const row = await twoFactorOf(tx, actor.userId);
    if (!isEnabled(row)) throw notOn();
    await acceptSecondFactor(ctx, tx, row, code, { allowRecoveryCode: true });
    return work(tx);
  });

/** Confirms a setup with its first code: on, with new recovery codes (shown this once). */
export const enableTwoFactor = async (
  ctx: AppContext,
  actor: Actor,
  input: z.output<typeof twoFactorCodeInputSchema>,
  address: string,
): Promise<RecoveryCodesResult> => {
  const pending = await twoFactorOf(ctx.db, actor.userId);
  if (isEnabled(pending)) throw alreadyOn();
  if (!pending) throw setupMissing();
  const attempt = await countCodeAttempt(ctx, actor.userId, address);
  const { recoveryCodes, revoked } = await ctx.db.transaction(async (tx) => {
    const row = await twoFactorOf(tx, actor.userId);
    if (!row || isEnabled(row)) throw setupMissing();
    await acceptSecondFactor(ctx, tx, row, input.code, { allowRecoveryCode: false });
    await markEnabled(ctx, tx, actor.userId);
    const codes = await issueRecoveryCodes(ctx, tx, actor.userId);
    return {
      recoveryCodes: codes,
      revoked: await revokeSessionsOfUser(ctx, tx, actor.userId, actor.sessionId),
    };
  });
  pushSignedOut(ctx, revoked);
  await attempt.succeeded();
  ctx.logger.info({ userId: actor.userId }, 'two-factor sign-in turned on');
  return { recoveryCodes, status: await twoFactorStatusOf(ctx.db, actor.userId) };
};

/**
 * Turns it off, given the password and a current code (or a recovery code). Refused while a company
 * the person administers requires it.
 */
export const disableTwoFactor = async (
  ctx: AppContext,
  actor: Actor,
  input: z.output<typeof twoFactorDisableInputSchema>,
  address: string,
): Promise<TwoFactorStatus> => {
  if (await isRequiredFor(ctx.db, actor.userId)) {
    throw forbidden('Your company requires two-factor sign-in of administrators');
  }
  const user = await findUserById(ctx.db, actor.userId);
  if (!user) throw notFound('User');
  await assertOn(ctx, actor);
  // One attempt covers the password and the code: both are counted before either is checked.
  const attempt = await countCodeAttempt(ctx, actor.userId, address);
  let isPasswordRight: boolean;
  try {
    isPasswordRight = await verifyPassword(input.password, user.passwordHash);
  } catch (error) {
    // Server busy: the attempt was never evaluated.
    await attempt.notEvaluated();
    throw error;
  }
  if (!isPasswordRight) throw validationError({ password: MESSAGES.passwordWrong });
  const revoked = await withAcceptedCode(ctx, actor, input.code, async (tx) => {
    await removeTwoFactor(tx, actor.userId);
    return revokeSessionsOfUser(ctx, tx, actor.userId, actor.sessionId);
  });
  await attempt.succeeded();
  pushSignedOut(ctx, revoked);
  ctx.logger.info({ userId: actor.userId }, 'two-factor sign-in turned off');
  return twoFactorStatusOf(ctx.db, actor.userId);
};

/** New recovery codes for a current code; the old ones stop working. */
export const regenerateRecoveryCodes = async (
  ctx: AppContext,
  actor: Actor,
  input: z.output<typeof twoFactorCodeInputSchema>,
  address: string,
): Promise<RecoveryCodesResult> => {
  await assertOn(ctx, actor);
  const attempt = await countCodeAttempt(ctx, actor.userId, address);
  const recoveryCodes = await withAcceptedCode(ctx, actor, input.code, (tx) =>
    issueRecoveryCodes(ctx, tx, actor.userId),
  );
  await attempt.succeeded();
  return { recoveryCodes, status: await twoFactorStatusOf(ctx.db, actor.userId) };
};

/**
 * An administrator turns off someone else's two-factor sign-in (a lost phone): only for people
 * they may manage, never for themselves (their own goes through the profile, with password and
 * code). Every session of the person ends; a company that requires it has them set it up again at
 * their next sign-in.
 */
export const resetTwoFactorOfUser = async (
  ctx: AppContext,
  actor: Actor,
  input: z.output<typeof twoFactorResetInputSchema>,
) => {
  if (input.userId === actor.userId) {
    throw forbidden('Turn off your own two-factor sign-in on your profile');
  }
  await assertMayManageUser(ctx, actor, input.userId);
  const revoked = await ctx.db.transaction(async (tx) => {
    await removeTwoFactor(tx, input.userId);
    await tx.delete(signInChallenges).where(eq(signInChallenges.userId, input.userId));
    return revokeSessionsOfUser(ctx, tx, input.userId);
  });
  pushSignedOut(ctx, revoked);
  ctx.logger.info({ userId: input.userId, by: actor.userId }, 'two-factor sign-in reset by an administrator');
  return { ok: true as const };
};
