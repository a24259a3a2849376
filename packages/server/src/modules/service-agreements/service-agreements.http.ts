import {
  dueServiceQuerySchema,
  dueServiceVisitPageSchema,
  priceIndexResultDtoSchema,
  priceIndexSchema,
  serviceAgreementCreateSchema,
  serviceAgreementDtoSchema,
  serviceAgreementHistoryDtoSchema,
  serviceAgreementOfProjectDtoSchema,
  serviceAgreementOfProjectQuerySchema,
  serviceAgreementParamsSchema,
  serviceAgreementPatchSchema,
  serviceVisitDoneSchema,
} from '@karm/domain/contract';
import { addDays } from '@karm/domain/rules';
import { todayIn } from '../../platform/clock';
import { httpModule, route } from '../../platform/http/routes';
import { applyPriceIndex } from './price-index';
import {
  agreementHistory,
  createAgreement,
  getAgreementOfProject,
  updateAgreement,
} from './service-agreements.service';
import { completeVisit, dueServiceVisits } from './service-visits';

const WRITE = 'service-agreements.write';

/** Service agreements (issue 19): the service agreement dialog, visits done, the price index, due service. */
export const serviceAgreementsRoutes = httpModule('service-agreements', [
  route({
    method: 'GET',
    url: '/service-agreements/of-project',
    access: 'service.read',
    schemas: {
      querystring: serviceAgreementOfProjectQuerySchema,
      response: serviceAgreementOfProjectDtoSchema,
    },
    useCase: (ctx, actor, { query }) => getAgreementOfProject(ctx, actor, query.projectId),
  }),
  route({
    method: 'GET',
    url: '/service-agreements/due',
    access: 'service.read',
    schemas: { querystring: dueServiceQuerySchema, response: dueServiceVisitPageSchema },
    useCase: (ctx, actor, { query }) => {
      const today = todayIn(ctx.clock);
      return dueServiceVisits(ctx.db, actor.companyId, {
        today,
        to: addDays(today, query.weeks * 7),
        page: query.page,
        pageSize: query.pageSize,
      });
    },
  }),
  route({
    method: 'POST',
    url: '/service-agreements',
    access: WRITE,
    schemas: { body: serviceAgreementCreateSchema, response: serviceAgreementDtoSchema },
    status: 201,
    useCase: (ctx, actor, { body }) => createAgreement(ctx, actor, body),
  }),
  route({
    method: 'POST',
    url: '/service-agreements/price-index',
    access: 'service-agreements.index',
    schemas: { body: priceIndexSchema, response: priceIndexResultDtoSchema },
    useCase: (ctx, actor, { body }) => applyPriceIndex(ctx, actor, body),
  }),
  route({
    method: 'PATCH',
    url: '/service-agreements/:id',
    access: WRITE,
    schemas: {
      params: serviceAgreementParamsSchema,
      body: serviceAgreementPatchSchema,
      response: serviceAgreementDtoSchema,
    },
    useCase: (ctx, actor, { params, body }) => updateAgreement(ctx, actor, params.id, body),
  }),
  route({
    method: 'GET',
    url: '/service-agreements/:id/history',
    access: 'service.read',
    schemas: { params: serviceAgreementParamsSchema, response: serviceAgreementHistoryDtoSchema },
    useCase: (ctx, actor, { params }) => agreementHistory(ctx, actor, params.id),
  }),
  // The technician who made the visit marks it done, as does whoever keeps the agreements.
  route({
    method: 'POST',
    url: '/service-agreements/:id/visits',
    access: ['service.work', WRITE],
    schemas: {
      params: serviceAgreementParamsSchema,
      body: serviceVisitDoneSchema,
      response: serviceAgreementDtoSchema,
    },
    status: 201,
    useCase: (ctx, actor, { params, body }) => completeVisit(ctx, actor, params.id, body),
  }),
]);
