import type { CheckLoggedInResult, LoginResult, Role } from '@karm/domain/contract';
import { ACCOUNT_PUSHES, SERVER_PUSHES } from '@karm/domain/contract';
import { and, eq, isNull, ne } from 'drizzle-orm';
import { hashToken, newSecretToken } from '../../platform/auth/tokens';
import type { Actor, AppContext } from '../../platform/context';
import type { Executor } from '../../platform/db/client';
import { AppError } from '../../platform/errors';
import { permissionsOf } from '../users/role-permissions.service';
import { memberships, sessions, users } from './auth.tables';
import { toUserDto } from './user-dto';
import { findUserById } from './users.repository';

/** last_seen_at is refreshed at most this often, so busy sessions don't write on every event. */
export const LAST_SEEN_RESOLUTION_MS = 60_000;

/** Where a sign-in comes from: kept with the session for the person's list of active sessions. */
export type SignInClient = { address: string; userAgent?: string | undefined };

/** A user agent longer than this is cut: it is only shown, never parsed for anything that matters. */
const USER_AGENT_MAX = 500;

export const createSession = async (
  ctx: AppContext,
  db: Executor,
  userId: string,
  companyId: string,
  client: SignInClient,
) => {
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
      address: client.address || null,
      userAgent: client.userAgent?.slice(0, USER_AGENT_MAX) || null,
    })
    .returning();
  if (!session) throw new Error('Session insert returned nothing');
  return { accessToken, session };
};

/**
 * Signs a user in to one of their companies: the new session, the actor behind it and what the
 * client is told (SPEC §4). Every way of signing in ends here, with or without a second factor.
 */
export const startSignedInSession = async (
  ctx: AppContext,
  db: Executor,
  user: typeof users.$inferSelect,
  membership: typeof memberships.$inferSelect,
  client: SignInClient,
): Promise<{ actor: Actor; result: LoginResult }> => {
  const { accessToken, session } = await createSession(ctx, db, user.id, membership.companyId, client);
  await db.update(users).set({ lastSignedInAt: session.createdAt }).where(eq(users.id, user.id));
  const role = membership.role as Role;
  ctx.logger.info({ userId: user.id, companyId: membership.companyId }, 'signed in');
  // An open profile elsewhere lists the new session at once.
  ctx.realtime.toUser(user.id, ACCOUNT_PUSHES.sessionsChanged);
  const actor: Actor = {
    sessionId: session.id,
    userId: user.id,
    companyId: membership.companyId,
    role,
    permissions: await permissionsOf(db, membership.companyId, role),
  };
  return { actor, result: { accessToken, user: toUserDto(user, actor), companyId: membership.companyId } };
};

/**
 * The live session behind a token, or null when it is unknown, expired, revoked, idle for longer
 * than SESSION_IDLE_HOURS, or its user was deactivated or left the company (checked on every
 * event, so each of these ends the session at once). The app resolves through `session-cache.ts`,
 * which keeps these answers until any of that changes.
 */
export const resolveActor = async (ctx: AppContext, token: string): Promise<Actor | null> => {
  const session = await findLiveSession(ctx, token);
  if (!session) return null;
  return actorOf(ctx, session);
};

/** The actor of a live session: the session with what its role may do in the company now. */
export const actorOf = async (ctx: AppContext, session: LiveSession): Promise<Actor> => ({
  sessionId: session.sessionId,
  userId: session.userId,
  companyId: session.companyId,
  role: session.role,
  permissions: await permissionsOf(ctx.db, session.companyId, session.role),
});

export type LiveSession = {
  sessionId: string;
  userId: string;
  companyId: string;
  role: Role;
  /** When the session ends (ms since the epoch), and when it was last known in use. */
  expiresAt: number;
  lastSeenAt: number;
};

/** Whether a session read at some time is still live now: not expired, not idle for too long. */
export const isStillLive = (ctx: AppContext, session: LiveSession, now: number) =>
  session.expiresAt > now && now - session.lastSeenAt <= ctx.config.sessionIdleHours * 3_600_000;

/**
 * The session part of `resolveActor`: who holds the token and in which role, before the role's
 * permissions are read (the auth benchmark compares the two to price the permission check).
 */
export const findLiveSession = async (ctx: AppContext, token: string) =>
  findLiveSessionByHash(ctx, hashToken(token));

export const findLiveSessionByHash = async (
  ctx: AppContext,
  tokenHash: string,
): Promise<LiveSession | null> => {
  // The hot path of every request: the database function `live_session` (migration 0033) keeps its
  // plan, and the raw call skips the query builder's row mapping (about 1.1 ms less per request on
  // PGlite, `npm run bench -- auth`).
  const { rows } = await ctx.database.runSql('select * from live_session($1)', [tokenHash]);
  const row = rows[0] as LiveSessionRow | undefined;
  if (!row) return null;
  const now = ctx.clock.now();
  const session: LiveSession = {
    sessionId: row.session_id,
    userId: row.user_id,
    companyId: row.company_id,
    role: row.role as Role,
    expiresAt: new Date(row.expires_at).getTime(),
    lastSeenAt: new Date(row.last_seen_at).getTime(),
  };
  if (!isStillLive(ctx, session, now.getTime())) return null;
  if (now.getTime() - session.lastSeenAt > LAST_SEEN_RESOLUTION_MS) {
    await ctx.db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, row.session_id));
    session.lastSeenAt = now.getTime();
  }
  return session;
};

/** A row of `live_session(token_hash)`. */
type LiveSessionRow = {
  session_id: string;
  user_id: string;
  company_id: string;
  role: string;
  expires_at: Date | string;
  last_seen_at: Date | string;
};

/**
 * The member behind a signed download link: an active user who still belongs to the company, with the
 * role and permissions they have there now. There is no session; the link itself stood in for one.
 */
export const resolveMember = async (
  ctx: AppContext,
  userId: string,
  companyId: string,
): Promise<Actor | null> => {
  const [row] = await ctx.db
    .select({ role: memberships.role })
    .from(memberships)
    .innerJoin(users, and(eq(users.id, memberships.userId), eq(users.isActive, true)))
    .where(and(eq(memberships.userId, userId), eq(memberships.companyId, companyId)));
  if (!row) return null;
  const role = row.role as Role;
  return {
    sessionId: '',
    userId,
    companyId,
    role,
    permissions: await permissionsOf(ctx.db, companyId, role),
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
    result: { user: toUserDto(user, actor), companyId: actor.companyId, status: 'logged-in' },
  };
};

/**
 * Ends a session; every open tab on it is told at once and returns to the login page, and the
 * user's open profiles list their sessions again.
 */
export const revokeSession = async (ctx: AppContext, sessionId: string) => {
  const revoked = await ctx.db
    .update(sessions)
    .set({ revokedAt: ctx.clock.now() })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)))
    .returning({ userId: sessions.userId });
  ctx.realtime.toSession(sessionId, SERVER_PUSHES.notAuthorized);
  for (const { userId } of revoked) ctx.realtime.toUser(userId, ACCOUNT_PUSHES.sessionsChanged);
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

/** Tells every tab of the revoked sessions to sign out, and the user's other tabs that the list changed. */
export const pushSignedOut = (ctx: AppContext, sessionIds: string[], userId?: string) => {
  for (const sessionId of sessionIds) ctx.realtime.toSession(sessionId, SERVER_PUSHES.notAuthorized);
  if (userId && sessionIds.length > 0) ctx.realtime.toUser(userId, ACCOUNT_PUSHES.sessionsChanged);
};
