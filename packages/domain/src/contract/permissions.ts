/**
 * Who may do what (DESIGN rule 5): the roles of a door and window company, the permissions each holds
 * unless the company changes it, and the access rule of every socket event and REST route. Each
 * server module names one access rule per event and route in its table; the gateway and the /api
 * access hook check, in this order, the session, then the permission, and only then validate the
 * input — so an outsider learns nothing from validation messages. The web app hides what the
 * signed-in user's permissions do not allow.
 */
export const ROLES = ['admin', 'office', 'leader', 'technician', 'readonly'] as const;
export type Role = (typeof ROLES)[number];

/** The roles whose permissions an administrator may change; administrators always hold every one. */
export const ADJUSTABLE_ROLES = [
  'office',
  'leader',
  'technician',
  'readonly',
] as const satisfies readonly Role[];
export type AdjustableRole = (typeof ADJUSTABLE_ROLES)[number];

export const isAdjustableRole = (role: Role): role is AdjustableRole =>
  (ADJUSTABLE_ROLES as readonly Role[]).includes(role);

/** Areas the permission screen groups the permissions by. */
export const PERMISSION_AREAS = [
  'sales',
  'projects',
  'production',
  'service',
  'quality',
  'workspace',
  'administration',
] as const;
export type PermissionArea = (typeof PERMISSION_AREAS)[number];

type PermissionRule = {
  area: PermissionArea;
  /** The roles holding it unless the company decides otherwise (administrators always do). */
  roles: readonly Role[];
  /**
   * Administrators only, whatever the company decides: another role holding one of these could make
   * itself an administrator, change who may sign in, or reach the company's secrets and logs.
   */
  isAdminOnly?: true;
};

const EVERYONE = ROLES;
const SALES = ['admin', 'office'] as const;
const READERS = ['admin', 'office', 'leader', 'readonly'] as const;
const PLANNERS = ['admin', 'office', 'leader'] as const;
const ADMIN = ['admin'] as const;

/**
 * Every permission with its default roles. `*.read-own` and `tasks.own` are the technician's view:
 * only the records they work on (a project they manage or are planned on, their own plans and tasks);
 * whoever holds the full permission sees everything.
 */
export const PERMISSIONS = {
  'customers.read': { area: 'sales', roles: EVERYONE },
  'customers.write': { area: 'sales', roles: SALES },
  'inquiries.read': { area: 'sales', roles: ['admin', 'office', 'readonly'] },
  'inquiries.write': { area: 'sales', roles: SALES },
  'offers.read': { area: 'sales', roles: ['admin', 'office', 'readonly'] },
  'offers.write': { area: 'sales', roles: SALES },
  'sales.settings': { area: 'sales', roles: ADMIN },
  'price-matrix.manage': { area: 'sales', roles: ADMIN },

  'projects.read': { area: 'projects', roles: READERS },
  'projects.read-own': { area: 'projects', roles: ['technician'] },
  'projects.write': { area: 'projects', roles: SALES },
  'process.update': { area: 'projects', roles: PLANNERS },
  'projects.settings': { area: 'projects', roles: ADMIN },
  'invoices.read': { area: 'projects', roles: ['admin', 'office', 'readonly'] },
  'invoices.write': { area: 'projects', roles: ADMIN },
  /** Invoice settings and payment terms (admin tabs "Invoices" and "Payment terms"). */
  'invoices.settings': { area: 'projects', roles: ADMIN },

  'planner.read': { area: 'production', roles: READERS },
  'planner.read-own': { area: 'production', roles: ['technician'] },
  'planner.write': { area: 'production', roles: PLANNERS },
  'planner.settings': { area: 'production', roles: ADMIN },
  'tasks.read': { area: 'production', roles: READERS },
  'tasks.own': { area: 'production', roles: ['technician'] },
  'tasks.write': { area: 'production', roles: PLANNERS },
  'capacity.read': { area: 'production', roles: READERS },

  'service.read': { area: 'service', roles: EVERYONE },
  'service.work': { area: 'service', roles: ['admin', 'leader', 'technician'] },
  /** Everyone reads the checklists (technicians answer them); administrators change them. */
  'service-templates.read': { area: 'service', roles: EVERYONE },
  'service-templates.write': { area: 'service', roles: ADMIN },
  /** Make and change service agreements (workers, interval, prices, items, contact). */
  'service-agreements.write': { area: 'service', roles: PLANNERS },
  /** Apply the yearly price index to the agreements. */
  'service-agreements.index': { area: 'service', roles: ADMIN },

  'quality.read': { area: 'quality', roles: EVERYONE },
  /** A technician reports what they find on site; the case handler works on it too. */
  'deviations.report': { area: 'quality', roles: ['admin', 'office', 'leader', 'technician'] },
  /** Assign, work on and close any deviation (the quality manager's and the leaders'). */
  'deviations.handle': { area: 'quality', roles: ['admin', 'leader'] },
  /** Run a quality checklist on a project, answer it, raise deviations from it and sign it. */
  'checklists.run': { area: 'quality', roles: ['admin', 'office', 'leader', 'technician'] },
  /** Write procedures and publish their versions. */
  'quality.manage': { area: 'quality', roles: ADMIN },

  'messages.send': { area: 'workspace', roles: EVERYONE },
  /** Every message of the company with who has read it (admin tab "messages"); deletes any of them. */
  'messages.manage': { area: 'workspace', roles: ADMIN },
  /** The dashboard at `/`; each widget also asks for the permission of the list behind it. */
  'dashboard.read': { area: 'workspace', roles: EVERYONE },
  'calendar.read': { area: 'workspace', roles: EVERYONE },
  'reports.read': { area: 'workspace', roles: READERS },
  'help.manage': { area: 'workspace', roles: ADMIN },

  'company.manage': { area: 'administration', roles: ADMIN, isAdminOnly: true },
  'users.manage': { area: 'administration', roles: ADMIN, isAdminOnly: true },
  'accounting.manage': { area: 'administration', roles: ADMIN, isAdminOnly: true },
  'system.manage': { area: 'administration', roles: ADMIN, isAdminOnly: true },
} as const satisfies Record<string, PermissionRule>;

