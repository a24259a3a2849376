import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Actor } from '../context';
import { AppError } from '../errors';
import type { ResolveActor } from '../realtime/gateway';

declare module 'fastify' {
  interface FastifyRequest {
    actor: Actor | null;
  }
}

/** The token travels in the `token` header; file links (SPEC §7) may carry it in the query instead. */
const tokenOf = (request: FastifyRequest) => {
  const header = request.headers.token;
  if (typeof header === 'string' && header.length > 0) return header;
  const query = request.query as { token?: unknown } | undefined;
  return typeof query?.token === 'string' && query.token.length > 0 ? query.token : undefined;
};

/** preHandler for every protected route: refuses a missing, expired or revoked token. */
export const requireActor =
  (resolveActor: ResolveActor) => async (request: FastifyRequest, _reply: FastifyReply) => {
    const token = tokenOf(request);
    const actor = token ? await resolveActor(token) : null;
    if (!actor) throw new AppError('NOT_AUTHORIZED', 'Not authorized');
    request.actor = actor;
  };

export const actorOf = (request: FastifyRequest): Actor => {
  if (!request.actor) throw new AppError('NOT_AUTHORIZED', 'Not authorized');
  return request.actor;
};
