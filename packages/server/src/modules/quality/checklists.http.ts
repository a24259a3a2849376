import {
  type ChecklistStepDto,
  checklistCompleteSchema,
  checklistDetailDtoSchema,
  checklistDeviationSchema,
  checklistItemParamsSchema,
  checklistItemSchema,
  checklistListQuerySchema,
  checklistPageSchema,
  checklistStartSchema,
  checklistStepDtoSchema,
  idParamsSchema,
  serviceTemplateListQuerySchema,
  serviceTemplatePageSchema,
} from '@karm/domain/contract';
import { z } from 'zod';
import { httpModule, route } from '../../platform/http/routes';
import { listProcessColumns } from '../processes/process-columns.service';
import { findServiceTemplates } from '../service-templates/template-tree';
import { listChecklists } from './checklist-read';
import {
  completeChecklist,
  getChecklist,
  raiseChecklistDeviation,
  saveChecklistItem,
  startChecklist,
} from './checklist-runs.service';

/** The quality screen's checklist routes (issue 16): runs on projects, their items, signing. */
export const checklistRoutes = httpModule('quality-checklists', [
  route({
    method: 'GET',
    url: '/quality/checklists',
    access: 'quality.read',
    schemas: { querystring: checklistListQuerySchema, response: checklistPageSchema },
    useCase: (ctx, actor, { query }) => listChecklists(ctx, actor, query),
  }),
  // What a run is started from: the checklist templates and the process steps.
  route({
    method: 'GET',
    url: '/quality/checklists/templates',
    access: 'quality.read',
    schemas: {
      querystring: serviceTemplateListQuerySchema.omit({ purpose: true }),
      response: serviceTemplatePageSchema,
    },
    useCase: (ctx, actor, { query }) => findServiceTemplates(ctx, actor, { ...query, purpose: 'checklist' }),
  }),
  route({
    method: 'GET',
    url: '/quality/checklists/steps',
    access: 'quality.read',
    schemas: { response: z.array(checklistStepDtoSchema) },
    useCase: async (ctx, actor): Promise<ChecklistStepDto[]> =>
      (await listProcessColumns(ctx, actor.companyId)).map(({ id, nameNo, nameEn }) => ({
        id,
        nameNo,
        nameEn,
      })),
  }),
  route({
    method: 'GET',
    url: '/quality/checklists/:id',
    access: 'quality.read',
    schemas: { params: idParamsSchema, response: checklistDetailDtoSchema },
    useCase: (ctx, actor, { params }) => getChecklist(ctx, actor, params.id),
  }),
  route({
    method: 'POST',
    url: '/quality/checklists',
    access: 'checklists.run',
    schemas: { body: checklistStartSchema, response: checklistDetailDtoSchema },
    status: 201,
    useCase: (ctx, actor, { body }) => startChecklist(ctx, actor, body),
  }),
  route({
    method: 'PUT',
    url: '/quality/checklists/:id/items/:rowId',
    access: 'checklists.run',
    schemas: {
      params: checklistItemParamsSchema,
      body: checklistItemSchema,
      response: checklistDetailDtoSchema,
    },
    useCase: (ctx, actor, { params, body }) => saveChecklistItem(ctx, actor, params.id, params.rowId, body),
  }),
  route({
    method: 'POST',
    url: '/quality/checklists/:id/items/:rowId/deviation',
    access: 'checklists.run',
    schemas: {
      params: checklistItemParamsSchema,
      body: checklistDeviationSchema,
      response: checklistDetailDtoSchema,
    },
    status: 201,
    useCase: (ctx, actor, { params, body }) =>
      raiseChecklistDeviation(ctx, actor, params.id, params.rowId, body),
  }),
  route({
    method: 'POST',
    url: '/quality/checklists/:id/complete',
    access: 'checklists.run',
    schemas: { params: idParamsSchema, body: checklistCompleteSchema, response: checklistDetailDtoSchema },
    useCase: (ctx, actor, { params, body }) => completeChecklist(ctx, actor, params.id, body),
  }),
]);
