import { SIGNED_IN } from '@karm/domain/contract';
import { socketModule } from '../../platform/realtime/socket-module';
import {
  listAdminUsers,
  listDepartments,
  listEmployeeCategories,
  listEmployees,
  listProjectManagers,
} from './employees.service';
import { assignWorkGroup, listWorkGroupMembers } from './work-groups';

/**
 * Pick lists every form needs (SPEC §6: the admin list is a list of employees, not an admin action),
 * so any member may read them.
 */
export const employeeEvents = socketModule({
  'employee:get': { access: SIGNED_IN, useCase: listEmployees },
  'employee:get-categories': {
    access: SIGNED_IN,
    useCase: (ctx, actor) => listEmployeeCategories(ctx, actor),
  },
  'admin:get-users': { access: SIGNED_IN, useCase: (ctx, actor) => listAdminUsers(ctx, actor) },
  'project-manager:get': { access: SIGNED_IN, useCase: (ctx, actor) => listProjectManagers(ctx, actor) },
  'project_department:get': { access: SIGNED_IN, useCase: (ctx, actor) => listDepartments(ctx, actor) },
  // The admin tab "resource planner": who is in which work group.
  'planner:work-group-members': {
    access: 'planner.settings',
    useCase: (ctx, actor) => listWorkGroupMembers(ctx, actor),
  },
  'planner:assign-work-group': { access: 'planner.settings', useCase: assignWorkGroup },
});
