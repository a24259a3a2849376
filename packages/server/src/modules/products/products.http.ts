import {
  expenseChangeResultDtoSchema,
  expenseCreateSchema,
  expenseDeleteQuerySchema,
  expenseDeleteResultDtoSchema,
  expensePatchSchema,
  idParamsSchema,
  productPageDtoSchema,
  projectExpensesDtoSchema,
  projectExpensesQuerySchema,
  serviceProductQuerySchema,
} from '@karm/domain/contract';
import { httpModule, route } from '../../platform/http/routes';
import { createExpense, deleteExpense, listProjectExpenses, patchExpense } from './expenses.service';
import { listServiceProducts } from './products.service';

/**
 * SPEC §7 GET /product/service, GET /product/expense/project, POST and PATCH /product/expense, and
 * DELETE /product/expense/{id} for an expense entered by mistake (issue 19).
 */
export const productRoutes = httpModule('products', [
  route({
    method: 'GET',
    url: '/product/service',
    access: 'service.read',
    schemas: { querystring: serviceProductQuerySchema, response: productPageDtoSchema },
    useCase: (ctx, actor, { query }) => listServiceProducts(ctx, actor, query),
  }),
  route({
    method: 'GET',
    url: '/product/expense/project',
    access: 'service.read',
    schemas: { querystring: projectExpensesQuerySchema, response: projectExpensesDtoSchema },
    useCase: (ctx, actor, { query }) => listProjectExpenses(ctx, actor, query),
  }),
  route({
    method: 'POST',
    url: '/product/expense',
    access: 'service.work',
    schemas: { body: expenseCreateSchema, response: expenseChangeResultDtoSchema },
    status: 201,
    useCase: (ctx, actor, { body }) => createExpense(ctx, actor, body),
  }),
  route({
    method: 'PATCH',
    url: '/product/expense',
    access: 'service.work',
    schemas: { body: expensePatchSchema, response: expenseChangeResultDtoSchema },
    useCase: (ctx, actor, { body }) => patchExpense(ctx, actor, body),
  }),
  route({
    method: 'DELETE',
    url: '/product/expense/:id',
    access: 'service.work',
    schemas: {
      params: idParamsSchema,
      querystring: expenseDeleteQuerySchema,
      response: expenseDeleteResultDtoSchema,
    },
    useCase: (ctx, actor, { params, query }) => deleteExpense(ctx, actor, params.id, query.version),
  }),
]);
