import { AccountingError } from '../port';
import { errorFromAnswer } from './errors';
import { backoffDelayMs, rateLimitDelayMs } from './retry-policy';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';
export type QueryValue = string | number | boolean | undefined;
export type TripletexLogger = { warn: (obj: Record<string, unknown>, msg: string) => void };

export type HttpRequest = {
  method: HttpMethod;
  /** Relative to the base URL, e.g. `/customer/12`, with ids already URL-encoded. */
  path: string;
  query?: Record<string, QueryValue>;
  /** Sent as JSON. */
  body?: unknown;
  /** Sent as `multipart/form-data` instead of a JSON body (an upload); fetch writes the boundary. */
  form?: FormData;
  /** The session token for HTTP Basic; absent only when creating a session. */
  sessionToken?: string;
  /**
   * Whether sending again after an ambiguous failure (time-out, dropped connection, 5xx) is harmless.
   * Defaults to true for GET and DELETE. A POST or PUT may already have been applied when its answer
   * is lost, so it is retried only when the failure proves nothing arrived (429, connection refused);
   * the caller then looks the record up instead of creating it twice.
   */
  isReplaySafe?: boolean;
  /** Overrides the client's retry budget, e.g. 0 for a best-effort call. */
  maxRetries?: number;
};

export type HttpClientConfig = {
  baseUrl: string;
  companyId: string;
  timeoutMs: number;
  maxRetries: number;
  fallbackRetryDelayMs: number;
  sleep: (ms: number) => Promise<void>;
  random: () => number;
  logger?: TripletexLogger;
};

export type HttpClient = { send: (request: HttpRequest) => Promise<unknown> };

type Outcome =
  | { type: 'answer'; status: number; headers: Headers; body: unknown }
  | { type: 'failure'; reason: 'timeout' | 'network'; isNotSent: boolean; code: string };

/** Errors that prove the request never left this machine, so even a POST may be sent again. */
const NOT_SENT_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN']);

const errorCode = (error: unknown): string => {
  if (typeof error !== 'object' || error === null) return 'UNKNOWN';
  const cause: unknown = 'cause' in error ? error.cause : undefined;
  if (typeof cause === 'object' && cause !== null) {
    if ('code' in cause && typeof cause.code === 'string') return cause.code;
    if ('errors' in cause && Array.isArray(cause.errors)) return errorCode({ cause: cause.errors[0] });
  }
  return 'UNKNOWN';
};

const classifyFailure = (error: unknown): Outcome => {
  const name = error instanceof Error ? error.name : '';
  if (name === 'TimeoutError' || name === 'AbortError') {
    return { type: 'failure', reason: 'timeout', isNotSent: false, code: 'TIMEOUT' };
  }
  const code = errorCode(error);
  return { type: 'failure', reason: 'network', isNotSent: NOT_SENT_CODES.has(code), code };
};

const parseJson = (text: string): unknown => {
  if (text === '') return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
};

const attemptOnce = async (url: string, init: RequestInit, timeoutMs: number): Promise<Outcome> => {
  try {
    // The time-out covers reading the body too: a stalled stream is as dead as a stalled connect.
    const response = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    const text = await response.text();
    return { type: 'answer', status: response.status, headers: response.headers, body: parseJson(text) };
  } catch (error) {
    return classifyFailure(error);
  }
};

const buildUrl = (baseUrl: string, path: string, query: Record<string, QueryValue> = {}) => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined) params.set(key, String(value));
  }
  const search = params.toString();
  return `${baseUrl.replace(/\/+$/, '')}${path}${search ? `?${search}` : ''}`;
};

/** The path as it may appear in logs: `DELETE /token/session/{token}` carries a token in its path. */
export const redactPath = (path: string) =>
  path.replace(/^\/token\/session\/(?![:>]|%3E)[^/?]+/i, '/token/session/[redacted]');

export const createHttpClient = (config: HttpClientConfig): HttpClient => {
  const basicAuth = (token: string) =>
    `Basic ${Buffer.from(`${config.companyId}:${token}`).toString('base64')}`;

  const send = async (request: HttpRequest): Promise<unknown> => {
    const { method } = request;
    const headers: Record<string, string> = { Accept: 'application/json' };
    const isJson = request.form === undefined && request.body !== undefined;
    if (isJson) headers['Content-Type'] = 'application/json; charset=utf-8';
    if (request.sessionToken !== undefined) headers.Authorization = basicAuth(request.sessionToken);
    // A FormData body is serialized afresh by each fetch, so a retry sends the whole file again.
    const body = isJson ? JSON.stringify(request.body) : request.form;
    const init: RequestInit = { method, headers, ...(body !== undefined && { body }) };
    const url = buildUrl(config.baseUrl, request.path, request.query);
    const maxRetries = request.maxRetries ?? config.maxRetries;
    const isReplaySafe = request.isReplaySafe ?? (method === 'GET' || method === 'DELETE');
    const logPath = redactPath(request.path);

    const wait = async (attempt: number, delayMs: number, why: Record<string, unknown>) => {
      config.logger?.warn(
        { method, path: logPath, attempt: attempt + 1, delayMs, ...why },
        'Tripletex request failed; retrying',
      );
      await config.sleep(delayMs);
    };

    for (let attempt = 0; ; attempt += 1) {
      const outcome = await attemptOnce(url, init, config.timeoutMs);
      const canRetry = attempt < maxRetries;
      if (outcome.type === 'answer') {
        const { status } = outcome;
        if ((status >= 200 && status < 300) || status === 304) return outcome.body;
        // A 429 means Tripletex did nothing with the request, so any method may be sent again.
        if (status === 429 && canRetry) {
          const delay = rateLimitDelayMs(
            outcome.headers.get('x-rate-limit-reset'),
            config.fallbackRetryDelayMs,
          );
          await wait(attempt, delay, { status });
          continue;
        }
        if (status >= 500 && canRetry && isReplaySafe) {
          await wait(attempt, backoffDelayMs(attempt, config.random), { status });
          continue;
        }
        throw errorFromAnswer(status, outcome.body, outcome.headers.get('x-tlx-request-id'));
      }
      if (canRetry && (isReplaySafe || outcome.isNotSent)) {
        await wait(attempt, backoffDelayMs(attempt, config.random), { error: outcome.code });
        continue;
      }
      const what =
        outcome.reason === 'timeout'
          ? `did not answer within ${config.timeoutMs} ms`
          : `could not be reached (${outcome.code})`;
      const hint = isReplaySafe || outcome.isNotSent ? '' : '; the change may have been applied';
      throw new AccountingError('unreachable', `Tripletex ${what} after ${attempt + 1} attempt(s)${hint}`);
    }
  };

  return { send };
};
