import type { CheckLoggedInResult, MembershipRole } from '@karm/domain/contract';
import { SERVER_PUSHES } from '@karm/domain/contract';
import { and, eq, isNull, ne } from 'drizzle-orm';
import { hashToken, newSecretToken } from '../../platform/auth/tokens';
import type { Actor, AppContext } from '../../platform/context';
import type { Executor } from '../../platform/db/client';
import { AppError } from '../../platform/errors';
import { memberships, sessions, users } from './auth.tables';
import { toUserDto } from './user-dto';
import { findUserById } from './users.repository';

/** last_seen_at is refreshed at most this often, so busy sessions don't write on every event. */
const LAST_SEEN_RESOLUTION_MS = 60_000;

export const createSession = async (ctx: AppContext, db: Executor, userId: string, companyId: string) => {
  const accessToken = newSecretToken();
  const now = ctx.clock.now();
  const [session] = await db
    .insert(sessions)
    .values({
      tokenHash: hashToken(accessToken),
      userId,
      companyId,
      createdAt: now,
      lastSeenAt: now,
      expiresAt: new Date(now.getTime() + ctx.config.sessionTtlHours * 3_600_000),
    })
    .returning();
  if (!session) throw new Error('Session insert returned nothing');
  return { accessToken, session };
};

/**
 * The live session behind a token, or null when it is unknown, expired, revoked, idle for longer
 * than SESSION_IDLE_HOURS, or its user was deactivated or left the company (checked on every
 * event, so each of these ends the session at once).
 */
export const resolveActor = async (ctx: AppContext, token: string): Promise<Actor | null> => {
  const [row] = await ctx.db
    .select({ session: sessions, role: memberships.role })
    .from(sessions)
    .innerJoin(
      memberships,
      and(eq(memberships.userId, sessions.userId), eq(memberships.companyId, sessions.companyId)),
    )
    .innerJoin(users, and(eq(users.id, sessions.userId), eq(users.isActive, true)))
    .where(and(eq(sessions.tokenHash, hashToken(token)), isNull(sessions.revokedAt)));
  if (!row) return null;
  const now = ctx.clock.now();
  if (row.session.expiresAt <= now) return null;
  if (now.getTime() - row.session.lastSeenAt.getTime() > ctx.config.sessionIdleHours * 3_600_000) return null;
  if (now.getTime() - row.session.lastSeenAt.getTime() > LAST_SEEN_RESOLUTION_MS) {
    await ctx.db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, row.session.id));
  }
  return {
    sessionId: row.session.id,
    userId: row.session.userId,
    companyId: row.session.companyId,
    role: row.role as MembershipRole,
  };
};

/** SPEC §7 user:check-logged-in — an error answers "not logged in". Also returns the session found. */
export const checkLoggedIn = async (
  ctx: AppContext,
  token: string,
): Promise<{ actor: Actor; result: CheckLoggedInResult }> => {
  const actor = await resolveActor(ctx, token);
  const user = actor ? await findUserById(ctx.db, actor.userId) : undefined;
  if (!actor || !user?.isActive) throw new AppError('NOT_AUTHORIZED', 'not logged in');
  return {
    actor,
    result: { user: toUserDto(user, actor.role), companyId: actor.companyId, status: 'logged-in' },
  };
};

/** Ends a session; every open tab on it is told at once and returns to the login page. */
export const revokeSession = async (ctx: AppContext, sessionId: string) => {
  await ctx.db
    .update(sessions)
    .set({ revokedAt: ctx.clock.now() })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
  ctx.realtime.toSession(sessionId, SERVER_PUSHES.notAuthorized);
};

/** After a password change or reset, other sessions of the user end (optionally keeping one). */
export const revokeSessionsOfUser = async (
  ctx: AppContext,
  db: Executor,
  userId: string,
  keepSessionId?: string,
) => {
  const revoked = await db
    .update(sessions)
    .set({ revokedAt: ctx.clock.now() })
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        keepSessionId ? ne(sessions.id, keepSessionId) : undefined,
      ),
    )
    .returning({ id: sessions.id });
  return revoked.map((row) => row.id);
};

export const pushSignedOut = (ctx: AppContext, sessionIds: string[]) => {
  for (const sessionId of sessionIds) ctx.realtime.toSession(sessionId, SERVER_PUSHES.notAuthorized);
};
