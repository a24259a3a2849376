import { socketModule } from '../../platform/realtime/socket-module';
import {
  createServiceEntity,
  deleteServiceEntity,
  deleteServiceGroups,
  updateServiceEntity,
} from './service-templates.service';
import { findServiceTemplates, getFullServiceTemplate } from './template-tree';

/**
 * SPEC §7 admin-service:* events: everyone reads the templates (technicians answer them), only
 * administrators (`service-templates.write`) change them.
 */
const READ = 'service-templates.read';
const WRITE = 'service-templates.write';

export const serviceTemplateEvents = socketModule({
  'admin-service:create': { access: WRITE, useCase: createServiceEntity },
  'admin-service:update': { access: WRITE, useCase: updateServiceEntity },
  'admin-service:delete': { access: WRITE, useCase: deleteServiceEntity },
  'admin-service:get-full-service-template': { access: READ, useCase: getFullServiceTemplate },
  'admin-service:find-service-templates': { access: READ, useCase: findServiceTemplates },
  'admin-service:delete-service-groups': { access: WRITE, useCase: deleteServiceGroups },
});
