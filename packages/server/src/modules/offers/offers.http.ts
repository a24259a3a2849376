import {
  idParamsSchema,
  offerArchiveSchema,
  offerConvertSchema,
  offerCreateSchema,
  offerListQuerySchema,
  offerPatchBodySchema,
  offerPdfDownloadQuerySchema,
  offerUnarchiveSchema,
  offerUpdateSchema,
} from '@karm/domain/contract';
import { actorOf } from '../../platform/http/actor';
import { downloadAccess } from '../../platform/http/download-links';
import type { HttpRoutes } from '../../platform/http/types';
import { convertOfferToProject } from './offer-conversion';
import { listOffers, listPopulatedOffers } from './offer-list';
import { renderOfferPdf } from './offer-pdf';
import { addOffer, archiveOffer, getOfferDetail, unarchiveOffer, updateOffer } from './offers.service';

const tags = ['offers'];

/** SPEC §7 REST: /offers, /offers/populated, /offers/{id}, archive, unarchive, the PDF and the conversion. */
export const offersRoutes: HttpRoutes = (app, { ctx }) => {
  app.get('/offers', { schema: { querystring: offerListQuerySchema, tags } }, (request) =>
    listOffers(ctx, actorOf(request), request.query),
  );
  app.get('/offers/populated', { schema: { querystring: offerListQuerySchema, tags } }, (request) =>
    listPopulatedOffers(ctx, actorOf(request), request.query),
  );
  app.get('/offers/:id', { schema: { params: idParamsSchema, tags } }, (request) =>
    getOfferDetail(ctx, actorOf(request), request.params.id),
  );
  app.post('/offers', { schema: { body: offerCreateSchema, tags } }, (request) =>
    addOffer(ctx, actorOf(request), request.body),
  );
  app.patch('/offers', { schema: { body: offerUpdateSchema, tags } }, (request) =>
    updateOffer(ctx, actorOf(request), request.body),
  );
  app.patch(
    '/offers/:id',
    { schema: { params: idParamsSchema, body: offerPatchBodySchema, tags } },
    (request) => updateOffer(ctx, actorOf(request), { ...request.body, id: request.params.id }),
  );
  app.patch(
    '/offers/:id/archive',
    { schema: { params: idParamsSchema, body: offerArchiveSchema, tags } },
    (request) => archiveOffer(ctx, actorOf(request), request.params.id, request.body),
  );
  app.patch(
    '/offers/:id/unarchive',
    { schema: { params: idParamsSchema, body: offerUnarchiveSchema, tags } },
    (request) => unarchiveOffer(ctx, actorOf(request), request.params.id, request.body),
  );
  app.post(
    '/offers/:id/convert-to-project',
    { schema: { params: idParamsSchema, body: offerConvertSchema, tags } },
    (request) => convertOfferToProject(ctx, actorOf(request), request.params.id, request.body),
  );
  app.get(
    '/offers/:id/pdf',
    {
      // A signed link (POST /api/download-links) or the token header.
      preHandler: downloadAccess({ ctx }, 'offer-pdf', (request) => (request.params as { id: string }).id),
      schema: { params: idParamsSchema, querystring: offerPdfDownloadQuerySchema, tags },
    },
    async (request, reply) => {
      const { fileName, bytes } = await renderOfferPdf(ctx, actorOf(request), {
        offerId: request.params.id,
        locale: request.query.locale,
      });
      const disposition = request.query.download === '1' ? 'attachment' : 'inline';
      return reply
        .header('content-type', 'application/pdf')
        .header('content-length', bytes.length)
        .header('content-disposition', `${disposition}; filename="${fileName}"`)
        .header('cache-control', 'private, no-store')
        .send(bytes);
    },
  );
};
