import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../context';

/** Fastify typed by the zod contract: route schemas give handlers typed input. */
export type HttpApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

export type HttpDeps = {
  ctx: AppContext;
};

/** A module's REST adapter: registers its routes under /api. */
export type HttpRoutes = (app: HttpApp, deps: HttpDeps) => void;
