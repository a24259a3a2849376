import {
  type ChecklistStepDto,
  checklistCompleteSchema,
  checklistDeviationSchema,
  checklistItemParamsSchema,
  checklistItemSchema,
  checklistListQuerySchema,
  checklistStartSchema,
  idParamsSchema,
  serviceTemplateListQuerySchema,
} from '@karm/domain/contract';
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
    schemas: { querystring: checklistListQuerySchema },
    useCase: (ctx, actor, { query }) => listChecklists(ctx, actor, query),
  }),
  // What a run is started from: the checklist templates and the process steps.
  route({
    method: 'GET',
    url: '/quality/checklists/templates',
    access: 'quality.read',
    schemas: { querystring: serviceTemplateListQuerySchema.omit({ purpose: true }) },
    useCase: (ctx, actor, { query }) => findServiceTemplates(ctx, actor, { ...query, purpose: 'checklist' }),
  }),
  route({
    method: 'GET',
    url: '/quality/checklists/steps',
    access: 'quality.read',
    schemas: {},
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
    schemas: { params: idParamsSchema },
    useCase: (ctx, actor, { params }) => getChecklist(ctx, actor, params.id),
  }),
  route({
    method: 'POST',
    url: '/quality/checklists',
    access: 'checklists.run',
    schemas: { body: checklistStartSchema },
    status: 201,
    useCase: (ctx, actor, { body }) => startChecklist(ctx, actor, body),
  }),
  route({
    method: 'PUT',
    url: '/quality/checklists/:id/items/:rowId',
    access: 'checklists.run',
    schemas: { params: checklistItemParamsSchema, body: checklistItemSchema },
    useCase: (ctx, actor, { params, body }) => saveChecklistItem(ctx, actor, params.id, params.rowId, body),
  }),
  route({
    method: 'POST',
    url: '/quality/checklists/:id/items/:rowId/deviation',
    access: 'checklists.run',
    schemas: { params: checklistItemParamsSchema, body: checklistDeviationSchema },
    status: 201,
    useCase: (ctx, actor, { params, body }) =>
      raiseChecklistDeviation(ctx, actor, params.id, params.rowId, body),
  }),
  route({
    method: 'POST',
    url: '/quality/checklists/:id/complete',
    access: 'checklists.run',
    schemas: { params: idParamsSchema, body: checklistCompleteSchema },
    useCase: (ctx, actor, { params, body }) => completeChecklist(ctx, actor, params.id, body),
  }),
]);
