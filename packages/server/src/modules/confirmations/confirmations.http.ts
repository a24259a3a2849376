import { idParamsSchema } from '@karm/domain/contract';
import { httpModule, route } from '../../platform/http/routes';
import { findOwnOffer } from '../offers/offers.service';
import { confirmationsOf } from './confirmations.service';

export const confirmationsRoutes = httpModule('confirmations', [
  // SPEC §7 GET /confirmations/offer/{id}: the order confirmations of an offer of the actor's company.
  route({
    method: 'GET',
    url: '/confirmations/offer/:id',
    access: 'offers.read',
    schemas: { params: idParamsSchema },
    useCase: async (ctx, actor, { params }) => {
      const offer = await findOwnOffer(ctx.db, actor.companyId, params.id);
      return confirmationsOf(ctx.db, actor.companyId, 'offer', offer.id);
    },
  }),
]);
