import { z } from 'zod';
import { actorOf } from '../../platform/http/actor';
import type { HttpRoutes } from '../../platform/http/types';
import { getProjectCombined } from './projects.service';

export const projectsRoutes: HttpRoutes = (app, { ctx }) => {
  // SPEC §7: GET {host}/project/get-combined?projectId
  app.get(
    '/project/get-combined',
    {
      schema: { querystring: z.object({ projectId: z.uuid() }), tags: ['projects'] },
    },
    async (request) => getProjectCombined(ctx, actorOf(request), request.query.projectId),
  );
};
