import { and, count, eq, gt, lt } from 'drizzle-orm';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { loginFailures } from './auth.tables';

/**
 * Failed sign-ins are counted per (account, address) and per address over a sliding window.
 * Throttling is never per account alone: an attacker elsewhere can slow only their own address,
 * never lock a colleague out of their own account.
 */
export const LOGIN_WINDOW_MINUTES = 15;
export const MAX_FAILURES_PER_ACCOUNT_AND_ADDRESS = 5;
export const MAX_FAILURES_PER_ADDRESS = 50;

const windowStart = (ctx: AppContext) => new Date(ctx.clock.now().getTime() - LOGIN_WINDOW_MINUTES * 60_000);

const normaliseAccount = (account: string) => account.trim().toLowerCase();

export const assertNotThrottled = async (ctx: AppContext, account: string, address: string) => {
  const since = windowStart(ctx);
  const [[pair], [fromAddress]] = await Promise.all([
    ctx.db
      .select({ failures: count() })
      .from(loginFailures)
      .where(
        and(
          eq(loginFailures.account, normaliseAccount(account)),
          eq(loginFailures.address, address),
          gt(loginFailures.failedAt, since),
        ),
      ),
    ctx.db
      .select({ failures: count() })
      .from(loginFailures)
      .where(and(eq(loginFailures.address, address), gt(loginFailures.failedAt, since))),
  ]);
  if (
    (pair?.failures ?? 0) >= MAX_FAILURES_PER_ACCOUNT_AND_ADDRESS ||
    (fromAddress?.failures ?? 0) >= MAX_FAILURES_PER_ADDRESS
  ) {
    throw new AppError('RATE_LIMITED', 'Too many failed attempts. Wait a few minutes and try again.', {
      retryAfterSeconds: LOGIN_WINDOW_MINUTES * 60,
    });
  }
};

export const recordFailure = async (ctx: AppContext, account: string, address: string) => {
  await ctx.db
    .insert(loginFailures)
    .values({ account: normaliseAccount(account), address, failedAt: ctx.clock.now() });
  // Old rows only cost space; trimming them here keeps the table small without a job.
  await ctx.db.delete(loginFailures).where(lt(loginFailures.failedAt, windowStart(ctx)));
};

export const clearFailures = async (ctx: AppContext, account: string, address: string) => {
  await ctx.db
    .delete(loginFailures)
    .where(and(eq(loginFailures.account, normaliseAccount(account)), eq(loginFailures.address, address)));
};
