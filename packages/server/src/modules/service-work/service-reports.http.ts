import {
  serviceLogbookDtoSchema,
  serviceLogbookParamsSchema,
  servicePdfQuerySchema,
  serviceReportCreatedDtoSchema,
  serviceReportCreateSchema,
  serviceReportPageSchema,
  serviceReportParamsSchema,
  serviceReportsQuerySchema,
} from '@karm/domain/contract';
import { PDF_ANSWER, sendPdf } from '../../platform/http/pdf-reply';
import { route } from '../../platform/http/routes';
import {
  createServiceReport,
  listServiceReports,
  readServiceLogbook,
  serviceLogbookPdf,
  serviceReportPdf,
} from './service-reports.service';

/** Service reports of a service project and the per-door logbook (issue 19). */
export const serviceReportRoutes = [
  route({
    method: 'POST',
    url: '/service-project/service-report',
    access: 'service.work',
    schemas: { body: serviceReportCreateSchema, response: serviceReportCreatedDtoSchema },
    status: 201,
    useCase: (ctx, actor, { body }) => createServiceReport(ctx, actor, body),
  }),
  route({
    method: 'GET',
    url: '/service-project/service-report',
    access: 'service.read',
    schemas: { querystring: serviceReportsQuerySchema, response: serviceReportPageSchema },
    useCase: (ctx, actor, { query }) => listServiceReports(ctx, actor, query),
  }),
  route({
    method: 'GET',
    url: '/service-project/service-report/:id/pdf',
    access: 'service.read',
    // A signed link (POST /api/download-links) or the token header.
    signedLink: {
      kind: 'service-report-pdf',
      resourceId: (request) => (request.params as { id: string }).id,
    },
    schemas: { params: serviceReportParamsSchema, querystring: servicePdfQuerySchema, response: PDF_ANSWER },
    useCase: async (ctx, actor, { params, query, reply }) =>
      sendPdf(reply, await serviceReportPdf(ctx, actor, params.id), query.download === '1'),
  }),
  route({
    method: 'GET',
    url: '/service-project/service-item/:serviceItemId/logbook',
    access: 'service.read',
    schemas: { params: serviceLogbookParamsSchema, response: serviceLogbookDtoSchema },
    useCase: (ctx, actor, { params }) => readServiceLogbook(ctx, actor, params.serviceItemId),
  }),
  route({
    method: 'GET',
    url: '/service-project/service-item/:serviceItemId/logbook.pdf',
    access: 'service.read',
    signedLink: {
      kind: 'service-logbook-pdf',
      resourceId: (request) => (request.params as { serviceItemId: string }).serviceItemId,
    },
    schemas: { params: serviceLogbookParamsSchema, querystring: servicePdfQuerySchema, response: PDF_ANSWER },
    useCase: async (ctx, actor, { params, query, reply }) =>
      sendPdf(
        reply,
        await serviceLogbookPdf(ctx, actor, params.serviceItemId, query.locale),
        query.download === '1',
      ),
  }),
];
