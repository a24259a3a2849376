import { isErrorPayload } from '@karm/domain/contract';
import { ApiError, http } from './http';
import { recentActions } from './recent-actions';
import { request } from './socket';

export type ClientLogEntry = {
  action: string;
  message: string;
  level?: 'error' | 'warn' | 'info';
  data?: unknown;
  error?: { name: string; message: string; stack?: string };
};

const toErrorShape = (error: unknown): ClientLogEntry['error'] =>
  error instanceof Error
    ? { name: error.name, message: error.message, stack: error.stack }
    : { name: 'Error', message: String(error) };

/** Automatic reports a tab sends per minute at most; a render loop must not flood the server. */
export const CLIENT_REPORTS_PER_MINUTE = 10;
/** The same failure again within this time is not sent again. */
const REPEAT_QUIET_MS = 10_000;

let sentAt: number[] = [];
const lastSentByKey = new Map<string, number>();

/** Whether one more automatic report may go now (and counts it if so). */
const mayReport = (key: string, now: number) => {
  sentAt = sentAt.filter((time) => now - time < 60_000);
  const last = lastSentByKey.get(key);
  if (sentAt.length >= CLIENT_REPORTS_PER_MINUTE || (last !== undefined && now - last < REPEAT_QUIET_MS))
    return false;
  sentAt.push(now);
  lastSentByKey.set(key, now);
  if (lastSentByKey.size > 100) lastSentByKey.clear();
  return true;
};

/** For tests. */
export const resetReportLimits = () => {
  sentAt = [];
  lastSentByKey.clear();
};

/**
 * Stores a client-side failure on the server (`POST /api/log`, SPEC §7 and §8), rate-limited per
 * tab. Never throws.
 */
export const reportClientError = async (action: string, error: unknown, data?: unknown) => {
  try {
    const shape = toErrorShape(error);
    if (!mayReport(`${action}\n${shape?.message ?? ''}`, Date.now())) return;
    await http('/log', {
      method: 'POST',
      body: {
        action,
        message: shape?.message ?? 'Unknown error',
        level: 'error',
        data: { route: window.location.pathname, ...(data as object | undefined) },
        error: shape,
      },
    });
  } catch {
    // Logging must never cause a second failure; the console is the last resort.
    console.warn('Could not report client error', error);
  }
};

/** An error as the person saw it: a server's code, message and details, or what was thrown. */
export type ReportedError = { code: string; message: string; details?: unknown };

export const toReportedError = (error: unknown): ReportedError => {
  if (error instanceof ApiError) return { code: error.code, message: error.message, details: error.details };
  if (isErrorPayload(error)) return { code: error.code, message: error.message, details: error.details };
  return { code: 'CLIENT', message: error instanceof Error ? error.message : String(error) };
};

/**
 * "Send error to administrator" (SPEC §2): the error, where the person is, what they did just before,
 * and their comment. Rejects with the server's error (e.g. RATE_LIMITED) for the dialog to show.
 */
export const sendErrorToAdministrator = (error: ReportedError, comment: string) =>
  request('logs:report', {
    error: { code: error.code, message: error.message, details: error.details },
    route: window.location.pathname,
    recentActions: [...recentActions()],
    ...(comment.trim() && { comment: comment.trim() }),
  });
