import { expect, signInPage, test } from './support/fixtures';
import { mailsTo } from './support/mails';
import { saveScreen } from './support/screenshot';
import { DEMO_PASSWORD, DEMO_TWO_COMPANY_USER, E2E_PASSWORD, E2E_USERS } from './support/users';

const signInThroughForm = async (
  page: import('@playwright/test').Page,
  username: string,
  password: string,
) => {
  await page.getByLabel('E-mail or username').fill(username);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
};

test('signing in shows the dashboard shell', async ({ page }) => {
  await page.goto('/login');
  await saveScreen(page, 'login-en');
  await signInThroughForm(page, E2E_USERS.login, E2E_PASSWORD);
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
  await expect(page.getByTestId('header-company')).toHaveText('Demo Dør & Vindu AS');
  await expect(page.getByTestId('header-week')).toHaveText(/^Week \d{1,2}$/);
  await saveScreen(page, 'dashboard-en');
});

test('a page load right after signing in stays signed in', async ({ page, consoleErrors }) => {
  const routerWarnings: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning' && message.text().includes('HydrateFallback'))
      routerWarnings.push(message.text());
  });
  await page.goto('/login');
  await signInThroughForm(page, E2E_USERS.reload, E2E_PASSWORD);
  // Reload the moment the address changes, before anything else can happen: the session must
  // already be stored (it is written encrypted, asynchronously) when the app navigates.
  await page.waitForURL('/', { waitUntil: 'commit' });
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await expect(page).toHaveURL('/');
  expect(consoleErrors).toEqual([]);
  // Both full page loads (of /login and of a guarded route) had something to show while loading.
  expect(routerWarnings).toEqual([]);
});

test('a wrong password says so and signs nobody in', async ({ page }) => {
  await page.goto('/login');
  await signInThroughForm(page, E2E_USERS.login, 'not the password');
  await expect(page.getByTestId('login-error')).toHaveText('Wrong username and/or password.');
  await expect(page).toHaveURL(/\/login$/);
  await saveScreen(page, 'login-wrong-password');
});

test('empty fields are refused before anything is sent', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Required')).toHaveCount(2);
  await expect(page).toHaveURL(/\/login$/);
});

test('a protected address sends a signed-out visitor to /login, and sign-in leads to /', async ({ page }) => {
  await page.goto('/projects');
  await expect(page).toHaveURL(/\/login$/);
  await signInThroughForm(page, E2E_USERS.guard, E2E_PASSWORD);
  await expect(page).toHaveURL('/');
});

test('a user of two companies selects one', async ({ page }) => {
  await page.goto('/login');
  await signInThroughForm(page, DEMO_TWO_COMPANY_USER, DEMO_PASSWORD);
  const companySelect = page.getByRole('combobox', { name: /^Select a company/ });
  await expect(companySelect).toBeVisible();
  await saveScreen(page, 'login-select-company');
  await companySelect.click();
  await page.getByRole('option', { name: 'Demo Automatikk AS' }).click();
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByTestId('header-company')).toHaveText('Demo Automatikk AS');
});

test('logging out returns to /login and leaves no storage behind', async ({ page }) => {
  await signInPage(page, E2E_USERS.logout);
  await page.getByRole('button', { name: 'Log out' }).last().click();
  await expect(page).toHaveURL(/\/login$/);
  const storage = await page.evaluate(() => ({ local: localStorage.length, session: sessionStorage.length }));
  // Only the colour-scheme preference Mantine writes on load may come back; no karm store remains.
  const karmKeys = await page.evaluate(() =>
    Object.keys(localStorage).filter((key) => key.startsWith('karm:')),
  );
  expect(karmKeys).toEqual([]);
  expect(storage.session).toBe(0);
  await page.goto('/');
  await expect(page).toHaveURL(/\/login$/);
});

test('a revoked token sends the open app to /login', async ({ page }) => {
  const token = await signInPage(page, E2E_USERS.revoke);
  // Somebody ends the session elsewhere (here: a logout with the same token over the API).
  const { io } = await import('socket.io-client');
  const other = io(new URL(page.url()).origin, { transports: ['websocket'], auth: { token } });
  await new Promise<void>((resolve) => other.once('connect', () => resolve()));
  await new Promise((resolve) => other.emit('user:logout', resolve));
  other.close();
  await expect(page).toHaveURL(/\/login$/);
});

test('forgot password: the reset link comes by mail and the new password works', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  // The panel changes with the address; fill the field only once the forgot-password form is there.
  await expect(page.getByRole('button', { name: 'Send reset link' })).toBeVisible();
  await page.getByLabel('E-mail or username').fill(`${E2E_USERS.reset}@e2e.test`);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText('If the account exists, a reset link is on its way')).toBeVisible();
  await saveScreen(page, 'login-forgot-password');

  // The link comes by mail, as a real user gets it (the admin outbox shows it masked).
  let link: string | undefined;
  await expect(async () => {
    const mails = await mailsTo(`${E2E_USERS.reset}@e2e.test`);
    link = mails.map((mail) => /https?:\/\/\S+\/login\?reset=[\w-]+/.exec(mail)?.[0]).findLast(Boolean);
    expect(link).toBeDefined();
  }).toPass();

  await page.goto(new URL(link!).pathname + new URL(link!).search);
  await page.getByLabel(/^New password/).fill('a fresh password 42');
  await page.getByLabel('Confirm new password').fill('a fresh password 42');
  await saveScreen(page, 'login-reset-password');
  await page.getByRole('button', { name: 'Save new password' }).click();
  await expect(page.getByText('Your new password is saved')).toBeVisible();
  await signInThroughForm(page, E2E_USERS.reset, 'a fresh password 42');
  await expect(page).toHaveURL('/');
});

test('the login page is ready for typing, Tab moves from username to password, and /login when signed in goes to /', async ({
  page,
}) => {
  await page.goto('/login');
  await expect(page.getByLabel('E-mail or username')).toBeFocused();
  await page.keyboard.type(E2E_USERS.loginKeyboard);
  await page.keyboard.press('Tab');
  await expect(page.getByLabel(/^Password/)).toBeFocused();
  await page.keyboard.type(E2E_PASSWORD);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL('/');
  await page.goto('/login');
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
});
