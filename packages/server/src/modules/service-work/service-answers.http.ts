import {
  serviceDataFullDtoSchema,
  serviceDataFullQuerySchema,
  userAnswerChangeResultDtoSchema,
  userAnswerCreateResultDtoSchema,
  userAnswerCreateSchema,
  userAnswerDeleteQuerySchema,
  userAnswerDeleteResultDtoSchema,
  userAnswerDtoSchema,
  userAnswerParamsSchema,
  userAnswerPatchSchema,
  userAnswersQuerySchema,
} from '@karm/domain/contract';
import { z } from 'zod';
import { route } from '../../platform/http/routes';
import { createUserAnswer, deleteUserAnswer, patchUserAnswer } from './service-answers.service';
import { assertCompanyHeader, listUserAnswers, readServiceDataFull } from './service-checklist';

/** SPEC §7 GET /service-project/data/full and /service-project/user-service-answer: the technician's screen. */
export const serviceAnswerRoutes = [
  route({
    method: 'GET',
    url: '/service-project/data/full',
    access: 'service.read',
    schemas: { querystring: serviceDataFullQuerySchema, response: serviceDataFullDtoSchema },
    useCase: (ctx, actor, { query, request }) => {
      assertCompanyHeader(actor, request.headers['company-id']);
      return readServiceDataFull(ctx, actor, query);
    },
  }),
  route({
    method: 'GET',
    url: '/service-project/user-service-answer',
    access: 'service.read',
    schemas: { querystring: userAnswersQuerySchema, response: z.array(userAnswerDtoSchema) },
    useCase: (ctx, actor, { query }) => listUserAnswers(ctx, actor, query.serviceItemId),
  }),
  route({
    method: 'POST',
    url: '/service-project/user-service-answer',
    access: 'service.work',
    schemas: { body: userAnswerCreateSchema, response: userAnswerCreateResultDtoSchema },
    status: 201,
    useCase: (ctx, actor, { body }) => createUserAnswer(ctx, actor, body),
  }),
  route({
    method: 'PATCH',
    url: '/service-project/user-service-answer/:id',
    access: 'service.work',
    schemas: {
      params: userAnswerParamsSchema,
      body: userAnswerPatchSchema,
      response: userAnswerChangeResultDtoSchema,
    },
    useCase: (ctx, actor, { params, body }) => patchUserAnswer(ctx, actor, params.id, body),
  }),
  route({
    method: 'DELETE',
    url: '/service-project/user-service-answer/:id',
    access: 'service.work',
    schemas: {
      params: userAnswerParamsSchema,
      querystring: userAnswerDeleteQuerySchema,
      response: userAnswerDeleteResultDtoSchema,
    },
    useCase: (ctx, actor, { params, query }) => deleteUserAnswer(ctx, actor, params.id, query.version),
  }),
];