export type Permission = keyof typeof PERMISSIONS;
export const PERMISSION_NAMES = Object.keys(PERMISSIONS) as Permission[];

/** Whether a text names a permission (an own property: never `toString` or `__proto__`). */
export const isPermission = (value: string): value is Permission => Object.hasOwn(PERMISSIONS, value);

export const isAdminOnlyPermission = (permission: Permission) =>
  (PERMISSIONS[permission] as PermissionRule).isAdminOnly === true;

/** One company's departure from the defaults: `role` holds `permission` (or not) although the default says otherwise. */
export type PermissionOverride = { role: AdjustableRole; permission: Permission; isGranted: boolean };

/** Which permissions each adjustable role holds: the whole picture an administrator edits. */
export type RoleGrants = Record<AdjustableRole, Permission[]>;

const holdsByDefault = (role: Role, permission: Permission) =>
  (PERMISSIONS[permission].roles as readonly Role[]).includes(role);

/** The permissions of a role in a company with these overrides. Administrators hold every one. */
export const permissionsOfRole = (
  role: Role,
  overrides: readonly PermissionOverride[] = [],
): ReadonlySet<Permission> => {
  if (role === 'admin') return new Set(PERMISSION_NAMES);
  // Fail closed: a role string Karm does not know (a bad row, an older name) holds nothing.
  if (!isAdjustableRole(role)) return new Set();
  const held = new Set(PERMISSION_NAMES.filter((permission) => holdsByDefault(role, permission)));
  for (const override of overrides) {
    // A stored override may name a permission this version no longer has (renamed): it grants nothing.
    if (override.role !== role || !isPermission(override.permission)) continue;
    if (isAdminOnlyPermission(override.permission)) continue;
    if (override.isGranted) held.add(override.permission);
    else held.delete(override.permission);
  }
  return held;
};

/** The grants of every adjustable role under these overrides (what the permission screen shows). */
export const roleGrantsOf = (overrides: readonly PermissionOverride[] = []): RoleGrants =>
  Object.fromEntries(
    ADJUSTABLE_ROLES.map((role) => [
      role,
      PERMISSION_NAMES.filter((permission) => permissionsOfRole(role, overrides).has(permission)),
    ]),
  ) as RoleGrants;

/**
 * The overrides that turn the defaults into these grants: only departures are stored, so a permission
 * added in a later version reaches every role that holds it by default.
 */
export const overridesOf = (grants: RoleGrants): PermissionOverride[] =>
  ADJUSTABLE_ROLES.flatMap((role) => {
    const granted = new Set(grants[role]);
    return PERMISSION_NAMES.filter(
      (permission) =>
        !isAdminOnlyPermission(permission) && granted.has(permission) !== holdsByDefault(role, permission),
    ).map((permission) => ({ role, permission, isGranted: granted.has(permission) }));
  });

/** Needs no session: signing in and password help. */
export const PUBLIC = 'public' as const;
/** Any signed-in member, whatever their role: their own profile and session, and shared pick lists. */
export const SIGNED_IN = 'signed-in' as const;

/**
 * The access rule of one event or route: public, any member, or a permission — or a list of
 * permissions of which any one will do (`['projects.read', 'projects.read-own']`).
 */
export type Access = typeof PUBLIC | typeof SIGNED_IN | Permission | readonly Permission[];

/** The permissions a rule names (none for public and signed-in rules). */
export const permissionsNamedBy = (access: Access): readonly Permission[] =>
  access === PUBLIC || access === SIGNED_IN ? [] : typeof access === 'string' ? [access] : access;

/** Whether a signed-in member holding `held` passes a rule that is not public. */
export const isAllowed = (access: Access, held: ReadonlySet<Permission>) =>
  access === SIGNED_IN || permissionsNamedBy(access).some((permission) => held.has(permission));

/** Whether the user holds a permission (or any of several); what the web app asks before showing an action. */
export const holds = (
  user: { permissions: readonly Permission[] } | null | undefined,
  ...wanted: Permission[]
) => !!user && wanted.some((permission) => user.permissions.includes(permission));
