import {
  confirmationCreateSchema,
  confirmationDtoSchema,
  confirmationPatchSchema,
  confirmationPdfDownloadQuerySchema,
  confirmationsDtoSchema,
  idDtoSchema,
  idParamsSchema,
  paymentRuleTemplateDtoSchema,
} from '@karm/domain/contract';
import { z } from 'zod';
import { PDF_ANSWER, sendPdf } from '../../platform/http/pdf-reply';
import { httpModule, route } from '../../platform/http/routes';
import { findOwnOffer } from '../offers/offers.service';
import { confirmationsOfOffer } from './confirmation-dto';
import { renderConfirmationPdf } from './confirmation-pdf';
import {
  confirmationsOfEntityId,
  createConfirmation,
  deleteConfirmation,
  updateConfirmation,
} from './confirmations.service';
import { listPaymentRuleTemplates } from './payment-rule-templates';

/**
 * The routes name every permission that may pass (offers', projects' or invoices'); each use case
 * then checks the one of the confirmation's offer or project (confirmations.service ENTITY_ACCESS).
 */
const READ = ['offers.read', 'projects.read', 'invoices.read'] as const;
const WRITE = ['offers.write', 'projects.write'] as const;

/**
 * SPEC §7 REST: POST confirmations, GET payment_rules and entity-id/{id}, PATCH and DELETE {id}, GET
 * offer/{id}; and the confirmation's PDF.
 */
export const confirmationsRoutes = httpModule('confirmations', [
  route({
    method: 'POST',
    url: '/confirmations',
    access: WRITE,
    schemas: { body: confirmationCreateSchema, response: confirmationDtoSchema },
    useCase: (ctx, actor, { body }) => createConfirmation(ctx, actor, body),
  }),
  route({
    method: 'GET',
    url: '/confirmations/payment_rules',
    access: READ,
    schemas: { response: z.array(paymentRuleTemplateDtoSchema) },
    useCase: (ctx, actor) => listPaymentRuleTemplates(ctx, actor.companyId),
  }),
  route({
    method: 'GET',
    url: '/confirmations/entity-id/:id',
    access: READ,
    schemas: { params: idParamsSchema, response: confirmationsDtoSchema },
    useCase: (ctx, actor, { params }) => confirmationsOfEntityId(ctx, actor, params.id),
  }),
  // SPEC §7 GET /confirmations/offer/{id}: the order confirmations made for an offer of the actor's company.
  route({
    method: 'GET',
    url: '/confirmations/offer/:id',
    access: 'offers.read',
    schemas: { params: idParamsSchema, response: confirmationsDtoSchema },
    useCase: async (ctx, actor, { params }) => {
      const offer = await findOwnOffer(ctx.db, actor.companyId, params.id);
      return confirmationsOfOffer(ctx.db, actor.companyId, offer.id);
    },
  }),
  route({
    method: 'GET',
    url: '/confirmations/:id/pdf',
    access: READ,
    // A signed link (POST /api/download-links) or the token header.
    signedLink: { kind: 'confirmation-pdf', resourceId: (request) => (request.params as { id: string }).id },
    schemas: {
      params: idParamsSchema,
      querystring: confirmationPdfDownloadQuerySchema,
      response: PDF_ANSWER,
    },
    useCase: async (ctx, actor, { params, query, reply }) => {
      const pdf = await renderConfirmationPdf(ctx, actor, {
        confirmationId: params.id,
        locale: query.locale,
      });
      return sendPdf(reply, pdf, query.download === '1');
    },
  }),
  route({
    method: 'PATCH',
    url: '/confirmations/:id',
    access: WRITE,
    schemas: { params: idParamsSchema, body: confirmationPatchSchema, response: confirmationDtoSchema },
    useCase: (ctx, actor, { params, body }) => updateConfirmation(ctx, actor, params.id, body),
  }),
  route({
    method: 'DELETE',
    url: '/confirmations/:id',
    access: WRITE,
    schemas: { params: idParamsSchema, response: idDtoSchema },
    useCase: (ctx, actor, { params }) => deleteConfirmation(ctx, actor, params.id),
  }),
]);
