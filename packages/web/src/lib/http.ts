import { type ErrorPayload, isErrorPayload } from '@karm/domain/contract';
import { getAccessToken } from './access-token';

/** SPEC §9: every request gives up after 10 seconds. */
export const REQUEST_TIMEOUT_MS = 10_000;
export const API_BASE = '/api';

/**
 * A failed call, carrying the server's error code and, when the message came from one, its message
 * key, so the UI can translate it (`errorTextOf` in `./error-text`); `message` is the server's English.
 */
export class ApiError extends Error {
  readonly code: ErrorPayload['code'];
  readonly messageKey: string | undefined;
  readonly details: unknown;
  constructor(payload: ErrorPayload) {
    super(payload.message);
    this.name = 'ApiError';
    this.code = payload.code;
    this.messageKey = payload.messageKey;
    this.details = payload.details;
  }
}

type RequestOptions = {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  query?: Record<string, string | number | boolean | undefined>;
  body?: unknown;
  signal?: AbortSignal;
  /** Headers a route asks for besides the token (SPEC §7's `company-id` of /service-project/data/full). */
  headers?: Record<string, string>;
};

const buildUrl = (path: string, query: RequestOptions['query']) => {
  const url = new URL(`${API_BASE}${path.startsWith('/') ? path : `/${path}`}`, window.location.origin);
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined) url.searchParams.set(key, String(value));
  }
  return url;
};

/** The main REST client: JSON in and out, access token in the `token` header (SPEC §7). */
export const http = async <T>(path: string, options: RequestOptions = {}): Promise<T> => {
  const token = getAccessToken();
  const isForm = options.body instanceof FormData;
  const headers: Record<string, string> = { ...options.headers };
  if (token) headers.token = token;
  if (options.body !== undefined && !isForm) headers['content-type'] = 'application/json';
  const timeout = AbortSignal.timeout(REQUEST_TIMEOUT_MS);
  const response = await fetch(buildUrl(path, options.query), {
    method: options.method ?? 'GET',
    headers,
    body: isForm
      ? (options.body as FormData)
      : options.body === undefined
        ? undefined
        : JSON.stringify(options.body),
    signal: options.signal ? AbortSignal.any([options.signal, timeout]) : timeout,
  });
  const text = await response.text();
  const data: unknown = text ? JSON.parse(text) : undefined;
  if (!response.ok) {
    throw new ApiError(
      isErrorPayload(data) ? data : { code: 'INTERNAL', message: `HTTP ${response.status}` },
    );
  }
  return data as T;
};
