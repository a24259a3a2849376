import { socketModule } from '../../platform/realtime/socket-module';
import {
  addDepartment,
  deleteDepartment,
  listDepartmentsForAdmin,
  updateDepartment,
} from './departments.service';

/** Departments are project settings (admin tab "projects"); forms read them through project_department:get. */
const MANAGE = 'projects.settings' as const;

export const departmentEvents = socketModule({
  'department:list': { access: MANAGE, useCase: listDepartmentsForAdmin },
  'department:add': { access: MANAGE, useCase: addDepartment },
  'department:upd': { access: MANAGE, useCase: updateDepartment },
  'department:del': { access: MANAGE, useCase: deleteDepartment },
});
