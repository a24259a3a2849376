import {
  IconAlertTriangle,
  IconBell,
  IconBuilding,
  IconBuildingFactory2,
  IconCalculator,
  IconCalendar,
  IconChecklist,
  IconClipboardList,
  IconFileDownload,
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
import { ROUTES } from '../routes';

/** Actions that open a dialog rather than a page ("add new …" in the drawer). */
export type NewItemAction = 'addNewInquiry' | 'addNewProject';

export type DrawerLink = { kind: 'link'; labelKey: string; to: string; icon: ReactNode };
export type DrawerAction = { kind: 'action'; labelKey: string; action: NewItemAction; icon: ReactNode };
export type DrawerGroup = {
  kind: 'group';
  id: string;
  labelKey: string;
  icon: ReactNode;
  children: (DrawerLink | DrawerAction)[];
  /** Shown to the company's administrators only (the same rule the server's permission table has). */
  isAdminOnly?: boolean;
};
export type DrawerItem = DrawerLink | DrawerGroup;

const ICON_SIZE = 20;

/** The side drawer of SPEC §2, in its order. */
export const DRAWER_ITEMS: DrawerItem[] = [
  {
    kind: 'link',
    labelKey: 'nav:dashboard',
    to: ROUTES.dashboard,
    icon: <IconLayoutDashboard size={ICON_SIZE} />,
  },
  {
    kind: 'link',
    labelKey: 'nav:process',
    to: ROUTES.projectControl,
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
        to: ROUTES.inquiries,
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
  { kind: 'link', labelKey: 'nav:offers', to: ROUTES.offer, icon: <IconFileText size={ICON_SIZE} /> },
  {
    kind: 'link',
    labelKey: 'nav:priceCalculator',
    to: ROUTES.priceCalculator,
    icon: <IconCalculator size={ICON_SIZE} />,
  },
  {
    kind: 'group',
    id: 'projects',
    labelKey: 'nav:projectManagement',
    icon: <IconWindow size={ICON_SIZE} />,
    children: [
      { kind: 'link', labelKey: 'nav:projects', to: ROUTES.projects, icon: <IconWindow size={16} /> },
      {
        kind: 'link',
        labelKey: 'nav:serviceProjects',
        to: ROUTES.serviceProjects,
        icon: <IconTool size={16} />,
      },
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
    to: ROUTES['service-project-details'],
    icon: <IconTool size={ICON_SIZE} />,
  },
  {
    kind: 'link',
    labelKey: 'nav:qualityControl',
    to: ROUTES.quality,
    icon: <IconAlertTriangle size={ICON_SIZE} />,
  },
  {
    kind: 'link',
    labelKey: 'nav:resourcePlanner',
    to: ROUTES.planner,
    icon: <IconUsersGroup size={ICON_SIZE} />,
  },
  { kind: 'link', labelKey: 'nav:capacity', to: ROUTES.capacity, icon: <IconGauge size={ICON_SIZE} /> },
  { kind: 'link', labelKey: 'nav:customerInfo', to: ROUTES.customer, icon: <IconUsers size={ICON_SIZE} /> },
  {
    kind: 'link',
    labelKey: 'nav:reports',
    to: ROUTES.report,
    icon: <IconReportAnalytics size={ICON_SIZE} />,
  },
  { kind: 'link', labelKey: 'nav:tasks', to: ROUTES.tasks, icon: <IconChecklist size={ICON_SIZE} /> },
  { kind: 'link', labelKey: 'nav:calendar', to: ROUTES.calendar, icon: <IconCalendar size={ICON_SIZE} /> },
  { kind: 'link', labelKey: 'nav:messages', to: ROUTES.messages, icon: <IconMessages size={ICON_SIZE} /> },
  {
    kind: 'group',
    id: 'files',
    labelKey: 'nav:files',
    icon: <IconFileDownload size={ICON_SIZE} />,
    children: [
      {
        kind: 'link',
        labelKey: 'nav:clientDownload',
        to: ROUTES.convertDownload,
        icon: <IconFileDownload size={16} />,
      },
      {
        kind: 'link',
        labelKey: 'nav:subscriptions',
        to: ROUTES.convertSubscriptions,
        icon: <IconBell size={16} />,
      },
    ],
  },
  {
    kind: 'group',
    id: 'admin',
    labelKey: 'nav:admin',
    icon: <IconSettings size={ICON_SIZE} />,
    isAdminOnly: true,
    children: [
      { kind: 'link', labelKey: 'nav:admin', to: ROUTES.admin, icon: <IconSettings size={16} /> },
      { kind: 'link', labelKey: 'nav:company', to: ROUTES.company, icon: <IconBuilding size={16} /> },
      {
        kind: 'link',
        labelKey: 'nav:serviceTemplate',
        to: ROUTES.ServiceTemplate,
        icon: <IconListCheck size={16} />,
      },
      { kind: 'link', labelKey: 'nav:logs', to: ROUTES.logs, icon: <IconList size={16} /> },
      {
        kind: 'link',
        labelKey: 'nav:adminCommands',
        to: ROUTES.admincommands,
        icon: <IconTerminal2 size={16} />,
      },
    ],
  },
];

export const isDrawerGroup = (item: DrawerItem): item is DrawerGroup => item.kind === 'group';

/** The drawer a person of this role sees. */
export const drawerItemsFor = (isAdmin: boolean) =>
  DRAWER_ITEMS.filter((item) => !isDrawerGroup(item) || !item.isAdminOnly || isAdmin);
