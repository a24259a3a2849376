import {
  idParamsSchema,
  offerConfigPatchSchema,
  offerStatusInputSchema,
  offerStatusListQuerySchema,
  offerStatusPatchSchema,
  offerStatusReorderSchema,
} from '@karm/domain/contract';
import { actorOf } from '../../platform/http/actor';
import type { HttpRoutes } from '../../platform/http/types';
import { getOfferConfig, updateOfferConfig } from './offer-config.service';
import {
  createOfferStatus,
  deleteOfferStatus,
  listOfferStatuses,
  offerStatusUsage,
  ownerTypes,
  reactivateOfferStatus,
  reorderOfferStatuses,
  updateOfferStatus,
} from './offer-statuses.service';

const tags = ['offers'];

/** SPEC §7: offer-statuses (CRUD, usage, reorder, owner types) and offer-config (GET, PATCH). */
export const offerStatusesRoutes: HttpRoutes = (app, { ctx }) => {
  app.get('/offer-statuses', { schema: { querystring: offerStatusListQuerySchema, tags } }, (request) =>
    listOfferStatuses(ctx, actorOf(request), request.query),
  );
  app.get('/offer-statuses/owner-types', { schema: { tags } }, async () => ownerTypes());
  app.post('/offer-statuses', { schema: { body: offerStatusInputSchema, tags } }, (request) =>
    createOfferStatus(ctx, actorOf(request), request.body),
  );
  app.post('/offer-statuses/reorder', { schema: { body: offerStatusReorderSchema, tags } }, (request) =>
    reorderOfferStatuses(ctx, actorOf(request), request.body.ids),
  );
  app.patch(
    '/offer-statuses/:id',
    { schema: { params: idParamsSchema, body: offerStatusPatchSchema, tags } },
    (request) => updateOfferStatus(ctx, actorOf(request), request.params.id, request.body),
  );
  app.delete('/offer-statuses/:id', { schema: { params: idParamsSchema, tags } }, (request) =>
    deleteOfferStatus(ctx, actorOf(request), request.params.id),
  );
  app.get('/offer-statuses/:id/usage', { schema: { params: idParamsSchema, tags } }, (request) =>
    offerStatusUsage(ctx, actorOf(request), request.params.id),
  );
  app.patch('/offer-statuses/:id/reactivate', { schema: { params: idParamsSchema, tags } }, (request) =>
    reactivateOfferStatus(ctx, actorOf(request), request.params.id),
  );
  app.get('/offer-config', { schema: { tags } }, (request) => getOfferConfig(ctx, actorOf(request)));
  app.patch('/offer-config', { schema: { body: offerConfigPatchSchema, tags } }, (request) =>
    updateOfferConfig(ctx, actorOf(request), request.body),
  );
};
