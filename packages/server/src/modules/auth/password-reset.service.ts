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
import { validationError } from '../../platform/errors';
import { passwordResets, users } from './auth.tables';
import { pushSignedOut, revokeSessionsOfUser } from './sessions.service';
import { findActiveUserByLogin } from './users.repository';

const resetLink = (baseUrl: string, token: string) => `${baseUrl.replace(/\/$/, '')}/login?reset=${token}`;

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

/**
 * SPEC §2 forgot password: mails a single-use link valid for an hour. The answer is the same
 * whether or not the account exists, and it does not wait for the mail, so timing tells nothing.
 */
export const requestPasswordReset = async (
  ctx: AppContext,
  input: z.output<typeof forgotPasswordInputSchema>,
  origin: string | undefined,
) => {
  const user = await findActiveUserByLogin(ctx.db, input.usernameOrEmail);
  const email = user?.email;
  if (user && email) {
    const token = newSecretToken();
    const now = ctx.clock.now();
    await ctx.db.insert(passwordResets).values({
      userId: user.id,
      tokenHash: hashToken(token),
      createdAt: now,
      expiresAt: new Date(now.getTime() + RESET_LINK_TTL_MINUTES * 60_000),
    });
    const baseUrl = ctx.config.publicUrl ?? origin ?? `http://localhost:${ctx.config.port}`;
    void ctx.mailer
      .send({ to: email, userId: user.id, ...composeResetMail(resetLink(baseUrl, token)) })
      .catch((error) => ctx.logger.error({ err: error }, 'could not queue reset mail'));
  }
  return { ok: true as const };
};

/** Sets a new password from a reset link; the link works once and ends every session. */
export const resetPassword = async (ctx: AppContext, input: z.output<typeof resetPasswordInputSchema>) => {
  const now = ctx.clock.now();
  const passwordHash = await hashPassword(input.newPassword);
  const revoked = await ctx.db.transaction(async (tx) => {
    const [reset] = await tx
      .update(passwordResets)
      .set({ usedAt: now })
      .where(
        and(
          eq(passwordResets.tokenHash, hashToken(input.token)),
          isNull(passwordResets.usedAt),
          gt(passwordResets.expiresAt, now),
        ),
      )
      .returning();
    if (!reset)
      throw validationError(
        { token: 'validation.resetLinkInvalid' },
        'The reset link is invalid or has expired',
      );
    await tx
      .update(users)
      .set({ passwordHash, updatedAt: now, version: sql`${users.version} + 1` })
      .where(eq(users.id, reset.userId));
    return revokeSessionsOfUser(ctx, tx, reset.userId);
  });
  pushSignedOut(ctx, revoked);
  return { ok: true as const };
};
