import {
  projectCombinedDtoSchema,
  workOrderDownloadQuerySchema,
  workOrderParamsSchema,
} from '@karm/domain/contract';
import { z } from 'zod';
import { PDF_ANSWER, sendPdf } from '../../platform/http/pdf-reply';
import { httpModule, route } from '../../platform/http/routes';
import { getProjectCombined } from './projects.service';
import { renderWorkOrderPdf } from './work-order-pdf';

const READ = ['projects.read', 'projects.read-own'] as const;

export const projectsRoutes = httpModule('projects', [
  // SPEC §7: GET {host}/project/get-combined?projectId
  route({
    method: 'GET',
    url: '/project/get-combined',
    access: READ,
    schemas: { querystring: z.object({ projectId: z.uuid() }), response: projectCombinedDtoSchema },
    useCase: (ctx, actor, { query }) => getProjectCombined(ctx, actor, query.projectId),
  }),
  route({
    method: 'GET',
    url: '/project/:id/work-order.pdf',
    access: READ,
    // A signed link (POST /api/download-links) or the token header.
    signedLink: { kind: 'work-order-pdf', resourceId: (request) => (request.params as { id: string }).id },
    schemas: {
      params: workOrderParamsSchema,
      querystring: workOrderDownloadQuerySchema,
      response: PDF_ANSWER,
    },
    useCase: async (ctx, actor, { params, query, reply }) => {
      const pdf = await renderWorkOrderPdf(ctx, actor, { projectId: params.id, locale: query.locale });
      return sendPdf(reply, pdf);
    },
  }),
]);
