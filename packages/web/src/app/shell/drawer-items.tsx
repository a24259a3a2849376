import { holds, type Permission, type UserDto } from '@karm/domain/contract';
import {
  IconAlertTriangle,
  IconBell,
  IconBuilding,
  IconBuildingFactory2,
  IconCalculator,
  IconCalendar,
  IconCalendarDue,
  IconChecklist,
  IconClipboardList,
  IconFileDownload,
  IconFiles,
  IconFileText,
  IconGauge,
  IconLayoutDashboard,
  IconList,
  IconListCheck,
  IconMessages,
  IconReportAnalytics,
  IconSettings,
  IconTerminal2,
  IconTool,
  IconUsers,
  IconUsersGroup,
  IconWindow,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { mayOpen } from '../route-access';
import { ROUTES, type RouteName } from '../routes';

/** Actions that open a dialog rather than a page ("add new …" in the drawer). */
export type NewItemAction = 'addNewInquiry' | 'addNewProject';

export type DrawerLink = {
  kind: 'link';
  labelKey: string;
  route: Exclude<RouteName, 'plannerWeek'>;
  icon: ReactNode;
  /** Listed only for these, although others may open the screen (e.g. by the header's company name). */
  listedFor?: readonly Permission[];
};
export type DrawerAction = { kind: 'action'; labelKey: string; action: NewItemAction; icon: ReactNode };
export type DrawerGroup = {
  kind: 'group';
  id: string;
  labelKey: string;
  icon: ReactNode;
  children: (DrawerLink | DrawerAction)[];
};

/** Who may start each "add new …" action: whoever may save what it makes. */
const ACTION_ACCESS: Record<NewItemAction, Permission> = {
  addNewInquiry: 'inquiries.write',
  addNewProject: 'projects.write',
};

/** Where a drawer link leads. */
export const pathOf = (link: DrawerLink) => ROUTES[link.route];
export type DrawerItem = DrawerLink | DrawerGroup;

const ICON_SIZE = 20;

/** The side drawer of SPEC §2, in its order. */
export const DRAWER_ITEMS: DrawerItem[] = [
  {
    kind: 'link',
    labelKey: 'nav:dashboard',
    route: 'dashboard',
    icon: <IconLayoutDashboard size={ICON_SIZE} />,
  },
  {
    kind: 'link',
    labelKey: 'nav:process',
    route: 'projectControl',
    icon: <IconBuildingFactory2 size={ICON_SIZE} />,
  },
  {
    kind: 'group',
    id: 'inquiries',
    labelKey: 'nav:inquiries',
    icon: <IconClipboardList size={ICON_SIZE} />,
    children: [
      {
        kind: 'link',
        labelKey: 'nav:inquiryManagement',
        route: 'inquiries',
        icon: <IconClipboardList size={16} />,
      },
      {
        kind: 'action',
        labelKey: 'nav:addNewInquiry',
        action: 'addNewInquiry',
        icon: <IconClipboardList size={16} />,
      },
    ],
  },
  { kind: 'link', labelKey: 'nav:offers', route: 'offer', icon: <IconFileText size={ICON_SIZE} /> },
  {
    kind: 'link',
    labelKey: 'nav:priceCalculator',
    route: 'priceCalculator',
    icon: <IconCalculator size={ICON_SIZE} />,
  },
  {
    kind: 'group',
    id: 'projects',
    labelKey: 'nav:projectManagement',
    icon: <IconWindow size={ICON_SIZE} />,
    children: [
      { kind: 'link', labelKey: 'nav:projects', route: 'projects', icon: <IconWindow size={16} /> },
      {
        kind: 'link',
        labelKey: 'nav:serviceProjects',
        route: 'serviceProjects',
        icon: <IconTool size={16} />,
      },
      { kind: 'link', labelKey: 'nav:serviceDue', route: 'serviceDue', icon: <IconCalendarDue size={16} /> },
      {
        kind: 'action',
        labelKey: 'nav:addNewProject',
        action: 'addNewProject',
        icon: <IconWindow size={16} />,
      },
    ],
  },
  {
    kind: 'link',
    labelKey: 'nav:serviceAssignment',
    route: 'service-project-details',
    icon: <IconTool size={ICON_SIZE} />,
  },
  {
    kind: 'link',
    labelKey: 'nav:qualityControl',
    route: 'quality',
    icon: <IconAlertTriangle size={ICON_SIZE} />,
  },
  {
    kind: 'link',
    labelKey: 'nav:resourcePlanner',
    route: 'planner',
    icon: <IconUsersGroup size={ICON_SIZE} />,
  },
  { kind: 'link', labelKey: 'nav:capacity', route: 'capacity', icon: <IconGauge size={ICON_SIZE} /> },
  { kind: 'link', labelKey: 'nav:customerInfo', route: 'customer', icon: <IconUsers size={ICON_SIZE} /> },
  {
    kind: 'link',
    labelKey: 'nav:reports',
    route: 'report',
    icon: <IconReportAnalytics size={ICON_SIZE} />,
  },
  { kind: 'link', labelKey: 'nav:tasks', route: 'tasks', icon: <IconChecklist size={ICON_SIZE} /> },
  { kind: 'link', labelKey: 'nav:calendar', route: 'calendar', icon: <IconCalendar size={ICON_SIZE} /> },
  { kind: 'link', labelKey: 'nav:messages', route: 'messages', icon: <IconMessages size={ICON_SIZE} /> },
  {
    kind: 'group',
    id: 'files',
    labelKey: 'nav:files',
    icon: <IconFileDownload size={ICON_SIZE} />,
    children: [
      { kind: 'link', labelKey: 'nav:allFiles', route: 'files', icon: <IconFiles size={16} /> },
      {
        kind: 'link',
        labelKey: 'nav:clientDownload',
        route: 'convertDownload',
        icon: <IconFileDownload size={16} />,
      },
      {
        kind: 'link',
        labelKey: 'nav:subscriptions',
        route: 'convertSubscriptions',
        icon: <IconBell size={16} />,
      },
    ],
  },
  {
    kind: 'group',
    id: 'admin',
    labelKey: 'nav:admin',
    icon: <IconSettings size={ICON_SIZE} />,
    children: [
      { kind: 'link', labelKey: 'nav:admin', route: 'admin', icon: <IconSettings size={16} /> },
      // Everyone may read the company settings (from the header); the admin group lists them for their editors.
      {
        kind: 'link',
        labelKey: 'nav:company',
        route: 'company',
        icon: <IconBuilding size={16} />,
        listedFor: ['company.manage'],
      },
      {
        kind: 'link',
        labelKey: 'nav:serviceTemplate',
        route: 'ServiceTemplate',
        icon: <IconListCheck size={16} />,
        // Everyone may read the templates (opened from their service work); the admin group lists them for their editors.
        listedFor: ['service-templates.write'],
      },
      { kind: 'link', labelKey: 'nav:logs', route: 'logs', icon: <IconList size={16} /> },
      {
        kind: 'link',
        labelKey: 'nav:adminCommands',
        route: 'admincommands',
        icon: <IconTerminal2 size={16} />,
      },
    ],
  },
];

export const isDrawerGroup = (item: DrawerItem): item is DrawerGroup => item.kind === 'group';

const mayUse = (entry: DrawerLink | DrawerAction, user: Pick<UserDto, 'permissions'> | null | undefined) =>
  entry.kind === 'link'
    ? mayOpen(entry.route, user) && (!entry.listedFor || holds(user, ...entry.listedFor))
    : holds(user, ACTION_ACCESS[entry.action]);

/**
 * The drawer a person sees: the screens their permissions open and the actions they may take; a
 * group with nothing left in it is not shown.
 */
export const drawerItemsFor = (user: Pick<UserDto, 'permissions'> | null | undefined): DrawerItem[] =>
  DRAWER_ITEMS.flatMap((item): DrawerItem[] => {
    if (!isDrawerGroup(item)) return mayUse(item, user) ? [item] : [];
    const children = item.children.filter((child) => mayUse(child, user));
    return children.length > 0 ? [{ ...item, children }] : [];
  });
