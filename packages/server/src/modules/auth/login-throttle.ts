import { and, eq, lt, sql } from 'drizzle-orm';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { authThrottle, signInAddresses } from './auth.tables';

/**
 * Throttling of sign-in, forgot-password and reset-password attempts over a 15-minute window.
 *
 * An attempt is counted in one atomic upsert BEFORE it is evaluated, so forty concurrent guesses
 * cannot all read "4 failures so far" and slip through: the sixth to be counted is refused,
 * whatever the timing, on PGlite's single connection as on a PostgreSQL pool.
 *
 * Sign-in is never throttled per account alone (someone elsewhere could then lock a colleague out)
 * but per (account, address) and per address. The per-address limit exists against spraying one
 * password over many accounts; it does NOT apply to an account that has signed in successfully
 * from that address before. Behind an office proxy every colleague shares one address, and a
 * per-address lock would otherwise shut out the whole office after a few dozen typos or one
 * attacker's run; known accounts still have their own (account, address) limit.
 */
export const THROTTLE_WINDOW_MINUTES = 15;
export const MAX_ATTEMPTS_PER_ACCOUNT_AND_ADDRESS = 5;
export const MAX_LOGIN_ATTEMPTS_PER_ADDRESS = 50;
export const MAX_FORGOT_PER_ACCOUNT = 5;
export const MAX_FORGOT_PER_ADDRESS = 20;
export const MAX_RESET_ATTEMPTS_PER_ADDRESS = 10;
/**
 * Wrong two-factor codes (authenticator or recovery), per (account, address) and per account. Only
 * someone who knows the password reaches the code step, so here a limit per account is no way to
 * lock a colleague out; it stops many addresses from sharing out the guessing.
 */
export const MAX_CODE_ATTEMPTS_PER_ACCOUNT_AND_ADDRESS = 5;
export const MAX_CODE_ATTEMPTS_PER_ACCOUNT = 20;
/** An address an account signed in from within this many days counts as that account's own. */
const KNOWN_ADDRESS_DAYS = 90;

type ThrottleRule = { kind: string; limit: number; message: string };

const TOO_MANY_SIGN_INS = 'Too many failed attempts. Wait a few minutes and try again.';
const TOO_MANY_CODES = 'Too many wrong codes. Wait a few minutes and try again.';
const TOO_MANY_RESET_REQUESTS = 'Too many reset requests. Wait a few minutes and try again.';
export const THROTTLE = {
  loginPair: { kind: 'login-pair', limit: MAX_ATTEMPTS_PER_ACCOUNT_AND_ADDRESS, message: TOO_MANY_SIGN_INS },
  loginAddress: { kind: 'login-address', limit: MAX_LOGIN_ATTEMPTS_PER_ADDRESS, message: TOO_MANY_SIGN_INS },
  forgotAccount: {
    kind: 'forgot-account',
    limit: MAX_FORGOT_PER_ACCOUNT,
    message: TOO_MANY_RESET_REQUESTS,
  },
  forgotAddress: {
    kind: 'forgot-address',
    limit: MAX_FORGOT_PER_ADDRESS,
    message: TOO_MANY_RESET_REQUESTS,
  },
  resetAddress: {
    kind: 'reset-address',
    limit: MAX_RESET_ATTEMPTS_PER_ADDRESS,
    message: 'Too many attempts with reset links. Wait a few minutes and try again.',
  },
  codePair: { kind: 'code-pair', limit: MAX_CODE_ATTEMPTS_PER_ACCOUNT_AND_ADDRESS, message: TOO_MANY_CODES },
  codeAccount: { kind: 'code-account', limit: MAX_CODE_ATTEMPTS_PER_ACCOUNT, message: TOO_MANY_CODES },
} satisfies Record<string, ThrottleRule>;

/** Sign-in is case-insensitive, so "Kari" and "kari" are one account for counting too. */
export const accountKey = (account: string, address: string) => `${account.trim().toLowerCase()} ${address}`;

const WINDOW_MS = THROTTLE_WINDOW_MINUTES * 60_000;

/** Counts one attempt and refuses it (RATE_LIMITED) when it is over the rule's limit. */
export const countAttempt = async (ctx: AppContext, rule: ThrottleRule, key: string) => {
  const now = ctx.clock.now();
  const nowSql = sql`${now.toISOString()}::timestamptz`;
  // A window older than 15 minutes starts over at this attempt.
  const isStale = sql`${authThrottle.windowStartedAt} <= ${new Date(now.getTime() - WINDOW_MS).toISOString()}::timestamptz`;
  const [row] = await ctx.db
    .insert(authThrottle)
    .values({ kind: rule.kind, key, windowStartedAt: now, count: 1 })
    .onConflictDoUpdate({
      target: [authThrottle.kind, authThrottle.key],
      set: {
        count: sql`case when ${isStale} then 1 else ${authThrottle.count} + 1 end`,
        windowStartedAt: sql`case when ${isStale} then ${nowSql} else ${authThrottle.windowStartedAt} end`,
      },
    })
    .returning({ count: authThrottle.count, windowStartedAt: authThrottle.windowStartedAt });
  if (row && row.count > rule.limit) {
    const retryAfterMs = row.windowStartedAt.getTime() + WINDOW_MS - now.getTime();
    throw new AppError('RATE_LIMITED', rule.message, {
      retryAfterSeconds: Math.max(1, Math.ceil(retryAfterMs / 1000)),
    });
  }
};

/** Gives an attempt back: it succeeded, or it was never evaluated (server busy). */
export const uncountAttempt = async (ctx: AppContext, rule: ThrottleRule, key: string) => {
  await ctx.db
    .update(authThrottle)
    .set({ count: sql`greatest(${authThrottle.count} - 1, 0)` })
    .where(and(eq(authThrottle.kind, rule.kind), eq(authThrottle.key, key)));
};

/** A successful sign-in clears its (account, address) count; stale windows are trimmed meanwhile. */
export const clearAttempts = async (ctx: AppContext, rule: ThrottleRule, key: string) => {
  await ctx.db.delete(authThrottle).where(and(eq(authThrottle.kind, rule.kind), eq(authThrottle.key, key)));
  // Old rows only cost space; trimming them here keeps the table small without a job.
  await ctx.db
    .delete(authThrottle)
    .where(lt(authThrottle.windowStartedAt, new Date(ctx.clock.now().getTime() - WINDOW_MS)));
};

export const hasSignedInFrom = async (ctx: AppContext, userId: string, address: string) => {
  const since = new Date(ctx.clock.now().getTime() - KNOWN_ADDRESS_DAYS * 86_400_000);
  const [row] = await ctx.db
    .select({ at: signInAddresses.lastSignedInAt })
    .from(signInAddresses)
    .where(and(eq(signInAddresses.userId, userId), eq(signInAddresses.address, address)));
  return row !== undefined && row.at > since;
};

export const rememberSignIn = async (ctx: AppContext, userId: string, address: string) => {
  const now = ctx.clock.now();
  await ctx.db
    .insert(signInAddresses)
    .values({ userId, address, lastSignedInAt: now })
    .onConflictDoUpdate({
      target: [signInAddresses.userId, signInAddresses.address],
      set: { lastSignedInAt: now },
    });
};
