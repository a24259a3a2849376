import { expect, navigateInApp, signInPage, test } from './support/fixtures';
import { saveScreen } from './support/screenshot';
import { E2E_ADMINS, E2E_USERS } from './support/users';

test('an unknown path shows the not-found page', async ({ page }) => {
  await page.goto('/this/does/not/exist');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await saveScreen(page, 'not-found');
});

test('switching the language to Norwegian turns the drawer Norwegian, and it stays after reload', async ({
  page,
}) => {
  await signInPage(page, E2E_USERS.language);
  await page.goto('/profile');
  await page.getByText('Norsk (bokmål)').click();
  const drawer = page.getByRole('navigation', { name: 'Hovedmeny' });
  await expect(drawer.getByRole('link', { name: 'Dashbord' })).toBeVisible();
  await expect(drawer.getByRole('link', { name: 'Ressursplanlegger' })).toBeVisible();
  await saveScreen(page, 'profile-nb');
  await page.reload();
  await expect(
    page.getByRole('navigation', { name: 'Hovedmeny' }).getByRole('link', { name: 'Kundeinfo' }),
  ).toBeVisible();
  await page.goto('/');
  await saveScreen(page, 'dashboard-nb');
});

test('the drawer collapses and remembers it in the profile', async ({ page }) => {
  await signInPage(page, E2E_USERS.shell);
  await page.getByRole('button', { name: 'Collapse menu' }).click();
  await expect(page.getByRole('button', { name: 'Expand menu' })).toBeVisible();
  await page.waitForTimeout(900);
  await page.reload();
  await expect(page.getByRole('button', { name: 'Expand menu' })).toBeVisible();
  await saveScreen(page, 'drawer-collapsed');
  await page.getByRole('button', { name: 'Expand menu' }).click();
  await expect(page.getByRole('button', { name: 'Collapse menu' })).toBeVisible();
});

/** Where each screen is reached from: a drawer entry (inside its group), the header or its menus. */
const CLICK_PATHS: { heading: string; open?: string[]; link: string; where: 'drawer' | 'header' | 'menu' }[] =
  [
    { heading: 'Dashboard', link: 'Dashboard', where: 'drawer' },
    { heading: 'Project control', link: 'Process', where: 'drawer' },
    { heading: 'Inquiry management', open: ['Inquiries'], link: 'Inquiry management', where: 'drawer' },
    { heading: 'Offers', link: 'Offers', where: 'drawer' },
    { heading: 'Price calculator', link: 'Price calculator', where: 'drawer' },
    { heading: 'Projects', open: ['Project management'], link: 'Projects', where: 'drawer' },
    { heading: 'Service projects', open: ['Project management'], link: 'Service projects', where: 'drawer' },
    { heading: 'Service due', open: ['Project management'], link: 'Service due', where: 'drawer' },
    { heading: 'Service assignment', link: 'Service assignment', where: 'drawer' },
    { heading: 'Quality control', link: 'Quality control', where: 'drawer' },
    { heading: 'Resource planner', link: 'Resource planner', where: 'drawer' },
    { heading: 'Capacity', link: 'Capacity', where: 'drawer' },
    { heading: 'Customer info', link: 'Customer info', where: 'drawer' },
    { heading: 'Reports', link: 'Reports', where: 'drawer' },
    { heading: 'Tasks', link: 'Tasks', where: 'drawer' },
    { heading: 'Calendar', link: 'Calendar', where: 'drawer' },
    { heading: 'Messages', link: 'Messages', where: 'drawer' },
    { heading: 'Client download', open: ['Files'], link: 'Client download', where: 'drawer' },
    { heading: 'Subscriptions', open: ['Files'], link: 'Subscriptions', where: 'drawer' },
    { heading: 'Admin', open: ['Admin'], link: 'Admin', where: 'drawer' },
    { heading: 'Company settings', open: ['Admin'], link: 'Company settings', where: 'drawer' },
    { heading: 'Service templates', open: ['Admin'], link: 'Service templates', where: 'drawer' },
    { heading: 'Logs', open: ['Admin'], link: 'Logs', where: 'drawer' },
    { heading: 'Admin commands', open: ['Admin'], link: 'Admin commands', where: 'drawer' },
    { heading: 'Company settings', link: 'header-company', where: 'header' },
    { heading: 'Logs', link: 'Logs', where: 'header' },
    { heading: 'Profile', link: 'Profile', where: 'menu' },
    { heading: 'Subscriptions', link: 'Subscriptions', where: 'menu' },
  ];

test('an administrator reaches every screen by clicking, starting from the dashboard', async ({
  page,
  consoleErrors,
}) => {
  // About thirty screens, each from the dashboard: 90 s ran out on a busy machine.
  test.setTimeout(180_000);
  await signInPage(page, E2E_ADMINS.shell);
  const drawer = page.getByRole('navigation', { name: 'Main navigation' });
  for (const target of CLICK_PATHS) {
    // Back to the dashboard inside the app: loading the whole app again for each of ~30 screens
    // was most of this journey's time, and reloads are the routes journey's part.
    await navigateInApp(page, '/');
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    if (target.where === 'drawer') {
      for (const group of target.open ?? []) {
        const groupEntry = drawer.getByText(group, { exact: true }).first();
        const isOpen = await drawer.getByRole('link', { name: target.link, exact: true }).isVisible();
        if (!isOpen) await groupEntry.click();
      }
      await drawer.getByRole('link', { name: target.link, exact: true }).click();
    } else if (target.where === 'header') {
      if (target.link === 'header-company') await page.getByTestId('header-company').click();
      else await page.getByRole('banner').getByRole('link', { name: target.link, exact: true }).click();
    } else {
      await page.getByTestId('header-profile').click();
      await page.getByRole('menuitem', { name: target.link, exact: true }).click();
    }
    await expect(page.getByRole('heading', { level: 1, name: target.heading }), target.heading).toBeVisible();
  }
  await saveScreen(page, 'drawer-admin-open');
  expect(consoleErrors).toEqual([]);
});

test('staff see no administrator entries in the drawer or the header', async ({ page }) => {
  await signInPage(page, E2E_USERS.shell);
  const drawer = page.getByRole('navigation', { name: 'Main navigation' });
  await expect(drawer.getByRole('link', { name: 'Customer info' })).toBeVisible();
  await expect(drawer.getByText('Admin', { exact: true })).toHaveCount(0);
  await expect(page.getByRole('banner').getByRole('link', { name: 'Logs' })).toHaveCount(0);
});

test('after a full page load in Norwegian, the 404 page and /print are Norwegian and <html lang> is nb', async ({
  page,
}) => {
  await signInPage(page, E2E_USERS.languageReload);
  await page.goto('/profile');
  await page.getByText('Norsk (bokmål)').click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'nb');
  await page.goto('/this/does/not/exist');
  await expect(page.getByRole('heading', { name: 'Fant ikke siden' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'nb');
  await page.goto('/print');
  await expect(page.getByRole('button', { name: 'Skriv ut' })).toBeVisible();
  await saveScreen(page, 'print-nb');
});
