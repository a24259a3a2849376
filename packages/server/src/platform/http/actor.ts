import type { FastifyRequest } from 'fastify';
import type { Actor } from '../context';
import { AppError } from '../errors';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the access hook (`access.ts`) or a signed download link; null on public routes. */
    actor: Actor | null;
  }
}

/** The signed-in session of a protected route's request. */
export const actorOf = (request: FastifyRequest): Actor => {
  if (!request.actor) throw new AppError('NOT_AUTHORIZED', 'Not authorized');
  return request.actor;
};
