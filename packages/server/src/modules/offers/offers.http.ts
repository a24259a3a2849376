import {
  idParamsSchema,
  offerArchiveSchema,
  offerConversionDtoSchema,
  offerConvertSchema,
  offerCreateSchema,
  offerDetailDtoSchema,
  offerDtoSchema,
  offerListQuerySchema,
  offerPageSchema,
  offerPatchBodySchema,
  offerPdfDownloadQuerySchema,
  offerRecordPageSchema,
  offerUnarchiveSchema,
  offerUpdateSchema,
} from '@karm/domain/contract';
import { PDF_ANSWER, sendPdf } from '../../platform/http/pdf-reply';
import { httpModule, route } from '../../platform/http/routes';
import { convertOfferToProject } from './offer-conversion';
import { listOffers, listPopulatedOffers } from './offer-list';
import { renderOfferPdf } from './offer-pdf';
import { addOffer, archiveOffer, getOfferDetail, unarchiveOffer, updateOffer } from './offers.service';

const READ = 'offers.read';
const WRITE = 'offers.write';

/** SPEC §7 REST: /offers, /offers/populated, /offers/{id}, archive, unarchive, the PDF and the conversion. */
export const offersRoutes = httpModule('offers', [
  route({
    method: 'GET',
    url: '/offers',
    access: READ,
    schemas: { querystring: offerListQuerySchema, response: offerRecordPageSchema },
    useCase: (ctx, actor, { query }) => listOffers(ctx, actor, query),
  }),
  route({
    method: 'GET',
    url: '/offers/populated',
    access: READ,
    schemas: { querystring: offerListQuerySchema, response: offerPageSchema },
    useCase: (ctx, actor, { query }) => listPopulatedOffers(ctx, actor, query),
  }),
  route({
    method: 'GET',
    url: '/offers/:id',
    access: READ,
    schemas: { params: idParamsSchema, response: offerDetailDtoSchema },
    useCase: (ctx, actor, { params }) => getOfferDetail(ctx, actor, params.id),
  }),
  route({
    method: 'POST',
    url: '/offers',
    access: WRITE,
    schemas: { body: offerCreateSchema, response: offerDtoSchema },
    useCase: (ctx, actor, { body }) => addOffer(ctx, actor, body),
  }),
  route({
    method: 'PATCH',
    url: '/offers',
    access: WRITE,
    schemas: { body: offerUpdateSchema, response: offerDtoSchema },
    useCase: (ctx, actor, { body }) => updateOffer(ctx, actor, body),
  }),
  route({
    method: 'PATCH',
    url: '/offers/:id',
    access: WRITE,
    schemas: { params: idParamsSchema, body: offerPatchBodySchema, response: offerDtoSchema },
    useCase: (ctx, actor, { params, body }) => updateOffer(ctx, actor, { ...body, id: params.id }),
  }),
  route({
    method: 'PATCH',
    url: '/offers/:id/archive',
    access: WRITE,
    schemas: { params: idParamsSchema, body: offerArchiveSchema, response: offerDtoSchema },
    useCase: (ctx, actor, { params, body }) => archiveOffer(ctx, actor, params.id, body),
  }),
  route({
    method: 'PATCH',
    url: '/offers/:id/unarchive',
    access: WRITE,
    schemas: { params: idParamsSchema, body: offerUnarchiveSchema, response: offerDtoSchema },
    useCase: (ctx, actor, { params, body }) => unarchiveOffer(ctx, actor, params.id, body),
  }),
  // Conversion makes a project: whoever may write projects.
  route({
    method: 'POST',
    url: '/offers/:id/convert-to-project',
    access: 'projects.write',
    schemas: { params: idParamsSchema, body: offerConvertSchema, response: offerConversionDtoSchema },
    useCase: (ctx, actor, { params, body }) => convertOfferToProject(ctx, actor, params.id, body),
  }),
  route({
    method: 'GET',
    url: '/offers/:id/pdf',
    access: READ,
    // A signed link (POST /api/download-links) or the token header.
    signedLink: { kind: 'offer-pdf', resourceId: (request) => (request.params as { id: string }).id },
    schemas: { params: idParamsSchema, querystring: offerPdfDownloadQuerySchema, response: PDF_ANSWER },
    useCase: async (ctx, actor, { params, query, reply }) => {
      const pdf = await renderOfferPdf(ctx, actor, { offerId: params.id, locale: query.locale });
      return sendPdf(reply, pdf, query.download === '1');
    },
  }),
]);
