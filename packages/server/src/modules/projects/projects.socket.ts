import { socketModule } from '../../platform/realtime/socket-module';
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

/** A technician reads the projects they work on; the use cases narrow what `projects.read-own` sees. */
const READ = ['projects.read', 'projects.read-own'] as const;
const WRITE = 'projects.write';

export const projectEvents = socketModule({
  'project:get': { access: READ, useCase: (ctx, actor, input) => getProject(ctx, actor, input.id) },
  'project:create': { access: WRITE, useCase: createProject },
  'project:update': { access: WRITE, useCase: updateProject },
  'project:update-dates': { access: WRITE, useCase: updateProjectDates },
  // The delivery week moves the process dates: the process grid's people may set it.
  'project:set-delivery-week': { access: 'process.update', useCase: setDeliveryWeek },
  'project:save-orders': { access: WRITE, useCase: saveProjectOrders },
  'project:archive': { access: WRITE, useCase: archiveProject },
  'project:unarchive': { access: WRITE, useCase: unarchiveProject },
  'project:delete': { access: WRITE, useCase: deleteProject },
  'projects:all': { access: READ, useCase: (ctx, actor) => listActiveProjects(ctx, actor) },
  'projects:filter_new': { access: READ, useCase: filterProjects },
});
