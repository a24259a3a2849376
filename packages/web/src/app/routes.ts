import type { FileOwnerKind } from '@karm/domain/contract';
import { isoWeekOf, type ProjectFilters } from '@karm/domain/rules';

/**
 * Every route of SPEC §2 with its name. Paths are built only through `href`, so a renamed path
 * changes in one place.
 */
export const ROUTES = {
  dashboard: '/',
  projectControl: '/project/control',
  projects: '/projects',
  serviceProjects: '/serviceProjects',
  /** Service visits due by the service agreements (issue 19); the spec's route table has no path for it, so Karm adds one. */
  serviceDue: '/service-due',
  serviceItem: '/serviceItem',
  /** A service item's logbook (issue 19); the spec's route table has no path for it, so Karm adds one. */
  serviceLogbook: '/service-logbook',
  convertDownload: '/convert/download',
  convertSubscriptions: '/convert/subscriptions',
  profile: '/profile',
  planner: '/planner',
  plannerWeek: '/planner/:year/:week',
  offer: '/offer',
  admin: '/admin',
  ServiceTemplate: '/admin/service-template',
  calendar: '/calendar',
  logs: '/logs',
  capacity: '/capacity',
  admincommands: '/admincommands',
  messages: '/messages',
  customer: '/customer',
  quality: '/quality',
  report: '/report',
  tasks: '/tasks',
  company: '/company',
  'service-project-details': '/service-project-details',
  /** Inquiry management (SPEC §2 drawer); the spec's route table has no path for it, so Karm adds one. */
  inquiries: '/inquiries',
  /** The price calculator (SPEC §1 "other pages"); the spec's route table has no path for it, so Karm adds one. */
  priceCalculator: '/price-calculator',
  /** Every file of the company (SPEC §2 drawer "Files"); the spec's route table has no path for it, so Karm adds one. */
  files: '/files',
  login: '/login',
  print: '/print',
} as const;

export type RouteName = keyof typeof ROUTES;

export const href = {
  to: (name: Exclude<RouteName, 'plannerWeek'>) => ROUTES[name],
  plannerWeek: (year: number, week: number) => `/planner/${year}/${week}`,
  /** The planner's week sheet for the workshop wall, on the print page. */
  plannerPrint: (year: number, week: number) => `${ROUTES.print}?sheet=planner&year=${year}&week=${week}`,
  /** A service item's logbook on the print page. */
  serviceLogbookPrint: (serviceItemId: string) =>
    `${ROUTES.print}?sheet=service-logbook&serviceItemId=${encodeURIComponent(serviceItemId)}`,
  /** A project on paper: its fields, contacts, process status and order lines. */
  projectPrint: (projectId: string) => `${ROUTES.print}?sheet=project&id=${encodeURIComponent(projectId)}`,
  /** An offer on paper: its fields, lines and totals. */
  offerPrint: (offerId: string) => `${ROUTES.print}?sheet=offer&id=${encodeURIComponent(offerId)}`,
  /** The project list the filters select, on paper (paging aside). */
  projectListPrint: (filters: Partial<ProjectFilters>) =>
    `${ROUTES.print}?sheet=projects&filters=${encodeURIComponent(JSON.stringify(filters))}`,
  /** A service project's items on their map (service project details). */
  serviceProject: (projectId: string) =>
    `${ROUTES['service-project-details']}?projectId=${encodeURIComponent(projectId)}`,
  /** A list page that opens one record's dialog at once (global search hits, links). */
  open: (name: 'projects' | 'serviceProjects' | 'offer' | 'inquiries', id: string) =>
    `${ROUTES[name]}?open=${encodeURIComponent(id)}`,
  /** The project list with these filters over the defaults (a dashboard figure's list). */
  projectsFiltered: (filters: Partial<ProjectFilters>) =>
    `${ROUTES.projects}?filters=${encodeURIComponent(JSON.stringify(filters))}`,
  /** The login page, optionally opening the reset form for a mailed token. */
  login: (resetToken?: string) =>
    resetToken ? `/login?reset=${encodeURIComponent(resetToken)}` : ROUTES.login,
};

/** Where the Files screen opens what a file belongs to; a person's picture has no screen of its own. */
export const fileOwnerHref = (owner: { kind: FileOwnerKind; id: string }): string | null => {
  switch (owner.kind) {
    case 'inquiry':
      return href.open('inquiries', owner.id);
    case 'offer':
      return href.open('offer', owner.id);
    case 'project':
      return href.open('projects', owner.id);
    case 'company':
      return ROUTES.company;
    default:
      return null;
  }
};

/** The link of "From offer N" on a project: the offer list with that offer open. */
export const offerHref = (offerId: string) => href.open('offer', offerId);

/** Where a task's project or offer opens: its list with the record's dialog open. */
/** Where a deviation's project opens (the projects screen with its dialog). */
export const projectHref = (id: string) => href.open('projects', id);

/** The planner's fortnight starting with the ISO week holding the date. */
export const plannerWeekOfDate = (date: string) => {
  const { year, week } = isoWeekOf(date);
  return href.plannerWeek(year, week);
};

export const taskEntityHref = ({
  type,
  id,
  projectId,
}: {
  type: 'project' | 'offer' | 'serviceItem';
  id: string;
  projectId: string | null;
}): string | null => {
  if (type === 'project') return href.open('projects', id);
  if (type === 'offer') return offerHref(id);
  return projectId ? href.serviceProject(projectId) : null;
};

/**
 * Where a calendar entry opens: a project, offer or inquiry in its list with the dialog open, a task
 * in the tasks screen's drawer; a birthday opens nothing.
 */
export const calendarTargetHref = ({ type, id }: { type: string; id: string }): string | null => {
  switch (type) {
    case 'project':
      return href.open('projects', id);
    case 'offer':
      return href.open('offer', id);
    case 'inquiry':
      return href.open('inquiries', id);
    case 'task':
      return `${ROUTES.tasks}?open=${encodeURIComponent(id)}`;
    case 'planner':
      return plannerWeekOfDate(id);
    case 'serviceProject':
      return href.serviceProject(id);
    default:
      return null;
  }
};

/** Routes whose screens later issues fill; until then each shows its title and what will be there. */
export const PLANNED_SCREENS = [] as const satisfies readonly {
  name: RouteName;
  titleKey: string;
  textKey: string;
}[];
