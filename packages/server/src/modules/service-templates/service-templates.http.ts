import {
  globalAnswerCreateSchema,
  globalAnswerDeleteQuerySchema,
  globalAnswerGroupCreateSchema,
  globalAnswerGroupPatchSchema,
  globalAnswerGroupReorderSchema,
  globalAnswerGroupsDtoSchema,
  globalAnswerListQuerySchema,
  globalAnswerPatchSchema,
  globalAnswerReorderSchema,
  globalServiceAnswerDtoSchema,
  idParamsSchema,
  serviceAnswerReorderSchema,
  serviceAnswersFromGlobalSchema,
  serviceFunctionCreateSchema,
  serviceFunctionGroupCreateSchema,
  serviceFunctionNamePatchSchema,
  serviceFunctionStatusCreateSchema,
  serviceFunctionStatusPatchSchema,
  serviceFunctionsDtoSchema,
  serviceGroupCopySchema,
  serviceGroupReorderSchema,
  serviceRowCopySchema,
  serviceRowReorderSchema,
  serviceTemplateCopySchema,
  serviceTemplateFullDtoSchema,
  serviceVersionQuerySchema,
} from '@karm/domain/contract';
import { z } from 'zod';
import { httpModule, route } from '../../platform/http/routes';
import {
  createGlobalAnswer,
  createGlobalAnswerGroup,
  deleteGlobalAnswer,
  deleteGlobalAnswerGroup,
  listGlobalAnswerGroups,
  listGlobalAnswers,
  reorderGlobalAnswerGroups,
  reorderGlobalAnswers,
  updateGlobalAnswer,
  updateGlobalAnswerGroup,
} from './global-answers.service';
import {
  createFunction,
  createFunctionGroup,
  createFunctionStatus,
  deleteFunctionEntry,
  FUNCTION_LISTS,
  type FunctionList,
  listServiceFunctions,
  updateFunctionEntry,
} from './service-functions.service';
import { reorderServiceAnswers, reorderServiceGroups, reorderServiceRows } from './service-templates.service';
import {
  copyAnswersFromGlobalGroup,
  copyServiceGroup,
  copyServiceRow,
  copyServiceTemplate,
} from './template-copies';

const READ = 'service-templates.read';
const WRITE = 'service-templates.write';

const FUNCTION_LIST_NAMES = Object.keys(FUNCTION_LISTS) as FunctionList[];
const FUNCTION_PATCH_SCHEMAS = {
  'function-groups': serviceFunctionNamePatchSchema,
  functions: serviceFunctionNamePatchSchema,
  'function-statuses': serviceFunctionStatusPatchSchema,
} as const satisfies Record<FunctionList, unknown>;

/**
 * SPEC §7 REST: the copies and reorders of /service-templates, CRUD of /global-service-answers with
 * their groups and reorder, and the function lists rows point at.
 */
