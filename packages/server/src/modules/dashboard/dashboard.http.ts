import {
  DASHBOARD_CHANGES_LIMIT,
  DASHBOARD_ROUTES,
  dashboardAlertsDtoSchema,
  dashboardAnniversariesDtoSchema,
  dashboardChangesDtoSchema,
  dashboardCompletionDtoSchema,
  dashboardCompletionQuerySchema,
  dashboardProjectsDtoSchema,
  dashboardWorkStatusDtoSchema,
} from '@karm/domain/contract';
import { httpModule, route } from '../../platform/http/routes';
import { latestProjectChanges } from '../projects/project-dashboard';
import { dashboardAlerts } from './dashboard-alerts';
import { dashboardAnniversaries, dashboardWorkStatus } from './dashboard-people';
import { dashboardCompletion, dashboardProjects } from './dashboard-projects';

/**
 * The dashboard (SPEC §1, §2 `/`): one GET per widget, so the page asks for all of them at once and
 * each card shows as soon as its own answer arrives. Each route asks for the permission of the list
 * behind its widget.
 */
export const dashboardRoutes = httpModule('dashboard', [
  route({
    method: 'GET',
    url: DASHBOARD_ROUTES.projects,
    access: ['projects.read', 'projects.read-own'],
    schemas: { response: dashboardProjectsDtoSchema },
    useCase: (ctx, actor) => dashboardProjects(ctx, actor),
  }),
  route({
    method: 'GET',
    url: DASHBOARD_ROUTES.completion,
    access: ['projects.read', 'projects.read-own'],
    schemas: { querystring: dashboardCompletionQuerySchema, response: dashboardCompletionDtoSchema },
    useCase: (ctx, actor, { query }) => dashboardCompletion(ctx, actor, query),
  }),
  route({
    method: 'GET',
    url: DASHBOARD_ROUTES.workStatus,
    access: 'planner.read',
    schemas: { response: dashboardWorkStatusDtoSchema },
    useCase: (ctx, actor) => dashboardWorkStatus(ctx, actor),
  }),
  route({
    method: 'GET',
    url: DASHBOARD_ROUTES.anniversaries,
    access: 'dashboard.read',
    schemas: { response: dashboardAnniversariesDtoSchema },
    useCase: (ctx, actor) => dashboardAnniversaries(ctx, actor),
  }),
  route({
    method: 'GET',
    url: DASHBOARD_ROUTES.alerts,
    access: 'dashboard.read',
    schemas: { response: dashboardAlertsDtoSchema },
    useCase: (ctx, actor) => dashboardAlerts(ctx, actor),
  }),
  route({
    method: 'GET',
    url: DASHBOARD_ROUTES.changes,
    access: 'projects.read',
    schemas: { response: dashboardChangesDtoSchema },
    useCase: async (ctx, actor) => ({
      items: await latestProjectChanges(ctx, actor.companyId, DASHBOARD_CHANGES_LIMIT),
    }),
  }),
]);
