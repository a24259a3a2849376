import {
  deviationCreateSchema,
  deviationDtoSchema,
  deviationListQuerySchema,
  deviationPageSchema,
  deviationPatchSchema,
  idParamsSchema,
  paretoDtoSchema,
  paretoQuerySchema,
  procedureAcknowledgeSchema,
  procedureCreateSchema,
  procedureDetailDtoSchema,
  procedureListQuerySchema,
  procedurePageSchema,
  procedurePatchSchema,
  procedureVersionCreateSchema,
  qualityHistoryDtoSchema,
  qualityPersonDtoSchema,
} from '@karm/domain/contract';
import { z } from 'zod';
import { httpModule, route } from '../../platform/http/routes';
import { activeMemberNames } from '../auth/users.repository';
import { deviationHistoryDtos } from './deviation-dto';
import { deviationPareto, listDeviations } from './deviation-list';
import { createDeviation, getDeviation, updateDeviation } from './deviations.service';
import {
  acknowledgeProcedure,
  createProcedure,
  getProcedure,
  listProcedures,
  publishProcedureVersion,
  updateProcedure,
} from './procedures.service';

/** The quality screen's REST routes (issue 16): deviations, their Pareto chart, procedures. */
export const qualityRoutes = httpModule('quality', [
  route({
    method: 'GET',
    url: '/quality/deviations',
    access: 'quality.read',
    schemas: { querystring: deviationListQuerySchema, response: deviationPageSchema },
    useCase: (ctx, actor, { query }) => listDeviations(ctx, actor, query),
  }),
  route({
    method: 'GET',
    url: '/quality/deviations/:id',
    access: 'quality.read',
    schemas: { params: idParamsSchema, response: deviationDtoSchema },
    useCase: (ctx, actor, { params }) => getDeviation(ctx, actor, params.id),
  }),
  route({
    method: 'GET',
    url: '/quality/deviations/:id/history',
    access: 'quality.read',
    schemas: { params: idParamsSchema, response: z.array(qualityHistoryDtoSchema) },
    useCase: async (ctx, actor, { params }) => {
      await getDeviation(ctx, actor, params.id);
      return deviationHistoryDtos(ctx.db, actor.companyId, params.id);
    },
  }),
  route({
    method: 'POST',
    url: '/quality/deviations',
    access: 'deviations.report',
    schemas: { body: deviationCreateSchema, response: deviationDtoSchema },
    status: 201,
    useCase: (ctx, actor, { body }) => createDeviation(ctx, actor, body),
  }),
  // The case handler (who may report) works on their own deviation; the use case checks whose it is.
  route({
    method: 'PATCH',
    url: '/quality/deviations/:id',
    access: ['deviations.handle', 'deviations.report'],
    schemas: { params: idParamsSchema, body: deviationPatchSchema, response: deviationDtoSchema },
    useCase: (ctx, actor, { params, body }) => updateDeviation(ctx, actor, params.id, body),
  }),
  route({
    method: 'GET',
    url: '/quality/pareto',
    access: 'quality.read',
    schemas: { querystring: paretoQuerySchema, response: paretoDtoSchema },
    useCase: (ctx, actor, { query }) => deviationPareto(ctx, actor, query),
  }),
  route({
    method: 'GET',
    url: '/quality/people',
    access: 'quality.read',
    schemas: { response: z.array(qualityPersonDtoSchema) },
    useCase: (ctx, actor) => activeMemberNames(ctx.db, actor.companyId),
  }),
  route({
    method: 'GET',
    url: '/quality/procedures',
    access: 'quality.read',
    schemas: { querystring: procedureListQuerySchema, response: procedurePageSchema },
    useCase: (ctx, actor, { query }) => listProcedures(ctx, actor, query),
  }),
  route({
    method: 'GET',
    url: '/quality/procedures/:id',
    access: 'quality.read',
    schemas: { params: idParamsSchema, response: procedureDetailDtoSchema },
    useCase: (ctx, actor, { params }) => getProcedure(ctx, actor, params.id),
  }),
  route({
    method: 'POST',
    url: '/quality/procedures',
    access: 'quality.manage',
    schemas: { body: procedureCreateSchema, response: procedureDetailDtoSchema },
    status: 201,
    useCase: (ctx, actor, { body }) => createProcedure(ctx, actor, body),
  }),
  route({
    method: 'PATCH',
    url: '/quality/procedures/:id',
    access: 'quality.manage',
    schemas: { params: idParamsSchema, body: procedurePatchSchema, response: procedureDetailDtoSchema },
    useCase: (ctx, actor, { params, body }) => updateProcedure(ctx, actor, params.id, body),
  }),
  route({
    method: 'POST',
    url: '/quality/procedures/:id/versions',
    access: 'quality.manage',
    schemas: {
      params: idParamsSchema,
      body: procedureVersionCreateSchema,
      response: procedureDetailDtoSchema,
    },
    status: 201,
    useCase: (ctx, actor, { params, body }) => publishProcedureVersion(ctx, actor, params.id, body),
  }),
  route({
    method: 'POST',
    url: '/quality/procedures/:id/acknowledge',
    access: 'quality.read',
    schemas: { params: idParamsSchema, body: procedureAcknowledgeSchema, response: procedureDetailDtoSchema },
    useCase: (ctx, actor, { params, body }) =>
      acknowledgeProcedure(ctx, actor, params.id, body.versionNumber),
  }),
]);
