import {
  type forgotPasswordInputSchema,
  RESET_LINK_TTL_MINUTES,
  type resetPasswordInputSchema,
} from '@karm/domain/contract';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { hashPassword } from '../../platform/auth/passwords';
import { hashToken, newSecretToken } from '../../platform/auth/tokens';
import type { AppContext } from '../../platform/context';
import type { Executor } from '../../platform/db/client';
import { validationError } from '../../platform/errors';
import { passwordResets, users } from './auth.tables';
import { countAttempt, THROTTLE, uncountAttempt } from './login-throttle';
import { pushSignedOut, revokeSessionsOfUser } from './sessions.service';
import { findActiveUserByLogin } from './users.repository';

/**
 * The page that sets a password from a mailed token. An invitation's link says so (`welcome=1`), so
 * the page greets a new user instead of talking about a forgotten password.
 */
export const setPasswordLink = (baseUrl: string, token: string, purpose: 'reset' | 'invitation' = 'reset') =>
  `${baseUrl.replace(/\/$/, '')}/login?reset=${token}${purpose === 'invitation' ? '&welcome=1' : ''}`;

const composeResetMail = (link: string) => ({
  subject: 'Karm: reset your password / tilbakestill passordet',
  text: [
    'Someone asked to reset the password of your Karm account. Open this link within one hour to choose a new one:',
    link,
    'If it was not you, ignore this e-mail; your password stays as it is.',
    '',
    'Noen ba om å tilbakestille passordet til Karm-kontoen din. Åpne lenken innen én time for å velge et nytt:',
    link,
    'Var det ikke deg, kan du se bort fra denne e-posten.',
  ].join('\n'),
});

/** Ends every link of the user that is still unused: only the newest (or none) ever works. */
export const revokeUnusedLinks = (tx: Executor, userId: string, now: Date) =>
  tx
    .update(passwordResets)
    .set({ revokedAt: now })
    .where(
      and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt), isNull(passwordResets.revokedAt)),
    );

/**
 * Stores a new single-use link for the user (ending every older one) inside the caller's
 * transaction and returns its token: a reset link, or an invitation's, which lasts longer.
 */
export const storeSetPasswordToken = async (
  tx: Executor,
  userId: string,
  now: Date,
  validForMs: number,
  token = newSecretToken(),
) => {
  await revokeUnusedLinks(tx, userId, now);
  await tx.insert(passwordResets).values({
    userId,
    tokenHash: hashToken(token),
    createdAt: now,
    expiresAt: new Date(now.getTime() + validForMs),
  });
  return token;
};

/** Looks the account up and mails it a link; runs after the answer, so timing tells nothing. */
const issueResetLink = async (ctx: AppContext, login: string, token: string) => {
  const user = await findActiveUserByLogin(ctx.db, login);
  const email = user?.email;
  if (!user || !email) return;
  const now = ctx.clock.now();
  await ctx.db.transaction((tx) =>
    storeSetPasswordToken(tx, user.id, now, RESET_LINK_TTL_MINUTES * 60_000, token),
  );
  // The link's address comes from configuration only: a request's Origin or Host can be forged.
  await ctx.mailer.send({
    to: email,
    userId: user.id,
    ...composeResetMail(setPasswordLink(ctx.config.publicUrl, token)),
  });
};

/**
 * SPEC §2 forgot password: mails a single-use link valid for an hour; a newer link revokes older
 * ones. The answer is the same whether or not the account exists, and takes the same work: both
 * are counted (per address, and per name as typed, which reveals nothing about existence) and
 * everything that depends on the account happens after the answer.
 */
export const requestPasswordReset = async (
  ctx: AppContext,
  input: z.output<typeof forgotPasswordInputSchema>,
  address: string,
) => {
  await countAttempt(ctx, THROTTLE.forgotAddress, address);
  await countAttempt(ctx, THROTTLE.forgotAccount, input.usernameOrEmail.trim().toLowerCase());
  const token = newSecretToken();
  void issueResetLink(ctx, input.usernameOrEmail, token).catch((error) =>
    ctx.logger.error({ err: error }, 'could not issue a reset link'),
  );
  return { ok: true as const };
};

const invalidLink = () =>
  validationError({ token: 'validation.resetLinkInvalid' }, 'The reset link is invalid or has expired');

const isUsable = (now: Date) =>
  and(isNull(passwordResets.usedAt), isNull(passwordResets.revokedAt), gt(passwordResets.expiresAt, now));

/**
 * Sets a new password from a reset link; the link works once, ends every other link and every
 * session. The token is checked before the (costly) hash, and consumed only once the hash is made,
 * so a refused or busy attempt leaves a good link usable. Wrong tokens count against the address.
 */
export const resetPassword = async (
  ctx: AppContext,
  input: z.output<typeof resetPasswordInputSchema>,
  address: string,
) => {
  await countAttempt(ctx, THROTTLE.resetAddress, address);
  const tokenHash = hashToken(input.token);
  const [link] = await ctx.db
    .select({ id: passwordResets.id })
    .from(passwordResets)
    .where(and(eq(passwordResets.tokenHash, tokenHash), isUsable(ctx.clock.now())));
  if (!link) throw invalidLink();
  // Only guesses count: a working link is given back.
  await uncountAttempt(ctx, THROTTLE.resetAddress, address);
  const passwordHash = await hashPassword(input.newPassword);
  const now = ctx.clock.now();
  const revoked = await ctx.db.transaction(async (tx) => {
    const [reset] = await tx
      .update(passwordResets)
      .set({ usedAt: now })
      .where(and(eq(passwordResets.id, link.id), isUsable(now)))
      .returning();
    // Used or revoked by a concurrent request since the check above.
    if (!reset) throw invalidLink();
    await revokeUnusedLinks(tx, reset.userId, now);
    await tx
      .update(users)
      // An invited user has now chosen their password: the invitation is used.
      .set({ passwordHash, invitedAt: null, updatedAt: now, version: sql`${users.version} + 1` })
      .where(eq(users.id, reset.userId));
    return revokeSessionsOfUser(ctx, tx, reset.userId);
  });
  pushSignedOut(ctx, revoked);
  return { ok: true as const };
};
