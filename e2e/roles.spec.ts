import type { Role } from '@karm/domain/contract';
import type { Page } from '@playwright/test';
import { apiSignIn } from './support/api';
import { expect, signInPage, test } from './support/fixtures';
import { saveScreen } from './support/screenshot';
import { E2E_PASSWORD, E2E_ROLE_PROJECTS, E2E_ROLE_USERS } from './support/users';
import { PHONE } from './support/viewports';

// Several journeys here change the same users' language and drawer: they run in order.
test.describe.configure({ mode: 'default' });

/**
 * What each role's drawer lists, top to bottom, with every group open (a group's name, then its
 * entries). Written out rather than derived from the app's table: this is what a person of the role
 * should see (README "Roles", the permission table's defaults).
 */
const DRAWER_EN: Record<Role, string[]> = {
  admin: [
    'Dashboard',
    'Process',
    'Inquiries',
    'Inquiry management',
    'Add new inquiry',
    'Offers',
    'Price calculator',
    'Project management',
    'Projects',
    'Service projects',
    'Service due',
    'Add new project',
    'Service assignment',
    'Quality control',
    'Resource planner',
    'Capacity',
    'Customer info',
    'Reports',
    'Tasks',
    'Calendar',
    'Messages',
    'Files',
    'All files',
    'Client download',
    'Subscriptions',
    'Admin',
    'Admin',
    'Company settings',
    'Service templates',
    'Logs',
    'Admin commands',
  ],
  office: [
    'Dashboard',
    'Process',
    'Inquiries',
    'Inquiry management',
    'Add new inquiry',
    'Offers',
    'Price calculator',
    'Project management',
    'Projects',
    'Service projects',
    'Service due',
    'Add new project',
    'Service assignment',
    'Quality control',
    'Resource planner',
    'Capacity',
    'Customer info',
    'Reports',
    'Tasks',
    'Calendar',
    'Messages',
    'Files',
    'All files',
    'Client download',
    'Subscriptions',
  ],
  leader: [
    'Dashboard',
    'Process',
    'Project management',
    'Projects',
    'Service projects',
    'Service due',
    'Service assignment',
    'Quality control',
    'Resource planner',
    'Capacity',
    'Customer info',
    'Reports',
    'Tasks',
    'Calendar',
    'Messages',
    'Files',
    'All files',
    'Client download',
    'Subscriptions',
  ],
  technician: [
    'Dashboard',
    'Process',
    'Project management',
    'Projects',
    'Service projects',
    'Service due',
    'Service assignment',
    'Quality control',
    'Resource planner',
    'Customer info',
    'Tasks',
    'Calendar',
    'Messages',
    'Files',
    'All files',
    'Client download',
    'Subscriptions',
  ],
  readonly: [
    'Dashboard',
    'Process',
    'Inquiries',
    'Inquiry management',
    'Offers',
    'Price calculator',
    'Project management',
    'Projects',
    'Service projects',
    'Service due',
    'Service assignment',
    'Quality control',
    'Resource planner',
    'Capacity',
    'Customer info',
    'Reports',
    'Tasks',
    'Calendar',
    'Messages',
    'Files',
    'All files',
    'Client download',
    'Subscriptions',
  ],
};

/** The technician's and read only's drawers in Norwegian. */
const DRAWER_NB: Partial<Record<Role, string[]>> = {
  technician: [
    'Dashbord',
    'Prosess',
    'Prosjektledelse',
    'Prosjekter',
    'Serviceprosjekter',
    'Service som forfaller',
    'Serviceoppdrag',
    'Kvalitetskontroll',
    'Ressursplanlegger',
    'Kundeinfo',
    'Oppgaver',
    'Kalender',
    'Meldinger',
    'Filer',
    'Alle filer',
    'Last ned klient',
    'Abonnementer',
  ],
  readonly: [
    'Dashbord',
    'Prosess',
    'Forespørsler',
    'Forespørselsoversikt',
    'Tilbud',
    'Priskalkulator',
    'Prosjektledelse',
    'Prosjekter',
    'Serviceprosjekter',
    'Service som forfaller',
    'Serviceoppdrag',
    'Kvalitetskontroll',
    'Ressursplanlegger',
    'Kapasitet',
    'Kundeinfo',
    'Rapporter',
    'Oppgaver',
    'Kalender',
    'Meldinger',
    'Filer',
    'Alle filer',
    'Last ned klient',
    'Abonnementer',
  ],
};

