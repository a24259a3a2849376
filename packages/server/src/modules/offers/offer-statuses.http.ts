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
export const offerStatusesRoutes: HttpRoutes = (app, { ctx, authenticate }) => {
  app.get(
    '/offer-statuses',
    { preHandler: authenticate, schema: { querystring: offerStatusListQuerySchema, tags } },
    (request) => listOfferStatuses(ctx, actorOf(request), request.query),
  );
  app.get('/offer-statuses/owner-types', { preHandler: authenticate, schema: { tags } }, async () =>
    ownerTypes(),
  );
  app.post(
    '/offer-statuses',
    { preHandler: authenticate, schema: { body: offerStatusInputSchema, tags } },
    (request) => createOfferStatus(ctx, actorOf(request), request.body),
  );
  app.post(
    '/offer-statuses/reorder',
    { preHandler: authenticate, schema: { body: offerStatusReorderSchema, tags } },
    (request) => reorderOfferStatuses(ctx, actorOf(request), request.body.ids),
  );
  app.patch(
    '/offer-statuses/:id',
    { preHandler: authenticate, schema: { params: idParamsSchema, body: offerStatusPatchSchema, tags } },
    (request) => updateOfferStatus(ctx, actorOf(request), request.params.id, request.body),
  );
  app.delete(
    '/offer-statuses/:id',
    { preHandler: authenticate, schema: { params: idParamsSchema, tags } },
    (request) => deleteOfferStatus(ctx, actorOf(request), request.params.id),
  );
  app.get(
    '/offer-statuses/:id/usage',
    { preHandler: authenticate, schema: { params: idParamsSchema, tags } },
    (request) => offerStatusUsage(ctx, actorOf(request), request.params.id),
  );
  app.patch(
    '/offer-statuses/:id/reactivate',
    { preHandler: authenticate, schema: { params: idParamsSchema, tags } },
    (request) => reactivateOfferStatus(ctx, actorOf(request), request.params.id),
  );
  app.get('/offer-config', { preHandler: authenticate, schema: { tags } }, (request) =>
    getOfferConfig(ctx, actorOf(request)),
  );
  app.patch(
    '/offer-config',
    { preHandler: authenticate, schema: { body: offerConfigPatchSchema, tags } },
    (request) => updateOfferConfig(ctx, actorOf(request), request.body),
  );
};
