import { holds, type Permission, type UserDto } from '@karm/domain/contract';
import { ADMIN_TABS } from '@/features/admin/admin-tabs';
import type { RouteName } from './routes';

/**
 * Who may open each screen: any one of the listed permissions will do. A route without an entry is
 * for every signed-in member (dashboard, profile, company settings to read, downloads, their messages). The drawer
 * shows only what the user may open, and a screen opened by its address says it is not for them.
 */
export const ROUTE_ACCESS: Partial<Record<RouteName, readonly Permission[]>> = {
  projectControl: ['projects.read', 'projects.read-own'],
  projects: ['projects.read', 'projects.read-own'],
  serviceProjects: ['projects.read', 'projects.read-own'],
  serviceItem: ['service.read'],
  serviceLogbook: ['service.read'],
  'service-project-details': ['service.read'],
  serviceDue: ['service.read'],
  planner: ['planner.read', 'planner.read-own'],
  plannerWeek: ['planner.read', 'planner.read-own'],
  offer: ['offers.read'],
  inquiries: ['inquiries.read'],
  priceCalculator: ['offers.read', 'price-matrix.manage'],
  // The admin area opens for whoever may use one of its tabs.
  admin: [...new Set(ADMIN_TABS.flatMap((tab) => tab.access))],
  ServiceTemplate: ['service-templates.read'],
  calendar: ['calendar.read'],
  logs: ['system.manage'],
  capacity: ['capacity.read'],
  admincommands: ['system.manage'],
  customer: ['customers.read'],
  quality: ['quality.read'],
  report: ['reports.read'],
  tasks: ['tasks.read', 'tasks.own'],
};

export const mayOpen = (route: RouteName, user: Pick<UserDto, 'permissions'> | null | undefined) => {
  const needed = ROUTE_ACCESS[route];
  return !needed || holds(user, ...needed);
};
