import { createHash } from 'node:crypto';
import type { FakeSession, FakeState } from './fake-state';

export type FakeResponse = { status: number; body?: unknown; headers?: Record<string, string> };
export type ValidationMessage = { field: string; message: string };

export type FakeConfig = {
  consumerToken: string;
  employeeToken: string;
  companyId: number;
  companyName: string;
  owner: { id: number; firstName: string; lastName: string };
  /** Report the true `fullResultSize`; by default the fake reports the page's length, which is wrong. */
  exactFullResultSize: boolean;
};

export type RouteContext = {
  state: FakeState;
  config: FakeConfig;
  /** The regex groups of the route's pattern. */
  params: string[];
  query: URLSearchParams;
  body: unknown;
  /** The live session the request authenticated with; null on public routes. */
  session: FakeSession | null;
  /** `http://127.0.0.1:port/v2`, for the `url` of references. */
  baseUrl: string;
  ifNoneMatch: string | null;
};

export type Route = {
  method: string;
  pattern: RegExp;
  /** Reachable without a session (only session creation). */
  isPublic?: boolean;
  handle: (ctx: RouteContext) => FakeResponse;
};

export const ok = (value: unknown): FakeResponse => ({ status: 200, body: { value } });
export const created = (value: unknown): FakeResponse => ({ status: 201, body: { value } });
export const noContent = (): FakeResponse => ({ status: 204 });

/** Tripletex's error envelope; the request id is added when the answer is sent. */
export const fail = (
  status: number,
  code: number,
  message: string,
  validationMessages: ValidationMessage[] = [],
): FakeResponse => ({
  status,
  body: {
    status,
    code,
    message,
    link: 'https://tripletex.no/v2-docs/',
    developerMessage: message,
    validationMessages,
  },
});
export const notFound = (what: string) => fail(404, 6000, `${what} was not found`);
export const invalid = (messages: ValidationMessage[]) => fail(422, 18000, 'Validation failed', messages);

const intParam = (query: URLSearchParams, name: string, fallback: number) => {
  const value = Number(query.get(name) ?? fallback);
  return Number.isInteger(value) && value >= 0 ? value : fallback;
};

/** A comma list of ids (`customerId=1,2`), or null when the filter is absent. */
export const idsParam = (query: URLSearchParams, name: string) => {
  const raw = query.get(name);
  return raw === null || raw === '' ? null : raw.split(',').map(Number);
};

export const flagParam = (query: URLSearchParams, name: string) => {
  const raw = query.get(name);
  return raw === null || raw === '' ? null : raw === 'true';
};

/** Tripletex's text filters match parts of values, case-insensitively. */
export const containsParam = (query: URLSearchParams, name: string, value: string) => {
  const filter = query.get(name);
  return !filter || value.toLowerCase().includes(filter.toLowerCase());
};

export const equalsParam = (query: URLSearchParams, name: string, value: string) => {
  const filter = query.get(name);
  return !filter || value.toLowerCase() === filter.toLowerCase();
};

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A required `YYYY-MM-DD` query parameter; a message in `errors` when it is missing or malformed. */
export const requiredDateParam = (query: URLSearchParams, name: string, errors: ValidationMessage[]) => {
  const value = query.get(name);
  if (!value || !DATE.test(value)) errors.push({ field: name, message: 'Required, a date (YYYY-MM-DD)' });
  return value ?? '';
};

/** A flag query parameter may be absent, `true` or `false`; a message in `errors` otherwise. */
export const checkFlagParam = (query: URLSearchParams, name: string, errors: ValidationMessage[]) => {
  const value = query.get(name);
  if (value !== null && value !== 'true' && value !== 'false') {
    errors.push({ field: name, message: 'Must be true or false' });
  }
};

const MAX_RESULT_SIZE = 10_000;

/** The list envelope, with `from`/`count` paging, sorting by id, and the `If-None-Match` checksum. */
export const listAnswer = <T extends { id: number; version: number }>(
  ctx: RouteContext,
  records: Iterable<T>,
  toJson: (record: T) => unknown,
): FakeResponse => {
  const isDescending = ctx.query.get('sorting')?.trim().startsWith('-id') ?? false;
  const all = [...records].sort((a, b) => (isDescending ? b.id - a.id : a.id - b.id));
  if (all.length > MAX_RESULT_SIZE)
    return fail(422, 23000, 'The query matches too many objects; add filters');
  const versionDigest = createHash('sha1')
    .update(JSON.stringify(all.map((r) => [r.id, r.version])))
    .digest('hex');
  if (ctx.ifNoneMatch === versionDigest) return { status: 304 };
  const from = intParam(ctx.query, 'from', 0);
  const count = intParam(ctx.query, 'count', 1000);
  const values = all.slice(from, from + count);
  return {
    status: 200,
    body: {
      fullResultSize: ctx.config.exactFullResultSize ? all.length : values.length,
      from,
      count: values.length,
      versionDigest,
      values: values.map(toJson),
    },
  };
};

/** GET /<resource>/{id}: the record as Tripletex answers it, or its 404. */
export const getByIdRoute = <T>(
  resource: string,
  what: string,
  find: (state: FakeState, id: number) => T | undefined,
  toJson: (ctx: RouteContext, record: T) => unknown,
): Route => ({
  method: 'GET',
  pattern: new RegExp(`^\\/${resource}\\/(\\d+)$`),
  handle: (ctx) => {
    const record = find(ctx.state, Number(ctx.params[0]));
    return record === undefined ? notFound(what) : ok(toJson(ctx, record));
  },
});

/** Tripletex refuses a PUT carrying another `version` than the record's (409, code 8000); null when fine. */
export const staleVersion = (body: Record<string, unknown>, current: number): FakeResponse | null => {
  const { version } = body;
  return version !== undefined && version !== null && version !== current
    ? fail(409, 8000, 'The object has been changed by someone else since it was read')
    : null;
};
