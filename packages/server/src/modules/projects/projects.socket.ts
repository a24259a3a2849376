import { type SocketHandlers, signedIn } from '../../platform/realtime/socket-handlers';
import { filterProjects } from './project-filter';
import {
  archiveProject,
  createProject,
  deleteProject,
  getProject,
  listActiveProjects,
  saveProjectOrders,
  setDeliveryWeek,
  unarchiveProject,
  updateProject,
  updateProjectDates,
} from './projects.service';

type ProjectEvent =
  | 'project:get'
  | 'project:create'
  | 'project:update'
  | 'project:update-dates'
  | 'project:set-delivery-week'
  | 'project:save-orders'
  | 'project:archive'
  | 'project:unarchive'
  | 'project:delete'
  | 'projects:all'
  | 'projects:filter_new';

export const projectsSocketHandlers: SocketHandlers<ProjectEvent> = {
  'project:get': async (input, request) => {
    const { ctx, actor } = signedIn(request);
    return getProject(ctx, actor, input.id);
  },
  'project:create': async (input, request) => {
    const { ctx, actor } = signedIn(request);
    return createProject(ctx, actor, input);
  },
  'project:update': async (input, request) => {
    const { ctx, actor } = signedIn(request);
    return updateProject(ctx, actor, input);
  },
  'project:update-dates': async (input, request) => {
    const { ctx, actor } = signedIn(request);
    return updateProjectDates(ctx, actor, input);
  },
  'project:set-delivery-week': async (input, request) => {
    const { ctx, actor } = signedIn(request);
    return setDeliveryWeek(ctx, actor, input);
  },
  'project:save-orders': async (input, request) => {
    const { ctx, actor } = signedIn(request);
    return saveProjectOrders(ctx, actor, input);
  },
  'project:archive': async (input, request) => {
    const { ctx, actor } = signedIn(request);
    return archiveProject(ctx, actor, input);
  },
  'project:unarchive': async (input, request) => {
    const { ctx, actor } = signedIn(request);
    return unarchiveProject(ctx, actor, input);
  },
  'project:delete': async (input, request) => {
    const { ctx, actor } = signedIn(request);
    return deleteProject(ctx, actor, input);
  },
  'projects:all': async (_input, request) => {
    const { ctx, actor } = signedIn(request);
    return listActiveProjects(ctx, actor);
  },
  'projects:filter_new': async (input, request) => {
    const { ctx, actor } = signedIn(request);
    return filterProjects(ctx, actor, input);
  },
};
