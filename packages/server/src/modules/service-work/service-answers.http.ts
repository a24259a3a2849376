import {
  serviceDataFullQuerySchema,
  userAnswerCreateSchema,
  userAnswerDeleteQuerySchema,
  userAnswerParamsSchema,
  userAnswerPatchSchema,
  userAnswersQuerySchema,
} from '@karm/domain/contract';
import { route } from '../../platform/http/routes';
import { createUserAnswer, deleteUserAnswer, patchUserAnswer } from './service-answers.service';
import { assertCompanyHeader, listUserAnswers, readServiceDataFull } from './service-checklist';

/** SPEC §7 GET /service-project/data/full and /service-project/user-service-answer: the technician's screen. */
export const serviceAnswerRoutes = [
  route({
    method: 'GET',
    url: '/service-project/data/full',
    access: 'service.read',
    schemas: { querystring: serviceDataFullQuerySchema },
    useCase: (ctx, actor, { query, request }) => {
      assertCompanyHeader(actor, request.headers['company-id']);
      return readServiceDataFull(ctx, actor, query);
    },
  }),
  route({
    method: 'GET',
    url: '/service-project/user-service-answer',
    access: 'service.read',
    schemas: { querystring: userAnswersQuerySchema },
    useCase: (ctx, actor, { query }) => listUserAnswers(ctx, actor, query.serviceItemId),
  }),
  route({
    method: 'POST',
    url: '/service-project/user-service-answer',
    access: 'service.work',
    schemas: { body: userAnswerCreateSchema },
    status: 201,
    useCase: (ctx, actor, { body }) => createUserAnswer(ctx, actor, body),
  }),
  route({
    method: 'PATCH',
    url: '/service-project/user-service-answer/:id',
    access: 'service.work',
    schemas: { params: userAnswerParamsSchema, body: userAnswerPatchSchema },
    useCase: (ctx, actor, { params, body }) => patchUserAnswer(ctx, actor, params.id, body),
  }),
  route({
    method: 'DELETE',
    url: '/service-project/user-service-answer/:id',
    access: 'service.work',
    schemas: { params: userAnswerParamsSchema, querystring: userAnswerDeleteQuerySchema },
    useCase: (ctx, actor, { params, query }) => deleteUserAnswer(ctx, actor, params.id, query.version),
  }),
];