/** A screen the role may not open, reached by its address; the administrator may open them all. */
const REFUSED_SCREEN: Record<Exclude<Role, 'admin'>, string> = {
  office: '/logs',
  leader: '/offer',
  technician: '/offer',
  readonly: '/admin',
};

const ALL_GROUPS = ['inquiries', 'projects', 'files', 'admin'];

/** Signs in as the role's user with every drawer group open, in the given language. */
const signInAs = async (page: Page, role: Role, locale: 'en' | 'nb' = 'en') => {
  const username = E2E_ROLE_USERS[role];
  const session = await apiSignIn(username, E2E_PASSWORD);
  await session.request('user:update-profile', {
    locale,
    drawer: { collapsed: false, openGroups: ALL_GROUPS },
  });
  session.close();
  await signInPage(page, username);
};

/** The drawer's entries in order: group names, links and "add new" actions. */
const drawerEntries = async (page: Page, navigationName: string) => {
  const drawer = page.getByRole('navigation', { name: navigationName });
  // The last group's entries are there once its opening has finished.
  await expect(drawer.locator('a, button').last()).toBeVisible();
  return (await drawer.locator('a, button').allInnerTexts()).map((text) => text.trim());
};

for (const role of Object.keys(DRAWER_EN) as Role[]) {
  test(`${role}: the drawer lists exactly what the role may use`, async ({ page, consoleErrors }) => {
    await signInAs(page, role);
    expect(await drawerEntries(page, 'Main navigation')).toEqual(DRAWER_EN[role]);
    if (role === 'admin') {
      await page.goto('/logs');
      await expect(page.getByRole('heading', { level: 1, name: 'Logs' })).toBeVisible();
    } else {
      // A screen outside the role, opened by its address, says so instead of failing.
      await page.goto(REFUSED_SCREEN[role]);
      await expect(page.getByRole('heading', { name: 'Not for your role' })).toBeVisible();
    }
    expect(consoleErrors).toEqual([]);
  });
}

test('technician: the drawer in English and Norwegian, also on a phone, and "Not for your role"', async ({
  page,
}) => {
  await signInAs(page, 'technician');
  await saveScreen(page, 'roles-technician-drawer-en');
  await page.goto('/offer');
  await expect(page.getByRole('heading', { name: 'Not for your role' })).toBeVisible();
  await expect(page.getByText('Your role (Technician) does not give access to this screen.')).toBeVisible();
  await saveScreen(page, 'roles-technician-not-for-role-en');

  await signInAs(page, 'technician', 'nb');
  expect(await drawerEntries(page, 'Hovedmeny')).toEqual(DRAWER_NB.technician);
  await saveScreen(page, 'roles-technician-drawer-nb');

  await page.setViewportSize(PHONE);
  await page.goto('/');
  await page.getByRole('button', { name: 'Meny', exact: true }).click();
  await expect(page.getByRole('navigation', { name: 'Hovedmeny' }).getByText('Abonnementer')).toBeVisible();
  await saveScreen(page, 'roles-technician-drawer-nb-phone');
});

test('read only: the drawer in English and Norwegian, also on a phone', async ({ page }) => {
  await signInAs(page, 'readonly');
  await saveScreen(page, 'roles-readonly-drawer-en');
  await page.setViewportSize(PHONE);
  await page.getByRole('button', { name: 'Menu', exact: true }).click();
  await expect(
    page.getByRole('navigation', { name: 'Main navigation' }).getByText('Subscriptions'),
  ).toBeVisible();
  await saveScreen(page, 'roles-readonly-drawer-en-phone');

  await page.setViewportSize({ width: 1280, height: 720 });
  await signInAs(page, 'readonly', 'nb');
  expect(await drawerEntries(page, 'Hovedmeny')).toEqual(DRAWER_NB.readonly);
  await saveScreen(page, 'roles-readonly-drawer-nb');
});

