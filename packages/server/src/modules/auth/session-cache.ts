import { hashToken } from '../../platform/auth/tokens';
import type { Actor, AppContext } from '../../platform/context';
import {
  actorOf,
  findLiveSessionByHash,
  isStillLive,
  LAST_SEEN_RESOLUTION_MS,
  type LiveSession,
} from './sessions.service';

/**
 * The notification channel of every change that can end a session or change what it may do: a
 * session revoked or its expiry moved, a user deactivated or deleted, a membership changed or removed,
 * a company's role permissions changed. Triggers send it on commit (migration `auth_change_notices`),
 * so a change made by any use case or by hand in SQL is heard (on PGlite, before its statement returns).
 */
export const AUTH_CHANGES_CHANNEL = 'karm_auth_changes';

/** Enough for every signed-in person of a large installation; the oldest reading goes first. */
const MAX_SESSIONS = 10_000;

type Remembered = { session: LiveSession; actor: Actor; readAt: number };

export type SessionResolver = {
  /** The actor behind a session token, as `resolveActor` answers it. */
  resolve: (token: string) => Promise<Actor | null>;
  close: () => Promise<void>;
};

/**
 * Resolves session tokens for the gateway and the REST layer, remembering each live session it read
 * until anything about sessions, users, memberships or permissions changes — the whole memory is
 * dropped on every notice of `AUTH_CHANGES_CHANNEL`, so a revocation or a new role applies to the
 * very next event, as it did when every event read the database. Without this, the session lookup
 * was most of what the socket and REST layers add to a quick read (`npm run bench -- auth`).
 *
 * - A reading is kept at most LAST_SEEN_RESOLUTION_MS, then read again, which also moves the
 *   session's last use forward as before; expiry and idle time are checked against the clock on
 *   every use.
 * - A reading that was under way when a notice came is not kept (the generation moved on).
 * - Only live sessions are remembered; an unknown token is read again every time.
 * - Only where every notice is heard before anyone can act on the change: on PGlite the notice is
 *   delivered before the committing statement returns. On PostgreSQL a notice reaches a listening
 *   connection after the writer already has its answer (and another instance later still), so a
 *   revoked session could slip through one more call: there nothing is remembered and every event
 *   reads the database, as before.
 */
export const createSessionResolver = async (ctx: AppContext): Promise<SessionResolver> => {
  const remembered = new Map<string, Remembered>();
  let generation = 0;
  let isListening = false;
  const forgetAll = () => {
    generation += 1;
    remembered.clear();
  };
  const unsubscribe = await ctx.database.subscribe(AUTH_CHANGES_CHANNEL, {
    notice: forgetAll,
    listening: (listening) => {
      isListening = listening;
      forgetAll();
    },
  });

  const resolve = async (token: string): Promise<Actor | null> => {
    const tokenHash = hashToken(token);
    const now = ctx.clock.now().getTime();
    const known = remembered.get(tokenHash);
    if (known) {
      if (now - known.readAt < LAST_SEEN_RESOLUTION_MS && isStillLive(ctx, known.session, now)) {
        return known.actor;
      }
      remembered.delete(tokenHash);
    }
    const startedAt = generation;
    const session = await findLiveSessionByHash(ctx, tokenHash);
    if (!session) return null;
    const actor = await actorOf(ctx, session);
    if (isListening && startedAt === generation) {
      if (remembered.size >= MAX_SESSIONS) {
        const oldest = remembered.keys().next().value;
        if (oldest !== undefined) remembered.delete(oldest);
      }
      remembered.set(tokenHash, { session, actor, readAt: now });
    }
    return actor;
  };

  return { resolve, close: unsubscribe };
};
