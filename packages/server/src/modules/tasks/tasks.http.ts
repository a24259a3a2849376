import {
  idDtoSchema,
  idParamsSchema,
  taskCreateSchema,
  taskDeleteQuerySchema,
  taskDtoSchema,
  taskListQuerySchema,
  taskPageSchema,
  taskPatchSchema,
} from '@karm/domain/contract';
import { httpModule, route } from '../../platform/http/routes';
import { createTask, deleteTask, getTask, listTasks, updateTask } from './tasks.service';

/** SPEC §7 REST: GET, POST, PATCH /tasks and DELETE /tasks/{id}; GET /tasks/{id} reads one again. */
export const tasksRoutes = httpModule('tasks', [
  route({
    method: 'GET',
    url: '/tasks',
    access: ['tasks.read', 'tasks.own'],
    schemas: { querystring: taskListQuerySchema, response: taskPageSchema },
    useCase: (ctx, actor, { query }) => listTasks(ctx, actor, query),
  }),
  route({
    method: 'GET',
    url: '/tasks/:id',
    access: ['tasks.read', 'tasks.own'],
    schemas: { params: idParamsSchema, response: taskDtoSchema },
    useCase: (ctx, actor, { params }) => getTask(ctx, actor, params.id),
  }),
  route({
    method: 'POST',
    url: '/tasks',
    access: 'tasks.write',
    schemas: { body: taskCreateSchema, response: taskDtoSchema },
    status: 201,
    useCase: (ctx, actor, { body }) => createTask(ctx, actor, body),
  }),
  // A technician (`tasks.own`) may only mark their own tasks done or undo it; the use case checks.
  route({
    method: 'PATCH',
    url: '/tasks/:id',
    access: ['tasks.write', 'tasks.own'],
    schemas: { params: idParamsSchema, body: taskPatchSchema, response: taskDtoSchema },
    useCase: (ctx, actor, { params, body }) => updateTask(ctx, actor, params.id, body),
  }),
  route({
    method: 'DELETE',
    url: '/tasks/:id',
    access: 'tasks.write',
    schemas: { params: idParamsSchema, querystring: taskDeleteQuerySchema, response: idDtoSchema },
    useCase: (ctx, actor, { params, query }) => deleteTask(ctx, actor, params.id, query.version),
  }),
]);
