import { ROLES } from '@karm/domain/contract';
import { describe, expect, it } from 'vitest';
import { aUser } from '@/test/fixtures';
import { mayOpen, ROUTE_ACCESS } from '../route-access';
import { type DrawerItem, drawerItemsFor, isDrawerGroup } from './drawer-items';

/** What a drawer shows, as label keys ("group > child" for grouped entries). */
const entriesOf = (items: DrawerItem[]) =>
  items.flatMap((item) =>
    isDrawerGroup(item)
      ? item.children.map((child) => `${item.labelKey} > ${child.labelKey}`)
      : [item.labelKey],
  );

describe('the drawer by role', () => {
  it('shows an administrator everything', () => {
    const entries = entriesOf(drawerItemsFor(aUser('admin')));
    expect(entries).toContain('nav:admin > nav:admin');
    expect(entries).toContain('nav:admin > nav:logs');
    expect(entries).toContain('nav:inquiries > nav:addNewInquiry');
    expect(entries).toContain('nav:offers');
  });

  it('shows the office what sales and project management use, and no admin group', () => {
    const entries = entriesOf(drawerItemsFor(aUser('office')));
    expect(entries).toEqual(
      expect.arrayContaining(['nav:offers', 'nav:projectManagement > nav:addNewProject']),
    );
    expect(entries.some((entry) => entry.startsWith('nav:admin'))).toBe(false);
  });

  it('shrinks for a technician: their work, no sales, no new projects', () => {
    const entries = entriesOf(drawerItemsFor(aUser('technician')));
    expect(entries).toEqual(
      expect.arrayContaining([
        'nav:dashboard',
        'nav:resourcePlanner',
        'nav:tasks',
        'nav:serviceAssignment',
        'nav:qualityControl',
        'nav:projectManagement > nav:projects',
      ]),
    );
    for (const hidden of [
      'nav:offers',
      'nav:inquiries',
      'nav:capacity',
      'nav:reports',
      'nav:priceCalculator',
    ]) {
      expect(entries.some((entry) => entry.startsWith(hidden))).toBe(false);
    }
    expect(entries).not.toContain('nav:projectManagement > nav:addNewProject');
  });

  it('gives read only nothing to add', () => {
    const entries = entriesOf(drawerItemsFor(aUser('readonly')));
    expect(entries.some((entry) => entry.includes('addNew'))).toBe(false);
    expect(entries).toContain('nav:offers');
  });

  it('never lists a screen its user may not open', () => {
    for (const role of ROLES) {
      const user = aUser(role);
      for (const item of drawerItemsFor(user)) {
        for (const entry of isDrawerGroup(item) ? item.children : [item]) {
          if (entry.kind === 'link') expect(mayOpen(entry.route, user), `${role} ${entry.route}`).toBe(true);
        }
      }
    }
  });

  it('hides nothing a permission would open: every guarded route names permissions that exist', () => {
    for (const needed of Object.values(ROUTE_ACCESS)) expect(needed?.length).toBeGreaterThan(0);
  });
});
