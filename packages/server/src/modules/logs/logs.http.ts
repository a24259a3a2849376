import { clientLogInputSchema } from '@karm/domain/contract';
import { actorOf } from '../../platform/http/actor';
import type { HttpRoutes } from '../../platform/http/types';
import { storeClientLog } from './logs.service';

export const logsRoutes: HttpRoutes = (app, { ctx }) => {
  app.post('/log', { schema: { body: clientLogInputSchema, tags: ['logs'] } }, async (request, reply) =>
    reply.code(201).send(await storeClientLog(ctx, actorOf(request), request.body)),
  );
};
