import Fastify, { type FastifyError } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { AppContext } from '../context';
import { handleHttpError } from './error-handler';
import { httpModule, publicRoute, registerHttpModules } from './routes';
import type { HttpApp } from './types';

/** A small app with one route whose answer is wrong or right, as the query asks. */
const appWithOneRoute = async (checkAnswers: boolean) => {
  const fastify = Fastify();
  fastify.setValidatorCompiler(validatorCompiler);
  fastify.setSerializerCompiler(serializerCompiler);
  fastify.setErrorHandler((error: FastifyError, request, reply) => handleHttpError(error, request, reply));
  const module = httpModule('test', [
    publicRoute({
      method: 'GET',
      url: '/answer',
      access: 'public',
      schemas: {
        querystring: z.object({ wrong: z.enum(['yes', 'no']) }),
        response: z.object({ count: z.number() }),
      },
      // The wrong answer goes past the typecheck on purpose: the check at run time is under test.
      useCase: async (_ctx, { query }) => (query.wrong === 'yes' ? { count: 'many' } : { count: 3 }) as never,
    }),
  ]);
  registerHttpModules(fastify as unknown as HttpApp, {} as AppContext, [module], { checkAnswers });
  await fastify.ready();
  return fastify;
};

describe('the answer check', () => {
  it('fails a JSON answer that differs from its response schema, with the zod issues', async () => {
    const app = await appWithOneRoute(true);
    const wrong = await app.inject({ method: 'GET', url: '/answer?wrong=yes' });
    expect(wrong.statusCode).toBe(500);
    expect(wrong.json()).toMatchObject({ code: 'INTERNAL', details: { issues: [{ path: ['count'] }] } });
    const right = await app.inject({ method: 'GET', url: '/answer?wrong=no' });
    expect(right.statusCode).toBe(200);
    expect(right.json()).toEqual({ count: 3 });
  });

  it('is off unless the test server switches it on: production answers are not re-checked', async () => {
    const app = await appWithOneRoute(false);
    const wrong = await app.inject({ method: 'GET', url: '/answer?wrong=yes' });
    expect(wrong.statusCode).toBe(200);
    expect(wrong.json()).toEqual({ count: 'many' });
  });
});
