import type { SessionDto } from '@karm/domain/contract';
import Bowser from 'bowser';
import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type { Actor, AppContext } from '../../platform/context';
import { notFound } from '../../platform/errors';
import { getCompanyChoices } from '../company/company.service';
import { memberships, sessions } from './auth.tables';
import { pushSignedOut, revokeSession, revokeSessionsOfUser } from './sessions.service';

const majorOf = (version: string | undefined) => version?.split('.')[0];

/**
 * "Chrome 140" and "Windows 10" (or "iOS 18", "macOS Catalina") from a user agent: enough to tell
 * one's own sessions apart.
 */
const deviceOf = (userAgent: string | null) => {
  if (!userAgent) return { browser: null, os: null };
  const { browser, os } = Bowser.parse(userAgent);
  return {
    browser: browser.name ? [browser.name, majorOf(browser.version)].filter(Boolean).join(' ') : null,
    os: os.name ? [os.name, os.versionName ?? majorOf(os.version)].filter(Boolean).join(' ') : null,
  };
};

/**
 * The user's live sessions in every company they belong to, the asking one first and then the most
 * recently used: not revoked,
 * not expired, not idle past SESSION_IDLE_HOURS, and in a company the user still belongs to — the
 * same conditions under which `resolveActor` accepts a token.
 */
export const listOwnSessions = async (ctx: AppContext, actor: Actor): Promise<SessionDto[]> => {
  const now = ctx.clock.now();
  const idleSince = new Date(now.getTime() - ctx.config.sessionIdleHours * 3_600_000);
  const rows = await ctx.db
    .select({ session: sessions })
    .from(sessions)
    .innerJoin(
      memberships,
      and(eq(memberships.userId, sessions.userId), eq(memberships.companyId, sessions.companyId)),
    )
    .where(
      and(
        eq(sessions.userId, actor.userId),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, now),
        gt(sessions.lastSeenAt, idleSince),
      ),
    )
    .orderBy(desc(sessions.lastSeenAt), desc(sessions.createdAt));
  const companies = new Map(
    (await getCompanyChoices(ctx.db, [...new Set(rows.map(({ session }) => session.companyId))])).map(
      (company) => [company.id, company.name],
    ),
  );
  // The session asking comes first, as people look for "this one" before the others.
  const ordered = [
    ...rows.filter(({ session }) => session.id === actor.sessionId),
    ...rows.filter(({ session }) => session.id !== actor.sessionId),
  ];
  return ordered.map(({ session }) => ({
    id: session.id,
    createdAt: session.createdAt.toISOString(),
    lastSeenAt: session.lastSeenAt.toISOString(),
    address: session.address,
    ...deviceOf(session.userAgent),
    companyName: companies.get(session.companyId) ?? '',
    isCurrent: session.id === actor.sessionId,
  }));
};

/**
 * Signs one of the user's own sessions out; its tabs are told at once. Another user's session, or
 * one already ended, is answered as not found: nobody learns which session ids exist.
 */
export const revokeOwnSession = async (ctx: AppContext, actor: Actor, input: { sessionId: string }) => {
  const [session] = await ctx.db
    .select({ id: sessions.id })
    .from(sessions)
    .where(
      and(eq(sessions.id, input.sessionId), eq(sessions.userId, actor.userId), isNull(sessions.revokedAt)),
    );
  if (!session) throw notFound('Session');
  await revokeSession(ctx, session.id);
  return { ok: true as const };
};

/** "Sign out all other sessions": every session of the user but the one asking ends at once. */
export const revokeOtherSessions = async (ctx: AppContext, actor: Actor) => {
  const revoked = await revokeSessionsOfUser(ctx, ctx.db, actor.userId, actor.sessionId);
  pushSignedOut(ctx, revoked, actor.userId);
  return { count: revoked.length };
};