test('technician: the project list holds only the project they manage, and it opens read only', async ({
  page,
  consoleErrors,
}) => {
  await signInAs(page, 'technician');
  await page.goto('/projects');
  await expect(page.getByRole('heading', { level: 1, name: 'Projects' })).toBeVisible();
  // Everybody's projects, in every state: still only their own.
  await page.getByLabel('Whose projects').getByText('All', { exact: true }).click();
  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'All', exact: true }).click();
  const rows = page.getByRole('main').getByRole('row').filter({ hasText: 'Rolleveien' });
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(E2E_ROLE_PROJECTS.technician);
  await expect(page.getByText(E2E_ROLE_PROJECTS.office)).toHaveCount(0);
  await expect(page.getByRole('main').getByRole('button', { name: 'New project' })).toHaveCount(0);
  await saveScreen(page, 'roles-technician-projects');

  await rows.first().click();
  const dialog = page.getByRole('dialog', { name: new RegExp(E2E_ROLE_PROJECTS.technician) });
  await expect(dialog.getByText('Read only')).toBeVisible();
  await expect(dialog.getByRole('textbox', { name: /Project name/ })).toBeDisabled();
  for (const action of ['Save', 'Archive', 'Delete']) {
    await expect(dialog.getByRole('button', { name: action, exact: true })).toHaveCount(0);
  }
  await expect(dialog.getByRole('button', { name: 'Show document' })).toBeEnabled();
  await saveScreen(page, 'roles-technician-project-read-only');
  expect(consoleErrors).toEqual([]);
});

test('technician: the process grid opens a cell read only and offers no delivery week', async ({ page }) => {
  await signInAs(page, 'technician');
  await page.goto('/project/control');
  await expect(page.getByRole('heading', { level: 1, name: 'Project control' })).toBeVisible();
  await page.getByLabel('Whose projects').getByText('All', { exact: true }).click();
  const row = page.getByRole('row').filter({ hasText: E2E_ROLE_PROJECTS.technician });
  await expect(row).toBeVisible();
  await expect(page.getByRole('button', { name: /^Delivery week for/ })).toHaveCount(0);
  await row.locator('[data-column-id] button').first().click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('Read only')).toBeVisible();
  await expect(dialog.getByRole('textbox', { name: 'Comment' })).toBeDisabled();
  await expect(dialog.getByRole('button', { name: 'Save' })).toHaveCount(0);
  await saveScreen(page, 'roles-technician-process-cell');
});

test('read only: sees the offers without "New offer", and an offer opens read only', async ({
  page,
  consoleErrors,
}) => {
  await signInAs(page, 'readonly');
  await page.goto('/offer');
  await expect(page.getByRole('heading', { level: 1, name: 'Offers' })).toBeVisible();
  const firstOffer = page.getByRole('main').getByRole('row').nth(1);
  await expect(firstOffer).toBeVisible();
  await expect(page.getByRole('button', { name: 'New offer' })).toHaveCount(0);
  await saveScreen(page, 'roles-readonly-offers');

  await firstOffer.click();
  const dialog = page.getByRole('dialog', { name: /^Offer \d+/ });
  await expect(dialog.getByText('Read only')).toBeVisible();
  await expect(dialog.getByRole('textbox', { name: /Project name/ })).toBeDisabled();
  for (const action of ['Save', 'Archive', 'Convert to project']) {
    await expect(dialog.getByRole('button', { name: action, exact: true })).toHaveCount(0);
  }
  await dialog.getByRole('tab', { name: 'Lines' }).click();
  await expect(dialog.getByRole('button', { name: 'Add line' })).toHaveCount(0);
  await expect(dialog.getByRole('button', { name: 'Price calculator' })).toHaveCount(0);
  await saveScreen(page, 'roles-readonly-offer-read-only');
  // On a phone a lock says it, leaving the title its room.
  await page.setViewportSize(PHONE);
  await expect(dialog.getByRole('img', { name: 'Read only' })).toBeVisible();
  await saveScreen(page, 'roles-readonly-offer-read-only-phone');
  expect(consoleErrors).toEqual([]);
});
