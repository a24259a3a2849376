import type { Permission } from '@karm/domain/contract';

/**
 * The admin area's tabs in SPEC §2 order, plus "Accounting system" after invoices. `value` is what
 * the `tab` search parameter holds; `key` names the texts `admin:tabs.<key>` and `admin:planned.<key>`.
 * `planned` tabs show their title and what will be managed there until their module exists.
 */
export const ADMIN_TABS = [
  { value: 'help', key: 'help', content: 'planned', access: ['help.manage'] },
  {
    value: 'messages',
    key: 'messages',
    content: 'messages',
    access: ['messages.manage', 'system.manage'],
  },
  { value: 'resource-planner', key: 'resourcePlanner', content: 'planned', access: ['planner.settings'] },
  {
    value: 'invoices',
    key: 'invoices',
    content: 'planned',
    access: ['invoices.settings', 'invoices.write'],
  },
  { value: 'accounting', key: 'accounting', content: 'accounting', access: ['accounting.manage'] },
  { value: 'inquiry', key: 'inquiry', content: 'planned', access: ['sales.settings'] },
  { value: 'offers', key: 'offers', content: 'planned', access: ['sales.settings'] },
  { value: 'payment-terms', key: 'paymentTerms', content: 'planned', access: ['invoices.settings'] },
  { value: 'credit-score', key: 'creditScore', content: 'planned', access: ['sales.settings'] },
  { value: 'projects', key: 'projects', content: 'planned', access: ['projects.settings'] },
  { value: 'process', key: 'process', content: 'planned', access: ['projects.settings'] },
  {
    value: 'service-projects',
    key: 'serviceProjects',
    content: 'planned',
    access: ['service-templates.write'],
  },
  { value: 'webhooks', key: 'webhooks', content: 'planned', access: ['system.manage'] },
  { value: 'server-logs', key: 'serverLogs', content: 'server-logs', access: ['system.manage'] },
  { value: 'jobs', key: 'jobs', content: 'planned', access: ['system.manage'] },
  { value: 'manage-users', key: 'manageUsers', content: 'planned', access: ['users.manage'] },
  { value: 'users', key: 'users', content: 'planned', access: ['users.manage'] },
] as const satisfies readonly {
  value: string;
  key: string;
  content: string;
  access: readonly Permission[];
}[];

export type AdminTab = (typeof ADMIN_TABS)[number];
export type AdminTabValue = AdminTab['value'];

/** The search parameter that keeps the open tab across reloads and in shared links. */
export const TAB_PARAM = 'tab';

/** The tabs a user may use, in their order. */
export const adminTabsFor = (user: { permissions: readonly Permission[] } | null | undefined) =>
  ADMIN_TABS.filter((tab) => tab.access.some((permission) => user?.permissions.includes(permission)));
