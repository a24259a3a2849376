/**
 * The admin area's tabs in SPEC §2 order, plus "Accounting system" after invoices. `value` is what
 * the `tab` search parameter holds; `key` names the texts `admin:tabs.<key>` and `admin:planned.<key>`.
 * `planned` tabs show their title and what will be managed there until their module exists.
 */
export const ADMIN_TABS = [
  { value: 'help', key: 'help', content: 'planned' },
  { value: 'messages', key: 'messages', content: 'messages' },
  { value: 'resource-planner', key: 'resourcePlanner', content: 'planned' },
  { value: 'invoices', key: 'invoices', content: 'planned' },
  { value: 'accounting', key: 'accounting', content: 'accounting' },
  { value: 'inquiry', key: 'inquiry', content: 'planned' },
  { value: 'offers', key: 'offers', content: 'planned' },
  { value: 'payment-terms', key: 'paymentTerms', content: 'planned' },
  { value: 'credit-score', key: 'creditScore', content: 'planned' },
  { value: 'projects', key: 'projects', content: 'planned' },
  { value: 'process', key: 'process', content: 'planned' },
  { value: 'service-projects', key: 'serviceProjects', content: 'planned' },
  { value: 'webhooks', key: 'webhooks', content: 'planned' },
  { value: 'server-logs', key: 'serverLogs', content: 'server-logs' },
  { value: 'manage-users', key: 'manageUsers', content: 'planned' },
  { value: 'users', key: 'users', content: 'planned' },
] as const;

export type AdminTab = (typeof ADMIN_TABS)[number];
export type AdminTabValue = AdminTab['value'];

/** The search parameter that keeps the open tab across reloads and in shared links. */
export const TAB_PARAM = 'tab';

export const DEFAULT_ADMIN_TAB: AdminTabValue = ADMIN_TABS[0].value;

export const isAdminTab = (value: string | null): value is AdminTabValue =>
  ADMIN_TABS.some((tab) => tab.value === value);
