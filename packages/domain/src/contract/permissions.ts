import type { MembershipRole } from './auth';
import type { SocketEventName } from './socket-events';

/**
 * Who may call what (DESIGN rule 4a): every socket event and every REST route is in one of these
 * tables. `PUBLIC` needs no session; otherwise the caller's role in the signed-in company must be
 * listed. The gateway and the HTTP layer check, in this order, the session, then the role, and only
 * then validate the input — so an outsider learns nothing from validation messages and never makes
 * the server parse a payload it would refuse anyway.
 */
export const PUBLIC = 'public' as const;
/**
 * Downloads (files, PDFs) opened by the browser itself, where no header can be set: a short-lived
 * signed link that the route checks itself, or else a member's session as for any route.
 */
export const SIGNED_LINK_OR_MEMBERS = 'signed-link-or-members' as const;
export type Access = typeof PUBLIC | typeof SIGNED_LINK_OR_MEMBERS | readonly MembershipRole[];

/** Any member of the company, whatever their role. */
export const MEMBERS: readonly MembershipRole[] = ['admin', 'user'];
/** The company's administrators only. */
export const ADMINS: readonly MembershipRole[] = ['admin'];

export const SOCKET_EVENT_ACCESS = {
  // Signing in and password help come before a session exists.
  authenticate: PUBLIC,
  'user:check-logged-in': PUBLIC,
  'user:change-password': PUBLIC,
  'user:forgot-password': PUBLIC,
  'user:reset-password': PUBLIC,
  'user:logout': MEMBERS,
  'user:update-profile': MEMBERS,

  'admin:mail-outbox': ADMINS,
  'accounting:get-settings': ADMINS,
  'accounting:update-settings': ADMINS,
  'accounting:test-connection': ADMINS,
  'accounting:sync-now': ADMINS,
  'accounting:sync-runs': ADMINS,
  'logs:get': ADMINS,

  'company:get-info': MEMBERS,
  'company:update': ADMINS,
  'customer:get': MEMBERS,
  'customer:get-one': MEMBERS,
  'customer:create': MEMBERS,
  'customer:update': MEMBERS,
  'customer:archive': MEMBERS,
  'customer:unarchive': MEMBERS,
  'customer:related': MEMBERS,
  'contacts:get': MEMBERS,
  'contact:get': MEMBERS,
  'contact:create': MEMBERS,
  'contact:update': MEMBERS,
  'contact:archive': MEMBERS,
  // Pick lists every form needs (SPEC §6: the admin list is a list of employees, not an admin action).
  'employee:get': MEMBERS,
  'employee:get-categories': MEMBERS,
  'admin:get-users': MEMBERS,
  'project-manager:get': MEMBERS,
  'project_department:get': MEMBERS,
  'admin:postaladdress': MEMBERS,

  'inquiries:get': MEMBERS,
  'inquiry:get': MEMBERS,
  'inquiry:create': MEMBERS,
  'inquiry:update': MEMBERS,
  'inquiry:archive': MEMBERS,
  'inquiry:unarchive': MEMBERS,
  'inquiry:convert-to-offer': MEMBERS,

  'price-matrix:get': MEMBERS,
  'price-matrix:update': ADMINS,
  'price-calculator:calculate': MEMBERS,

  'project:get': MEMBERS,
  'project:create': MEMBERS,
  'project:update': MEMBERS,
  'project:update-dates': MEMBERS,
  'project:set-delivery-week': MEMBERS,
  'project:save-orders': MEMBERS,
  'project:archive': MEMBERS,
  'project:unarchive': MEMBERS,
  'project:delete': MEMBERS,
  'projects:all': MEMBERS,
  'projects:filter_new': MEMBERS,
  'mongo:project_process': MEMBERS,
  'process:update-entry': MEMBERS,
  'process-columns:get': MEMBERS,
  'process-columns:create': ADMINS,
  'process-columns:update': ADMINS,
  'process-columns:reorder': ADMINS,
  'process-columns:delete': ADMINS,
  'process-columns:create-sub': ADMINS,
  'process-columns:delete-sub': ADMINS,

  'search:global': MEMBERS,
} as const satisfies Record<SocketEventName, Access>;

/**
 * REST routes by `METHOD /api/path` as Fastify names them (`:id` for parameters). A route missing
 * here is refused at run time and fails the permission test.
 */
export const HTTP_ROUTE_ACCESS: Readonly<Record<string, Access>> = {
  'GET /api/health': PUBLIC,

  'POST /api/log': MEMBERS,
  'POST /api/file': MEMBERS,
  // SPEC §7 "upload to {host}": the same upload at the API's root.
  'POST /api': MEMBERS,
  'POST /api/': MEMBERS,
  'GET /api/file': SIGNED_LINK_OR_MEMBERS,
  // A signed link to one file or PDF the member may read (the route checks the company's ownership).
  'POST /api/download-links': MEMBERS,
  'DELETE /api/file/:id': MEMBERS,

  'GET /api/employee/service': MEMBERS,
  'GET /api/project/get-combined': MEMBERS,
  'GET /api/project/:id/work-order.pdf': SIGNED_LINK_OR_MEMBERS,

  'GET /api/offers': MEMBERS,
  'GET /api/offers/populated': MEMBERS,
  'GET /api/offers/:id': MEMBERS,
  'POST /api/offers': MEMBERS,
  'PATCH /api/offers': MEMBERS,
  'PATCH /api/offers/:id': MEMBERS,
  'PATCH /api/offers/:id/archive': MEMBERS,
  'PATCH /api/offers/:id/unarchive': MEMBERS,
  'POST /api/offers/:id/convert-to-project': MEMBERS,
  'GET /api/offers/:id/pdf': SIGNED_LINK_OR_MEMBERS,
  'GET /api/confirmations/offer/:id': MEMBERS,

  // Statuses and the offer configuration are company settings: everyone reads, admins change.
  'GET /api/offer-statuses': MEMBERS,
  'GET /api/offer-statuses/owner-types': MEMBERS,
  'GET /api/offer-statuses/:id/usage': MEMBERS,
  'POST /api/offer-statuses': ADMINS,
  'POST /api/offer-statuses/reorder': ADMINS,
  'PATCH /api/offer-statuses/:id': ADMINS,
  'DELETE /api/offer-statuses/:id': ADMINS,
  'PATCH /api/offer-statuses/:id/reactivate': ADMINS,
  'GET /api/offer-config': MEMBERS,
  'PATCH /api/offer-config': ADMINS,
};

export const PUBLIC_SOCKET_EVENTS: ReadonlySet<SocketEventName> = new Set(
  (Object.keys(SOCKET_EVENT_ACCESS) as SocketEventName[]).filter(
    (event) => SOCKET_EVENT_ACCESS[event] === PUBLIC,
  ),
);

/** The access rule of an event, looked up as an own property (never `toString` or `__proto__`). */
export const socketEventAccess = (event: string): Access | undefined =>
  Object.hasOwn(SOCKET_EVENT_ACCESS, event) ? SOCKET_EVENT_ACCESS[event as SocketEventName] : undefined;

export const httpRouteAccess = (method: string, path: string): Access | undefined => {
  const key = `${method.toUpperCase()} ${path}`;
  return Object.hasOwn(HTTP_ROUTE_ACCESS, key) ? HTTP_ROUTE_ACCESS[key] : undefined;
};

/** Whether a signed-in role passes a non-public rule. */
export const isRoleAllowed = (access: Access, role: MembershipRole) =>
  access === SIGNED_LINK_OR_MEMBERS ? MEMBERS.includes(role) : access !== PUBLIC && access.includes(role);
