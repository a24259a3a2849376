import { type SocketHandlers, signedIn } from '../../platform/realtime/socket-handlers';
import {
  listAdminUsers,
  listDepartments,
  listEmployeeCategories,
  listEmployees,
  listProjectManagers,
} from './employees.service';

type EmployeeEvent =
  | 'employee:get'
  | 'employee:get-categories'
  | 'admin:get-users'
  | 'project-manager:get'
  | 'project_department:get';

export const employeesSocketHandlers: SocketHandlers<EmployeeEvent> = {
  'employee:get': async (input, request) => {
    const { ctx, actor } = signedIn(request);
    return listEmployees(ctx, actor, input);
  },
  'employee:get-categories': async (_input, request) => {
    const { ctx, actor } = signedIn(request);
    return listEmployeeCategories(ctx, actor);
  },
  'admin:get-users': async (_input, request) => {
    const { ctx, actor } = signedIn(request);
    return listAdminUsers(ctx, actor);
  },
  'project-manager:get': async (_input, request) => {
    const { ctx, actor } = signedIn(request);
    return listProjectManagers(ctx, actor);
  },
  'project_department:get': async (_input, request) => {
    const { ctx, actor } = signedIn(request);
    return listDepartments(ctx, actor);
  },
};
