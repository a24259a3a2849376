import {
  dispatchAssignSchema,
  dispatchEntryPageSchema,
  dispatchQuerySchema,
  idDtoSchema,
  planChangeDtoSchema,
  serviceItemAddSchema,
  serviceItemChoicePageSchema,
  serviceItemDeleteQuerySchema,
  serviceItemDtoSchema,
  serviceItemParamsSchema,
  serviceItemPatchSchema,
  serviceItemSearchQuerySchema,
  serviceItemsGroupedQuerySchema,
  serviceItemsOfProjectQuerySchema,
  serviceItemsSaveSchema,
  serviceMapSettingsDtoSchema,
  serviceProjectSummaryPageSchema,
} from '@karm/domain/contract';
import { z } from 'zod';
import { httpModule, route } from '../../platform/http/routes';
import { assignDispatch, listDispatch } from './dispatch.service';
import { serviceAnswerRoutes } from './service-answers.http';
import { searchServiceItems } from './service-item-choices';
import {
  addServiceItem,
  deleteServiceItem,
  listServiceItems,
  listServiceProjects,
  patchServiceItem,
  saveServiceItems,
} from './service-items.service';
import { serviceReportRoutes } from './service-reports.http';

/** SPEC §7 /service-project/* for service items, and the batch Save the details screen uses (SPEC §4). */
export const serviceWorkRoutes = httpModule('service-work', [
  route({
    method: 'GET',
    url: '/service-project/service-items/populated',
    access: 'service.read',
    schemas: { querystring: serviceItemsOfProjectQuerySchema, response: z.array(serviceItemDtoSchema) },
    useCase: (ctx, actor, { query }) => listServiceItems(ctx, actor, query.projectId),
  }),
  route({
    method: 'GET',
    url: '/service-project/service-items/grouped-by-project',
    access: 'service.read',
    schemas: { querystring: serviceItemsGroupedQuerySchema, response: serviceProjectSummaryPageSchema },
    useCase: (ctx, actor, { query }) => listServiceProjects(ctx, actor, query),
  }),
  route({
    method: 'GET',
    url: '/service-project/service-items/search',
    access: 'service.read',
    schemas: { querystring: serviceItemSearchQuerySchema, response: serviceItemChoicePageSchema },
    useCase: (ctx, actor, { query }) => searchServiceItems(ctx, actor, query),
  }),
  // Service assignment: the leader's dispatch list, and booking an entry in the planner (plan:add's rules).
  route({
    method: 'GET',
    url: '/service-project/dispatch',
    access: 'planner.write',
    schemas: { querystring: dispatchQuerySchema, response: dispatchEntryPageSchema },
    useCase: (ctx, actor, { query }) => listDispatch(ctx, actor, query),
  }),
  route({
    method: 'POST',
    url: '/service-project/dispatch/assign',
    access: 'planner.write',
    schemas: { body: dispatchAssignSchema, response: planChangeDtoSchema },
    useCase: (ctx, actor, { body }) => assignDispatch(ctx, actor, body),
  }),
  route({
    method: 'GET',
    url: '/service-project/map-settings',
    access: 'service.read',
    schemas: { response: serviceMapSettingsDtoSchema },
    useCase: async (ctx) => ({ tileUrl: ctx.config.mapTileUrl || null }),
  }),
  route({
    method: 'POST',
    url: '/service-project/template/add',
    access: 'service.work',
    schemas: { body: serviceItemAddSchema, response: serviceItemDtoSchema },
    status: 201,
    useCase: (ctx, actor, { body }) => addServiceItem(ctx, actor, body),
  }),
  route({
    method: 'POST',
    url: '/service-project/service-items/save',
    access: 'service.work',
    schemas: { body: serviceItemsSaveSchema, response: z.array(serviceItemDtoSchema) },
    useCase: (ctx, actor, { body }) => saveServiceItems(ctx, actor, body),
  }),
  route({
    method: 'PATCH',
    url: '/service-project/service-item/:serviceItemId',
    access: 'service.work',
    schemas: {
      params: serviceItemParamsSchema,
      body: serviceItemPatchSchema,
      response: serviceItemDtoSchema,
    },
    useCase: (ctx, actor, { params, body }) => patchServiceItem(ctx, actor, params.serviceItemId, body),
  }),
  route({
    method: 'DELETE',
    url: '/service-project/service-item/:serviceItemId',
    access: 'service.work',
    schemas: {
      params: serviceItemParamsSchema,
      querystring: serviceItemDeleteQuerySchema,
      response: idDtoSchema,
    },
    useCase: (ctx, actor, { params, query }) =>
      deleteServiceItem(ctx, actor, params.serviceItemId, query.version),
  }),
  ...serviceAnswerRoutes,
  ...serviceReportRoutes,
]);
