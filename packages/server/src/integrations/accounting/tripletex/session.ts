import { z } from 'zod';
import { type Clock, todayIn } from '../../../platform/clock';
import { AccountingError } from '../port';
import { isAccountingError, redactSecrets } from './errors';
import type { HttpClient, TripletexLogger } from './http-client';

export type SessionManager = {
  /** A live session token, creating or renewing the session when needed. */
  token: () => Promise<string>;
  /** Forgets the session when Tripletex answered 401 to it; a newer session is left alone. */
  invalidate: (token: string) => void;
  /** Ends the session at Tripletex, best effort: a session left behind expires on its own. */
  end: () => Promise<void>;
};

type Session = { token: string; expirationDate: string };

const sessionSchema = z.object({
  value: z.object({ token: z.string().min(1), expirationDate: z.string().nullish() }),
});

/** Calendar arithmetic on `YYYY-MM-DD`, done in UTC so no daylight-saving shift can move the day. */
export const addDays = (date: string, days: number) => {
  const [year, month, day] = date.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
};

/**
 * Tripletex sessions expire at the end of `expirationDate`, in a time zone it does not state. Asking
 * for the day after tomorrow (Oslo) and renewing from the day before it keeps a safety day either way.
 */
export const sessionExpirationDate = (clock: Clock) => addDays(todayIn(clock), 2);
export const needsRenewal = (session: Session, clock: Clock) =>
  todayIn(clock) >= addDays(session.expirationDate, -1);

export const createSessionManager = (deps: {
  http: HttpClient;
  consumerToken: string;
  employeeToken: string;
  clock: Clock;
  logger?: TripletexLogger;
}): SessionManager => {
  const { http, consumerToken, employeeToken, clock, logger } = deps;
  const secrets = [consumerToken, employeeToken];
  let current: Session | null = null;
  // Concurrent callers share one creation instead of each making a session.
  let creating: Promise<Session> | null = null;

  /**
   * A refusal of the session request says what it is about. The tokens are refused with 401/403, or
   * with 422 naming `arg:consumerToken`/`arg:employeeToken` (e.g. a token of the other environment):
   * that needs an admin, not a retry. Any other refusal (a 404, 405, 400, or a 422 about something
   * else) is Tripletex not taking the request as sent, kept as the kind its status gives, so a
   * request the API does not accept is never reported as wrong tokens.
   */
  const asSessionError = (error: unknown) => {
    if (!isAccountingError(error)) return error;
    const message = redactSecrets(error.message, secrets);
    const { status, fields = {} } = error.details ?? {};
    const refusedTokens = Object.keys(fields).filter((field) => /^arg:(consumer|employee)Token$/.test(field));
    if (status === 401 || status === 403 || refusedTokens.length > 0) {
      const which = refusedTokens.length > 0 ? ` (${refusedTokens.map((f) => f.slice(4)).join(', ')})` : '';
      return new AccountingError(
        'auth',
        `Tripletex refused the consumer or employee token${which}: ${message}`,
        error.details,
      );
    }
    if (error.kind === 'unreachable' || error.kind === 'rate-limited') {
      return new AccountingError(error.kind, message, error.details);
    }
    return new AccountingError(
      error.kind,
      `Tripletex refused the session request (HTTP ${status ?? '?'}): ${message}`,
      error.details,
    );
  };

  const create = async (): Promise<Session> => {
    const expirationDate = sessionExpirationDate(clock);
    let body: unknown;
    try {
      // The form Tripletex's OpenAPI document declares: PUT, the three values as query parameters.
      body = await http.send({
        method: 'PUT',
        path: '/token/session/:create',
        query: { consumerToken, employeeToken, expirationDate },
        // A second session after a lost answer costs nothing; the first one simply expires.
        isReplaySafe: true,
      });
    } catch (error) {
      throw asSessionError(error);
    }
    const parsed = sessionSchema.safeParse(body);
    if (!parsed.success)
      throw new AccountingError('unreachable', 'Tripletex answered the session request unreadably');
    const answered = parsed.data.value.expirationDate?.slice(0, 10) ?? '';
    return {
      token: parsed.data.value.token,
      expirationDate: /^\d{4}-\d{2}-\d{2}$/.test(answered) ? answered : expirationDate,
    };
  };

  const token = async () => {
    if (current && !needsRenewal(current, clock)) return current.token;
    if (!creating) {
      creating = create()
        .then((session) => {
          current = session;
          return session;
        })
        .finally(() => {
          creating = null;
        });
    }
    return (await creating).token;
  };

  const invalidate = (stale: string) => {
    if (current?.token === stale) current = null;
  };

  const end = async () => {
    const session = current ?? (creating ? await creating.catch(() => null) : null);
    current = null;
    if (!session) return;
    try {
      await http.send({
        method: 'DELETE',
        path: `/token/session/${encodeURIComponent(session.token)}`,
        sessionToken: session.token,
        maxRetries: 0,
      });
    } catch (error) {
      const kind = isAccountingError(error) ? error.kind : 'unknown';
      logger?.warn({ kind }, 'Could not end the Tripletex session; it expires on its own');
    }
  };

  return { token, invalidate, end };
};
