import {
  type Access,
  type DownloadKind,
  errorPayloadSchema,
  PUBLIC,
  permissionsNamedBy,
  SIGNED_IN,
} from '@karm/domain/contract';
import type { FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Actor, AppContext } from '../context';
import { AppError } from '../errors';
import { actorOf } from './actor';
import type { HttpApp } from './types';

type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The contract's schemas of a route: what Fastify validates before the use case runs. */
export type RouteSchemas = {
  params?: z.ZodType;
  querystring?: z.ZodType;
  body?: z.ZodType;
  consumes?: string[];
  /**
   * What a successful answer carries: the contract's schema of the JSON, a file's content types, or
   * nothing (204). Only the OpenAPI document (and, in tests, the answer check) reads it — see
   * `registerHttpModules`.
   */
  response?: z.ZodType | FileAnswer | NoContent;
};

/** An answer that is a file (PDF, image, spreadsheet…), named by its content types. */
export type FileAnswer = { kind: 'file'; contentTypes: readonly string[] };
export const fileAnswer = (...contentTypes: string[]): FileAnswer => ({ kind: 'file', contentTypes });

/** A route that answers 204 with no body. */
export type NoContent = { kind: 'none' };
export const NO_CONTENT: NoContent = { kind: 'none' };

const isZodSchema = (answer: RouteSchemas['response']): answer is z.ZodType => answer instanceof z.ZodType;

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

/**
 * What a use case may return: the contract's answer when the route has a response schema (so the
 * typecheck holds the schema and the service together), a reply it sent itself, or anything for a file.
 */
type Answer<S extends RouteSchemas> = S extends { response: infer Schema extends z.ZodType }
  ? z.output<Schema> | FastifyReply
  : unknown;

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
  useCase: (ctx: AppContext, actor: Actor, input: RouteInput<S>) => Promise<Answer<S>>;
};

export type PublicRoute<S extends RouteSchemas> = RouteBase<S> & {
  access: typeof PUBLIC;
  useCase: (ctx: AppContext, input: RouteInput<S>) => Promise<Answer<S>>;
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
    /** The successful answer's status and description, for the OpenAPI document (`openApiTransform`). */
    answer?: { status: number; response: NonNullable<RouteSchemas['response']> };
  }
}

/** What the OpenAPI description says about who may call a route. */
const accessText = (access: Access) =>
  access === PUBLIC
    ? 'Needs no sign-in.'
    : access === SIGNED_IN
      ? 'Any signed-in member.'
      : `Needs the permission ${permissionsNamedBy(access).join(' or ')}.`;

/**
 * The test server's check that each JSON answer is what the contract says (`checkAnswers`): the
 * answer as it goes over the wire is parsed by the route's response schema, and a mismatch fails the
 * request with 500 and the zod issues, so every module's server tests prove the schemas right.
 */
const answerCheck =
  (schema: z.ZodType, url: string) =>
  async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    if (reply.statusCode >= 300) return payload;
    const result = schema.safeParse(JSON.parse(JSON.stringify(payload)));
    if (result.success) return payload;
    request.log.error({ url, issues: result.error.issues }, 'The answer does not match its response schema');
    throw new AppError(
      'INTERNAL',
      `The answer of ${request.method} ${url} does not match its response schema`,
      {
        issues: result.error.issues,
      },
    );
  };

/**
 * Mounts the modules' routes under the given app (/api): the access hook reads each route's rule.
 *
 * The response schema is kept out of Fastify's `schema.response` on purpose: the zod serializer
 * compiler (app.ts) would then parse and encode every answer through zod before JSON.stringify, a cost
 * that grows with the answer (the service template answers 722 KiB). It rides in `config.answer`
 * instead, where only the OpenAPI document (`openApiTransform`) and the test server's answer check
 * (`checkAnswers`, never on in production) read it.
 */
export const registerHttpModules = (
  api: HttpApp,
  ctx: AppContext,
  modules: readonly HttpModule[],
  { checkAnswers = false }: { checkAnswers?: boolean } = {},
) => {
  for (const { tag, routes } of modules) {
    for (const definition of routes) {
      const { response, ...requestSchemas } = definition.schemas ?? {};
      api.route({
        method: definition.method,
        url: definition.url,
        schema: { ...requestSchemas, tags: [tag], description: accessText(definition.access) },
        config: {
          access: definition.access,
          signedLink: definition.access === PUBLIC ? undefined : definition.signedLink,
          answer: response ? { status: definition.status ?? 200, response } : undefined,
        },
        ...(checkAnswers && isZodSchema(response)
          ? { preSerialization: answerCheck(response, definition.url) }
          : {}),
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

type SwaggerDocument = Parameters<typeof jsonSchemaTransform>[0] & { route: RouteOptions };

/**
 * The swagger `transform`: the contract's zod schemas become JSON schema (jsonSchemaTransform), with
 * the route's successful answer (`config.answer`) and the error payload for 4xx added first. A file
 * answer is described by its content types, a 204 by no content.
 */
export const openApiTransform = (document: SwaggerDocument) => {
  const answer = document.route.config?.answer;
  if (!answer || !document.schema) return jsonSchemaTransform(document);
  const { status, response } = answer;
  const transformed = jsonSchemaTransform({
    ...document,
    schema: {
      ...document.schema,
      response: { ...(isZodSchema(response) ? { [status]: response } : {}), '4XX': errorPayloadSchema },
    },
  });
  const responses = transformed.schema.response as Record<string, unknown>;
  if (!isZodSchema(response))
    responses[status] =
      response.kind === 'file'
        ? {
            description: 'The file',
            content: Object.fromEntries(
              response.contentTypes.map((type) => [type, { schema: { type: 'string', format: 'binary' } }]),
            ),
          }
        : { description: 'No content', type: 'null' };
  return transformed;
};
