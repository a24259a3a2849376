import {
  idParamsSchema,
  invoiceConfirmationsDtoSchema,
  invoiceCreateSchema,
  invoiceDeleteQuerySchema,
  invoiceDtoSchema,
} from '@karm/domain/contract';
import { httpModule, route } from '../../platform/http/routes';
import { storeUpload } from '../files/files.service';
import { readMultipartFile } from '../files/multipart-upload';
import { createInvoice, creditInvoice, invoiceConfirmationsOfProject } from './invoices.service';
import { attachPurchaseOrder, projectOfInvoice } from './purchase-order.service';

/** SPEC §7 REST: POST /invoices, DELETE /invoices/{id}, GET /invoices-confirmations/project/{id}, createOrder. */
export const invoicesRoutes = httpModule('invoices', [
  route({
    method: 'POST',
    url: '/invoices',
    access: 'invoices.write',
    schemas: { body: invoiceCreateSchema, response: invoiceDtoSchema },
    status: 201,
    useCase: (ctx, actor, { body }) => createInvoice(ctx, actor, body),
  }),
  // DELETE credits the invoice (a credit note when it is charged); the version read and the reason ride in the query.
  route({
    method: 'DELETE',
    url: '/invoices/:id',
    access: 'invoices.write',
    schemas: { params: idParamsSchema, querystring: invoiceDeleteQuerySchema, response: invoiceDtoSchema },
    useCase: (ctx, actor, { params, query }) => creditInvoice(ctx, actor, { id: params.id, ...query }),
  }),
  route({
    method: 'GET',
    url: '/invoices-confirmations/project/:id',
    access: 'invoices.read',
    schemas: { params: idParamsSchema, response: invoiceConfirmationsDtoSchema },
    useCase: (ctx, actor, { params }) => invoiceConfirmationsOfProject(ctx, actor, params.id),
  }),
  // The customer's signed order or purchase order: stored as a document of the project, linked to the invoice.
  route({
    method: 'POST',
    url: '/invoices/:id/createOrder',
    access: 'invoices.write',
    schemas: { params: idParamsSchema, consumes: ['multipart/form-data'], response: invoiceDtoSchema },
    status: 201,
    useCase: async (ctx, actor, { params, request }) => {
      const projectId = await projectOfInvoice(ctx, actor, params.id);
      const { file } = await readMultipartFile(request, ctx.config.uploadMaxBytes);
      const stored = await storeUpload(ctx, actor, {
        type: 'document',
        entityId: projectId,
        originalName: file.name,
        bytes: file.bytes,
      });
      return attachPurchaseOrder(ctx, actor, params.id, stored.id);
    },
  }),
]);
