import {
  idParamsSchema,
  offerConfigDtoSchema,
  offerConfigPatchSchema,
  offerStatusDtoSchema,
  offerStatusInputSchema,
  offerStatusListQuerySchema,
  offerStatusPatchSchema,
  offerStatusReorderSchema,
  offerStatusUsageDtoSchema,
  ownerTypeDtoSchema,
} from '@karm/domain/contract';
import { z } from 'zod';
import { httpModule, route } from '../../platform/http/routes';
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

/** Statuses and the offer configuration are company settings: whoever reads offers reads them. */
const READ = ['offers.read', 'sales.settings'] as const;
const SETTINGS = 'sales.settings';

/** SPEC §7: offer-statuses (CRUD, usage, reorder, owner types) and offer-config (GET, PATCH). */
export const offerStatusesRoutes = httpModule('offers', [
  route({
    method: 'GET',
    url: '/offer-statuses',
    access: READ,
    schemas: { querystring: offerStatusListQuerySchema, response: z.array(offerStatusDtoSchema) },
    useCase: (ctx, actor, { query }) => listOfferStatuses(ctx, actor, query),
  }),
  route({
    method: 'GET',
    url: '/offer-statuses/owner-types',
    access: READ,
    schemas: { response: z.array(ownerTypeDtoSchema) },
    useCase: (ctx, actor) => ownerTypes(ctx, actor),
  }),
  route({
    method: 'POST',
    url: '/offer-statuses',
    access: SETTINGS,
    schemas: { body: offerStatusInputSchema, response: offerStatusDtoSchema },
    useCase: (ctx, actor, { body }) => createOfferStatus(ctx, actor, body),
  }),
  route({
    method: 'POST',
    url: '/offer-statuses/reorder',
    access: SETTINGS,
    schemas: { body: offerStatusReorderSchema, response: z.array(offerStatusDtoSchema) },
    useCase: (ctx, actor, { body }) => reorderOfferStatuses(ctx, actor, body.ids),
  }),
  route({
    method: 'PATCH',
    url: '/offer-statuses/:id',
    access: SETTINGS,
    schemas: { params: idParamsSchema, body: offerStatusPatchSchema, response: offerStatusDtoSchema },
    useCase: (ctx, actor, { params, body }) => updateOfferStatus(ctx, actor, params.id, body),
  }),
  route({
    method: 'DELETE',
    url: '/offer-statuses/:id',
    access: SETTINGS,
    schemas: { params: idParamsSchema, response: offerStatusDtoSchema },
    useCase: (ctx, actor, { params }) => deleteOfferStatus(ctx, actor, params.id),
  }),
  route({
    method: 'GET',
    url: '/offer-statuses/:id/usage',
    access: READ,
    schemas: { params: idParamsSchema, response: offerStatusUsageDtoSchema },
    useCase: (ctx, actor, { params }) => offerStatusUsage(ctx, actor, params.id),
  }),
  route({
    method: 'PATCH',
    url: '/offer-statuses/:id/reactivate',
    access: SETTINGS,
    schemas: { params: idParamsSchema, response: offerStatusDtoSchema },
    useCase: (ctx, actor, { params }) => reactivateOfferStatus(ctx, actor, params.id),
  }),
  route({
    method: 'GET',
    url: '/offer-config',
    access: READ,
    schemas: { response: offerConfigDtoSchema },
    useCase: (ctx, actor) => getOfferConfig(ctx, actor),
  }),
  route({
    method: 'PATCH',
    url: '/offer-config',
    access: SETTINGS,
    schemas: { body: offerConfigPatchSchema, response: offerConfigDtoSchema },
    useCase: (ctx, actor, { body }) => updateOfferConfig(ctx, actor, body),
  }),
]);
