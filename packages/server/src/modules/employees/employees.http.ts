import { actorOf } from '../../platform/http/actor';
import type { HttpRoutes } from '../../platform/http/types';
import { listServiceWorkers } from './employees.service';

export const employeesRoutes: HttpRoutes = (app, { ctx }) => {
  // SPEC §7: GET {host}/employee/service — the service workers.
  app.get('/employee/service', { schema: { tags: ['employees'] } }, async (request) =>
    listServiceWorkers(ctx, actorOf(request)),
  );
};
