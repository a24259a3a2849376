import { expect, signInPage, test } from './support/fixtures';
import { saveScreen } from './support/screenshot';
import { E2E_USERS } from './support/users';

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