export const serviceTemplatesRoutes = httpModule('service-templates', [
  route({
    method: 'POST',
    url: '/service-templates/copy',
    access: WRITE,
    schemas: { body: serviceTemplateCopySchema, response: serviceTemplateFullDtoSchema },
    useCase: (ctx, actor, { body }) => copyServiceTemplate(ctx, actor, body),
  }),
  route({
    method: 'POST',
    url: '/service-templates/service-answers/copy/from-global-group',
    access: WRITE,
    schemas: { body: serviceAnswersFromGlobalSchema, response: serviceTemplateFullDtoSchema },
    useCase: (ctx, actor, { body }) => copyAnswersFromGlobalGroup(ctx, actor, body),
  }),
  route({
    method: 'POST',
    url: '/service-templates/service-answers/reorder',
    access: WRITE,
    schemas: { body: serviceAnswerReorderSchema, response: serviceTemplateFullDtoSchema },
    useCase: (ctx, actor, { body }) => reorderServiceAnswers(ctx, actor, body),
  }),
  route({
    method: 'POST',
    url: '/service-templates/service-groups/reorder',
    access: WRITE,
    schemas: { body: serviceGroupReorderSchema, response: serviceTemplateFullDtoSchema },
    useCase: (ctx, actor, { body }) => reorderServiceGroups(ctx, actor, body),
  }),
  route({
    method: 'POST',
    url: '/service-templates/service-groups/copy',
    access: WRITE,
    schemas: { body: serviceGroupCopySchema, response: serviceTemplateFullDtoSchema },
    useCase: (ctx, actor, { body }) => copyServiceGroup(ctx, actor, body),
  }),
  route({
    method: 'POST',
    url: '/service-templates/service-rows/copy',
    access: WRITE,
    schemas: { body: serviceRowCopySchema, response: serviceTemplateFullDtoSchema },
    useCase: (ctx, actor, { body }) => copyServiceRow(ctx, actor, body),
  }),
  route({
    method: 'POST',
    url: '/service-templates/service-rows/reorder',
    access: WRITE,
    schemas: { body: serviceRowReorderSchema, response: serviceTemplateFullDtoSchema },
    useCase: (ctx, actor, { body }) => reorderServiceRows(ctx, actor, body),
  }),
  route({
    method: 'GET',
    url: '/global-service-answers/groups',
    access: READ,
    schemas: { response: globalAnswerGroupsDtoSchema },
    useCase: (ctx, actor) => listGlobalAnswerGroups(ctx, actor),
  }),
  route({
    method: 'POST',
    url: '/global-service-answers/groups',
    access: WRITE,
    schemas: { body: globalAnswerGroupCreateSchema, response: globalAnswerGroupsDtoSchema },
    useCase: (ctx, actor, { body }) => createGlobalAnswerGroup(ctx, actor, body),
  }),
  route({
    method: 'POST',
    url: '/global-service-answers/groups/reorder',
    access: WRITE,
    schemas: { body: globalAnswerGroupReorderSchema, response: globalAnswerGroupsDtoSchema },
    useCase: (ctx, actor, { body }) => reorderGlobalAnswerGroups(ctx, actor, body),
  }),
  route({
    method: 'PATCH',
    url: '/global-service-answers/groups/:id',
    access: WRITE,
    schemas: {
      params: idParamsSchema,
      body: globalAnswerGroupPatchSchema,
      response: globalAnswerGroupsDtoSchema,
    },
    useCase: (ctx, actor, { params, body }) => updateGlobalAnswerGroup(ctx, actor, params.id, body),
  }),
  route({
    method: 'DELETE',
    url: '/global-service-answers/groups/:id',
    access: WRITE,
    schemas: {
      params: idParamsSchema,
      querystring: serviceVersionQuerySchema,
      response: globalAnswerGroupsDtoSchema,
    },
    useCase: (ctx, actor, { params, query }) => deleteGlobalAnswerGroup(ctx, actor, params.id, query.version),
  }),
  route({
    method: 'GET',
    url: '/global-service-answers',
    access: READ,
    schemas: { querystring: globalAnswerListQuerySchema, response: z.array(globalServiceAnswerDtoSchema) },
    useCase: (ctx, actor, { query }) => listGlobalAnswers(ctx, actor, query),
  }),
  route({
    method: 'POST',
    url: '/global-service-answers',
    access: WRITE,
    schemas: { body: globalAnswerCreateSchema, response: globalAnswerGroupsDtoSchema },
    useCase: (ctx, actor, { body }) => createGlobalAnswer(ctx, actor, body),
  }),
  route({
    method: 'POST',
    url: '/global-service-answers/reorder',
    access: WRITE,
    schemas: { body: globalAnswerReorderSchema, response: globalAnswerGroupsDtoSchema },
    useCase: (ctx, actor, { body }) => reorderGlobalAnswers(ctx, actor, body),
  }),
  route({
    method: 'PATCH',
    url: '/global-service-answers/:id',
    access: WRITE,
    schemas: { params: idParamsSchema, body: globalAnswerPatchSchema, response: globalAnswerGroupsDtoSchema },
    useCase: (ctx, actor, { params, body }) => updateGlobalAnswer(ctx, actor, params.id, body),
  }),
  route({
    method: 'DELETE',
    url: '/global-service-answers/:id',
    access: WRITE,
    schemas: {
      params: idParamsSchema,
      querystring: globalAnswerDeleteQuerySchema,
      response: globalAnswerGroupsDtoSchema,
    },
    useCase: (ctx, actor, { params, query }) => deleteGlobalAnswer(ctx, actor, params.id, query),
  }),
  route({
    method: 'GET',
    url: '/service-templates/functions',
    access: READ,
    schemas: { response: serviceFunctionsDtoSchema },
    useCase: (ctx, actor) => listServiceFunctions(ctx, actor),
  }),
  route({
    method: 'POST',
    url: '/service-templates/function-groups',
    access: WRITE,
    schemas: { body: serviceFunctionGroupCreateSchema, response: serviceFunctionsDtoSchema },
    useCase: (ctx, actor, { body }) => createFunctionGroup(ctx, actor, body),
  }),
  route({
    method: 'POST',
    url: '/service-templates/functions',
    access: WRITE,
    schemas: { body: serviceFunctionCreateSchema, response: serviceFunctionsDtoSchema },
    useCase: (ctx, actor, { body }) => createFunction(ctx, actor, body),
  }),
  route({
    method: 'POST',
    url: '/service-templates/function-statuses',
    access: WRITE,
    schemas: { body: serviceFunctionStatusCreateSchema, response: serviceFunctionsDtoSchema },
    useCase: (ctx, actor, { body }) => createFunctionStatus(ctx, actor, body),
  }),
  ...FUNCTION_LIST_NAMES.flatMap((list) => [
    route({
      method: 'PATCH',
      url: `/service-templates/${list}/:id`,
      access: WRITE,
      schemas: {
        params: idParamsSchema,
        body: FUNCTION_PATCH_SCHEMAS[list],
        response: serviceFunctionsDtoSchema,
      },
      useCase: (ctx, actor, { params, body }) => updateFunctionEntry(list)(ctx, actor, params.id, body),
    }),
    route({
      method: 'DELETE',
      url: `/service-templates/${list}/:id`,
      access: WRITE,
      schemas: {
        params: idParamsSchema,
        querystring: serviceVersionQuerySchema,
        response: serviceFunctionsDtoSchema,
      },
      useCase: (ctx, actor, { params, query }) =>
        deleteFunctionEntry(list)(ctx, actor, params.id, query.version),
    }),
  ]),
]);
