import type { HealthDto } from '@karm/domain/contract';
import type { HttpRoutes } from '../../platform/http/types';

/** GET /api/health: for load balancers and the new-version check; needs no sign-in. */
export const systemRoutes: HttpRoutes = (app, { ctx }) => {
  app.get('/health', { schema: { tags: ['system'] } }, async (_request, reply) => {
    const isDbUp = await ctx.database.ping();
    const health: HealthDto = {
      status: isDbUp ? 'ok' : 'degraded',
      db: isDbUp ? 'ok' : 'down',
      version: ctx.version,
      buildId: ctx.buildId,
    };
    return reply.code(isDbUp ? 200 : 503).send(health);
  });
};
