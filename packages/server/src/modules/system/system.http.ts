import { type HealthDto, healthDtoSchema } from '@karm/domain/contract';
import { httpModule, publicRoute } from '../../platform/http/routes';

/** GET /api/health: for load balancers and the new-version check; needs no sign-in. */
export const systemRoutes = httpModule('system', [
  publicRoute({
    method: 'GET',
    url: '/health',
    access: 'public',
    schemas: { response: healthDtoSchema },
    useCase: async (ctx, { reply }) => {
      const isDbUp = await ctx.database.ping();
      const health: HealthDto = {
        status: isDbUp ? 'ok' : 'degraded',
        db: isDbUp ? 'ok' : 'down',
        version: ctx.version,
        buildId: ctx.buildId,
      };
      return reply.code(isDbUp ? 200 : 503).send(health);
    },
  }),
]);
