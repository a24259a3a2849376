import { httpRouteAccess, isRoleAllowed, PUBLIC, SIGNED_LINK_OR_MEMBERS } from '@karm/domain/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, forbidden } from '../errors';
import type { ResolveActor } from '../realtime/gateway';

/** The session token travels in the `token` header only: never in a URL, where logs keep it. */
const tokenOf = (request: FastifyRequest) => {
  const header = request.headers.token;
  return typeof header === 'string' && header.length > 0 ? header : undefined;
};

/** A signed download link names its signature in the query; the route itself checks it. */
const carriesSignedLink = (request: FastifyRequest) =>
  typeof (request.query as { sig?: unknown } | undefined)?.sig === 'string';

/**
 * onRequest hook of every /api route (DESIGN rule 4a): looks the route up in the permission table,
 * then checks the session, then the role — before Fastify parses or validates anything, so a caller
 * without a session gets 401 whatever they sent. A route missing from the table is refused.
 */
export const checkRouteAccess = (resolveActor: ResolveActor) => async (request: FastifyRequest) => {
  const route = request.routeOptions.url;
  // No route matched: the not-found handler answers.
  if (route === undefined) return;
  const method = request.method === 'HEAD' ? 'GET' : request.method;
  const access = httpRouteAccess(method, route);
  if (access === undefined) throw forbidden('This route has no permission rule');
  if (access === PUBLIC) return;
  if (access === SIGNED_LINK_OR_MEMBERS && carriesSignedLink(request)) return;
  const token = tokenOf(request);
  const actor = token ? await resolveActor(token) : null;
  if (!actor) throw new AppError('NOT_AUTHORIZED', 'Not authorized');
  if (!isRoleAllowed(access, actor.role)) throw forbidden('Your role may not do this');
  request.actor = actor;
};

/** Watches routes as they are registered and lists those the permission table does not name. */
export const collectRoutesWithoutRule = (app: FastifyInstance) => {
  const missing: string[] = [];
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === 'HEAD') continue;
      if (httpRouteAccess(method, route.url) === undefined) missing.push(`${method} ${route.url}`);
    }
  });
  return missing;
};
