import { randomBytes } from 'node:crypto';
import { todayIn } from '../../platform/clock';
import {
  fail,
  invalid,
  noContent,
  notFound,
  ok,
  type Route,
  type RouteContext,
  type ValidationMessage,
} from './fake-http';
import type { FakeSession, FakeState } from './fake-state';

const isTestToken = (token: string) => token.startsWith('test-');

/** Alive until the end of its expiration date (Oslo), unless ended or expired by a test. */
export const isSessionLive = (state: FakeState, session: FakeSession) =>
  session.isLive && session.expirationDate >= todayIn({ now: state.now });

/**
 * Token checks, in the order that tells a person the most: a token of the other environment (test
 * tokens start with `test-`) gives Tripletex's 422/18000 with field `arg:consumerToken` (or
 * `arg:employeeToken`); a token of the right environment that the fake was not started with gives
 * 401/3000, as an unknown or revoked token does.
 */
const createSession = (ctx: RouteContext, input: Record<string, unknown>) => {
  const { config, state } = ctx;
  const errors: ValidationMessage[] = [];
  for (const name of ['consumerToken', 'employeeToken'] as const) {
    const value = input[name];
    if (typeof value !== 'string' || value === '') errors.push({ field: `arg:${name}`, message: 'Required' });
    else if (isTestToken(value) !== isTestToken(config[name])) {
      errors.push({ field: `arg:${name}`, message: 'The token is not valid in this environment' });
    }
  }
  const { expirationDate } = input;
  const isDate = typeof expirationDate === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(expirationDate);
  if (!isDate || expirationDate <= todayIn({ now: state.now })) {
    errors.push({ field: 'expirationDate', message: 'Must be a date after today (YYYY-MM-DD)' });
  }
  if (errors.length > 0) return invalid(errors);
  if (input.consumerToken !== config.consumerToken || input.employeeToken !== config.employeeToken) {
    return fail(401, 3000, 'Invalid or expired token');
  }
  const session: FakeSession = {
    id: state.nextId(),
    version: 0,
    token: `eyJ${randomBytes(24).toString('base64url')}`,
    expirationDate: String(expirationDate),
    isLive: true,
  };
  state.sessions.set(session.token, session);
  return ok({
    id: session.id,
    version: session.version,
    url: `${ctx.baseUrl}/token/session/${session.id}`,
    consumerToken: { id: 1, url: `${ctx.baseUrl}/token/consumer/1` },
    employeeToken: { id: 2, url: `${ctx.baseUrl}/token/employee/2` },
    expirationDate: session.expirationDate,
    token: session.token,
  });
};

export const sessionRoutes: Route[] = [
  {
    // The only form the document declares: the tokens in the query string, no body. (Some clients
    // POST a JSON body; the document has no such operation, and neither has the fake.)
    method: 'PUT',
    pattern: /^\/token\/session\/:create$/,
    isPublic: true,
    handle: (ctx) => createSession(ctx, Object.fromEntries(ctx.query)),
  },
  {
    method: 'GET',
    pattern: /^\/token\/session\/>whoAmI$/,
    handle: ({ config, baseUrl }) =>
      ok({
        employeeId: config.owner.id,
        companyId: config.companyId,
        company: {
          id: config.companyId,
          url: `${baseUrl}/company/${config.companyId}`,
          name: config.companyName,
        },
        employee: {
          id: config.owner.id,
          url: `${baseUrl}/employee/${config.owner.id}`,
          firstName: config.owner.firstName,
          lastName: config.owner.lastName,
          displayName: `${config.owner.firstName} ${config.owner.lastName}`,
        },
        language: 'NO',
      }),
  },
  {
    method: 'DELETE',
    pattern: /^\/token\/session\/([^/:>]+)$/,
    handle: ({ state, params }) => {
      const session = state.sessions.get(params[0]);
      if (!session) return notFound('Session');
      session.isLive = false;
      return noContent();
    },
  },
];
