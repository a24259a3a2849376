import { workOrderDownloadQuerySchema, workOrderParamsSchema } from '@karm/domain/contract';
import { actorOf } from '../../platform/http/actor';
import { downloadAccess } from '../../platform/http/download-links';
import type { HttpRoutes } from '../../platform/http/types';
import { renderWorkOrderPdf } from './work-order-pdf';

export const workOrderRoutes: HttpRoutes = (app, deps) => {
  const { ctx } = deps;
  app.get(
    '/project/:id/work-order.pdf',
    {
      // A signed link (POST /api/download-links) or the token header.
      preHandler: downloadAccess(deps, 'work-order-pdf', (request) => (request.params as { id: string }).id),
      schema: {
        params: workOrderParamsSchema,
        querystring: workOrderDownloadQuerySchema,
        tags: ['projects'],
      },
    },
    async (request, reply) => {
      const { fileName, bytes } = await renderWorkOrderPdf(ctx, actorOf(request), {
        projectId: request.params.id,
        locale: request.query.locale,
      });
      return reply
        .header('content-type', 'application/pdf')
        .header('content-length', bytes.length)
        .header('content-disposition', `inline; filename="${fileName}"`)
        .header('cache-control', 'private, no-store')
        .send(bytes);
    },
  );
};
