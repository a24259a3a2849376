import { type DownloadKind, isAllowed, PUBLIC } from '@karm/domain/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Actor } from '../context';
import { AppError, forbidden, refusedAction } from '../errors';
import type { ResolveActor } from '../realtime/gateway';

/** The session token travels in the `token` header only: never in a URL, where logs keep it. */
const tokenOf = (request: FastifyRequest) => {
  const header = request.headers.token;
  return typeof header === 'string' && header.length > 0 ? header : undefined;
};

/** A signed download link names its signature in the query. */
const carriesSignedLink = (request: FastifyRequest) =>
  typeof (request.query as { sig?: unknown } | undefined)?.sig === 'string';

export type VerifySignedLink = (kind: DownloadKind, resourceId: string, link: unknown) => Promise<Actor>;

/**
 * onRequest hook of every /api route (DESIGN rule 5): reads the route's rule from its module's table,
 * then checks the session (or, on a download, a signed link), then the permission — before Fastify
 * parses or validates anything, so a caller without a session gets 401 whatever they sent. A route
 * without a rule is refused.
 */
export const checkRouteAccess =
  (resolveActor: ResolveActor, verifySignedLink: VerifySignedLink) => async (request: FastifyRequest) => {
    const route = request.routeOptions.url;
    // No route matched: the not-found handler answers.
    if (route === undefined) return;
    const { access, signedLink } = request.routeOptions.config;
    if (access === undefined) throw forbidden('This route has no permission rule');
    if (access === PUBLIC) return;
    let actor: Actor | null;
    if (signedLink && carriesSignedLink(request)) {
      actor = await verifySignedLink(signedLink.kind, signedLink.resourceId(request), request.query);
    } else {
      const token = tokenOf(request);
      actor = token ? await resolveActor(token) : null;
      if (!actor) throw new AppError('NOT_AUTHORIZED', 'Not authorized');
    }
    if (!isAllowed(access, actor.permissions)) throw refusedAction(`${request.method} ${route}`, access);
    request.actor = actor;
  };

/** Watches routes as they are registered and lists those without an access rule. */
export const collectRoutesWithoutRule = (app: FastifyInstance) => {
  const missing: string[] = [];
  app.addHook('onRoute', (route) => {
    if (route.config?.access !== undefined) return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) if (method !== 'HEAD') missing.push(`${method} ${route.url}`);
  });
  return missing;
};
