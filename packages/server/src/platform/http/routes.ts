import { type Access, type DownloadKind, PUBLIC, permissionsNamedBy, SIGNED_IN } from '@karm/domain/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Actor, AppContext } from '../context';
import { actorOf } from './actor';
import type { HttpApp } from './types';

type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The contract's schemas of a route: what Fastify validates before the use case runs. */
export type RouteSchemas = {
  params?: z.ZodType;
  querystring?: z.ZodType;
  body?: z.ZodType;
  consumes?: string[];
};

type Parsed<S, K extends string> = S extends { [Key in K]: infer Schema extends z.ZodType }
  ? z.output<Schema>
  : undefined;

/** What a route's use case gets: the validated parts of the request, and the request and reply themselves. */
export type RouteInput<S extends RouteSchemas> = {
  params: Parsed<S, 'params'>;
  query: Parsed<S, 'querystring'>;
  body: Parsed<S, 'body'>;
  request: FastifyRequest;
  reply: FastifyReply;
};

/**
 * A download the browser opens by itself (a PDF in a frame, an image), where no header can be set: a
 * short-lived signed link for this kind and resource (`POST /api/download-links`) stands in for the
 * session. `resourceId` reads the raw request, since the link is checked before anything is validated.
 */
export type SignedLinkRule = { kind: DownloadKind; resourceId: (request: FastifyRequest) => string };

type RouteBase<S extends RouteSchemas> = {
  method: HttpMethod;
  /** The path under /api, as Fastify writes it (`/offers/:id`). */
  url: string;
  schemas?: S;
  /** The status of a successful answer, when not 200 (e.g. 201 for a stored upload). */
  status?: number;
};

export type Route<S extends RouteSchemas> = RouteBase<S> & {
  access: Exclude<Access, typeof PUBLIC>;
  signedLink?: SignedLinkRule;
  useCase: (ctx: AppContext, actor: Actor, input: RouteInput<S>) => Promise<unknown>;
};

export type PublicRoute<S extends RouteSchemas> = RouteBase<S> & {
  access: typeof PUBLIC;
  useCase: (ctx: AppContext, input: RouteInput<S>) => Promise<unknown>;
};

type AnyRoute = Route<RouteSchemas> | PublicRoute<RouteSchemas>;

/** One REST route: its path, schemas, permission and use case. */
export const route = <S extends RouteSchemas = Record<never, never>>(definition: Route<S>) =>
  definition as unknown as AnyRoute;

/** A route that needs no session (only health has one). */
export const publicRoute = <S extends RouteSchemas = Record<never, never>>(definition: PublicRoute<S>) =>
  definition as unknown as AnyRoute;

/** A module's REST routes, declared once; `tag` groups them in the OpenAPI description. */
export type HttpModule = { tag: string; routes: AnyRoute[] };
export const httpModule = (tag: string, routes: AnyRoute[]): HttpModule => ({ tag, routes });

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route (the access hook in `access.ts` checks it before anything else). */
    access?: Access;
    signedLink?: SignedLinkRule;
  }
}

/** What the OpenAPI description says about who may call a route. */
const accessText = (access: Access) =>
  access === PUBLIC
    ? 'Needs no sign-in.'
    : access === SIGNED_IN
      ? 'Any signed-in member.'
      : `Needs the permission ${permissionsNamedBy(access).join(' or ')}.`;

/** Mounts the modules' routes under the given app (/api): the access hook reads each route's rule. */
export const registerHttpModules = (api: HttpApp, ctx: AppContext, modules: readonly HttpModule[]) => {
  for (const { tag, routes } of modules) {
    for (const definition of routes) {
      api.route({
        method: definition.method,
        url: definition.url,
        schema: { ...definition.schemas, tags: [tag], description: accessText(definition.access) },
        config: {
          access: definition.access,
          signedLink: definition.access === PUBLIC ? undefined : definition.signedLink,
        },
        handler: async (request, reply) => {
          const input = { params: request.params, query: request.query, body: request.body, request, reply };
          const result =
            definition.access === PUBLIC
              ? await definition.useCase(ctx, input as never)
              : await definition.useCase(ctx, actorOf(request), input as never);
          if (definition.status !== undefined && !reply.sent) reply.code(definition.status);
          return result;
        },
      });
    }
  }
};
