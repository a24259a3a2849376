import { apiSignIn } from './support/api';
import { expect, signInPage, test } from './support/fixtures';
import { saveScreen } from './support/screenshot';
import { E2E_ADMINS, E2E_PASSWORD, E2E_USERS } from './support/users';

/** The fake Tripletex the journey server runs accepts these test-environment tokens. */
const TOKENS = { consumer: 'test-consumer-token-karm', employee: 'test-employee-token-karm' };

test('an administrator connects Tripletex, tests the connection, syncs, and sees the imported customers', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await signInPage(page, E2E_ADMINS.accounting);
  await page.goto('/admin?tab=accounting');
  await expect(page.getByRole('heading', { level: 1, name: 'Admin' })).toBeVisible();

  await page.getByRole('combobox', { name: 'Accounting system' }).click();
  await page.getByRole('option', { name: /Tripletex/ }).click();
  await page.getByLabel(/^Consumer token/).fill(TOKENS.consumer);
  await page.getByLabel(/^Employee token/).fill(TOKENS.employee);
  const companyId = page.getByRole('textbox', { name: 'Company id to act for' });
  await companyId.fill('abc');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText("A company id is a number (0 for the tokens' own company)")).toBeVisible();
  await companyId.fill('0');
  await page.getByRole('textbox', { name: 'Sync interval (minutes)' }).fill('30');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Accounting settings saved')).toBeVisible();
  // The tokens are never shown again, only their last characters.
  await expect(page.getByLabel(/^Consumer token/)).toHaveValue('');
  await expect(page.getByLabel(/^Consumer token/)).toHaveAttribute('placeholder', /••••karm/);

  await page.getByRole('button', { name: 'Test connection' }).click();
  await expect(page.getByText(/Connected to Demo Dør & Vindu AS \(Tripletex\)/)).toBeVisible();

  await page.getByRole('button', { name: 'Sync now' }).click();
  await expect(page.getByRole('table').getByText('Succeeded').first()).toBeVisible({ timeout: 20_000 });
  await saveScreen(page, 'admin-accounting-en');

  await page.goto('/customer');
  await expect(page.getByRole('cell', { name: 'Tripletex Byggvare AS' })).toBeVisible();
  await saveScreen(page, 'customers-from-tripletex');
});

test('the admin area in Norwegian, and closed to people who are not administrators', async ({
  page,
  browser,
}) => {
  const session = await apiSignIn(E2E_ADMINS.norwegian, E2E_PASSWORD);
  await session.request('user:update-profile', { locale: 'nb' });
  session.close();
  await signInPage(page, E2E_ADMINS.norwegian);
  await page.goto('/admin?tab=messages');
  await expect(page.getByRole('heading', { level: 1, name: 'Administrasjon' })).toBeVisible();
  await saveScreen(page, 'admin-messages-nb');

  const otherContext = await browser.newContext();
  const other = await otherContext.newPage();
  await signInPage(other, E2E_USERS.shell);
  await other.goto('/admin');
  await expect(other.getByText('Not for your role')).toBeVisible();
  await otherContext.close();
});
