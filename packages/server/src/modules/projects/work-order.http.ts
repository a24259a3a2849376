import { workOrderParamsSchema, workOrderQuerySchema } from '@karm/domain/contract';
import { actorOf } from '../../platform/http/actor';
import type { HttpRoutes } from '../../platform/http/types';
import { renderWorkOrderPdf } from './work-order-pdf';

export const workOrderRoutes: HttpRoutes = (app, { ctx, authenticate }) => {
  app.get(
    '/project/:id/work-order.pdf',
    {
      preHandler: authenticate,
      schema: { params: workOrderParamsSchema, querystring: workOrderQuerySchema, tags: ['projects'] },
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
