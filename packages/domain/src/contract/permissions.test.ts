import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ADJUSTABLE_ROLES,
  holds,
  isAdminOnlyPermission,
  isAllowed,
  isPermission,
  overridesOf,
  PERMISSION_NAMES,
  PERMISSIONS,
  type Permission,
  type PermissionOverride,
  permissionsOfRole,
  ROLES,
  type Role,
  type RoleGrants,
  roleGrantsOf,
  SIGNED_IN,
} from './permissions';

describe('the default role permissions', () => {
  it('give administrators every permission', () => {
    expect([...permissionsOfRole('admin')].sort()).toEqual([...PERMISSION_NAMES].sort());
  });

  it('give a role Karm does not know nothing at all (a bad stored role never acts as admin)', () => {
    expect(permissionsOfRole('superuser' as Role).size).toBe(0);
    expect(permissionsOfRole('' as Role).size).toBe(0);
  });

  it('name only known roles, and every permission has an area', () => {
    for (const [name, rule] of Object.entries(PERMISSIONS)) {
      for (const role of rule.roles) expect(ROLES, name).toContain(role);
      expect(rule.area, name).toBeTruthy();
    }
  });

  it('fit a door and window company', () => {
    const office = permissionsOfRole('office');
    expect(office.has('offers.write')).toBe(true);
    expect(office.has('projects.write')).toBe(true);
    expect(office.has('invoices.read')).toBe(true);
    expect(office.has('invoices.write')).toBe(false);
    expect(office.has('planner.write')).toBe(true);
    expect(office.has('users.manage')).toBe(false);

    const leader = permissionsOfRole('leader');
    expect(leader.has('planner.write')).toBe(true);
    expect(leader.has('capacity.read')).toBe(true);
    expect(leader.has('projects.read')).toBe(true);
    expect(leader.has('projects.write')).toBe(false);
    expect(leader.has('tasks.write')).toBe(true);

    const technician = permissionsOfRole('technician');
    expect(technician.has('projects.read')).toBe(false);
    expect(technician.has('projects.read-own')).toBe(true);
    expect(technician.has('tasks.own')).toBe(true);
    expect(technician.has('planner.read-own')).toBe(true);
    expect(technician.has('service.work')).toBe(true);
    expect(technician.has('deviations.report')).toBe(true);
    expect(technician.has('offers.read')).toBe(false);
    // Technicians answer the checklists, so they read the templates; only administrators change them.
    expect(technician.has('service-templates.read')).toBe(true);
    expect(technician.has('service-templates.write')).toBe(false);

    const readonly = [...permissionsOfRole('readonly')];
    expect(readonly.every((name) => name.endsWith('.read') || name === 'messages.send')).toBe(true);
  });

  it('keep the administrators-only permissions for administrators', () => {
    for (const name of PERMISSION_NAMES.filter(isAdminOnlyPermission)) {
      expect(PERMISSIONS[name].roles).toEqual(['admin']);
    }
  });
});

describe("a company's changes", () => {
  it('ignore a stored permission this version no longer knows (a renamed one grants nothing)', () => {
    const stored = [
      { role: 'office', permission: 'service-templates.manage', isGranted: true },
      { role: 'office', permission: 'customers.write', isGranted: false },
    ] as unknown as PermissionOverride[];
    const office = permissionsOfRole('office', stored);
    expect(office.has('customers.write')).toBe(false);
    expect([...office].every((permission) => isPermission(permission))).toBe(true);
  });

  const grantsArbitrary = fc.record(
    Object.fromEntries(ADJUSTABLE_ROLES.map((role) => [role, fc.subarray(PERMISSION_NAMES)])) as Record<
      (typeof ADJUSTABLE_ROLES)[number],
      fc.Arbitrary<Permission[]>
    >,
  );

  it('are stored as departures that give back exactly what was saved, less the administrators-only', () => {
    fc.assert(
      fc.property(grantsArbitrary, (grants: RoleGrants) => {
        const back = roleGrantsOf(overridesOf(grants));
        for (const role of ADJUSTABLE_ROLES) {
          expect(back[role]).toEqual(
            PERMISSION_NAMES.filter((name) => grants[role].includes(name) && !isAdminOnlyPermission(name)),
          );
        }
      }),
    );
  });

  it('store nothing when nothing departs from the defaults', () => {
    expect(overridesOf(roleGrantsOf())).toEqual([]);
  });

  it('never take a permission from administrators', () => {
    const none = Object.fromEntries(ADJUSTABLE_ROLES.map((role) => [role, []])) as unknown as RoleGrants;
    expect(permissionsOfRole('admin', overridesOf(none)).size).toBe(PERMISSION_NAMES.length);
  });
});

describe('access rules', () => {
  it('let any member through a signed-in rule, and one of several permissions through a list', () => {
    expect(isAllowed(SIGNED_IN, new Set())).toBe(true);
    expect(isAllowed(['projects.read', 'projects.read-own'], permissionsOfRole('technician'))).toBe(true);
    expect(isAllowed('projects.write', permissionsOfRole('technician'))).toBe(false);
  });

  it('read permission names as own properties only', () => {
    expect(isPermission('offers.read')).toBe(true);
    expect(isPermission('toString')).toBe(false);
    expect(isPermission('__proto__')).toBe(false);
  });

  it('answer what the web app asks', () => {
    expect(holds({ permissions: ['offers.read'] }, 'offers.write', 'offers.read')).toBe(true);
    expect(holds(null, 'offers.read')).toBe(false);
  });
});
