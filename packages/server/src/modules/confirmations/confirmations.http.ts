import { idParamsSchema } from '@karm/domain/contract';
import { actorOf } from '../../platform/http/actor';
import type { HttpRoutes } from '../../platform/http/types';
import { findOwnOffer } from '../offers/offers.service';
import { confirmationsOf } from './confirmations.service';

/** SPEC §7 GET /confirmations/offer/{id}: the order confirmations of an offer of the actor's company. */
export const confirmationsRoutes: HttpRoutes = (app, { ctx }) => {
  app.get(
    '/confirmations/offer/:id',
    { schema: { params: idParamsSchema, tags: ['confirmations'] } },
    async (request) => {
      const actor = actorOf(request);
      const offer = await findOwnOffer(ctx.db, actor.companyId, request.params.id);
      return confirmationsOf(ctx.db, actor.companyId, 'offer', offer.id);
    },
  );
};
