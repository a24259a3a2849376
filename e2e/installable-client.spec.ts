import { apiSignIn } from './support/api';
import { expect, signInPage, test } from './support/fixtures';
import { saveScreen } from './support/screenshot';
import { E2E_PASSWORD, E2E_USERS } from './support/users';
import { PHONE } from './support/viewports';

// The one journey that lets the service worker run (playwright.config blocks it elsewhere).
test.use({ serviceWorkers: 'allow' });

/** Resolves when a service worker controls the page (the app's cache is filled by then). */
const controlledByServiceWorker = (page: import('@playwright/test').Page) =>
  page.waitForFunction(async () => {
    const registration = await navigator.serviceWorker.ready;
    return Boolean(registration.active && navigator.serviceWorker.controller);
  });

test('Karm is an installable app: manifest, service worker, and it opens without the server', async ({
  page,
  context,
}) => {
  test.setTimeout(60_000);
  const manifest = await page.request.get('/manifest.webmanifest');
  expect(manifest.ok()).toBe(true);
  const body = (await manifest.json()) as { name: string; display: string; icons: { purpose: string }[] };
  expect(body).toMatchObject({ name: 'Karm', display: 'standalone' });
  expect(body.icons.map((icon) => icon.purpose)).toContain('maskable');

  await signInPage(page, E2E_USERS.installableClient);
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');
  // The first visit installs the worker; the next load is served through it.
  await page.waitForFunction(async () => Boolean((await navigator.serviceWorker.ready).active));
  await page.reload();
  await controlledByServiceWorker(page);
  await expect(page.getByRole('navigation', { name: /main navigation/i })).toBeVisible();

  // The API is never answered from the cache: with the network gone the app opens from the cache
  // and says it cannot reach the server, instead of showing stale data or the sign-in page.
  await context.setOffline(true);
  await page.goto('/projects');
  await expect(page.getByRole('heading', { name: 'Karm cannot reach the server' })).toBeVisible();
  await expect(page).toHaveURL(/\/projects$/);
  await saveScreen(page, 'installable-client-offline');

  // Back online, the same screen carries on by itself.
  await context.setOffline(false);
  await expect(page.getByRole('heading', { level: 1, name: 'Projects' })).toBeVisible({ timeout: 15_000 });
});

test('the download page offers "Install Karm" where the browser can, and the steps elsewhere', async ({
  page,
}) => {
  await signInPage(page, E2E_USERS.installableClient);
  await page.goto('/convert/download');
  await expect(page.getByRole('heading', { level: 1, name: 'Client download' })).toBeVisible();
  // Headless Chromium makes no install offer: the page shows Chrome's steps…
  await expect(page.getByRole('group', { name: 'How to install Karm in this browser' })).toBeVisible();
  await expect(page.getByText('Click the three dots (⋮) at the top right of Google Chrome.')).toBeVisible();
  await expect(page.getByTestId('running-version')).toHaveText(/^\d+\.\d+\.\d+$/);
  await expect(page.getByRole('heading', { name: "What's new" })).toBeVisible();

  // …until the browser offers to install (Chrome's beforeinstallprompt, as Edge and Chrome send it).
  await page.evaluate(() => {
    const offer = new Event('beforeinstallprompt', { cancelable: true }) as Event & Record<string, unknown>;
    const asked = { count: 0 };
    Object.assign(window, { installAsked: asked });
    offer.prompt = async () => {
      asked.count += 1;
    };
    offer.userChoice = Promise.resolve({ outcome: 'accepted', platform: 'web' });
    window.dispatchEvent(offer);
  });
  const install = page.getByRole('button', { name: 'Install Karm' });
  await expect(install).toBeVisible();
  await saveScreen(page, 'installable-client-download');
  await install.click();
  await expect(page.getByText('Karm is being installed. It opens in its own window.')).toBeVisible();
  expect(
    await page.evaluate(() => (window as unknown as { installAsked: { count: number } }).installAsked.count),
  ).toBe(1);
  // The browser's offer is used once; the page tells when the app has been installed.
  await page.evaluate(() => window.dispatchEvent(new Event('appinstalled')));
  await expect(page.getByText('Karm is installed')).toBeVisible();
});

test('the download page in Norwegian, on a phone', async ({ browser }) => {
  const session = await apiSignIn(E2E_USERS.installableClientNb, E2E_PASSWORD);
  await session.request('user:update-profile', { locale: 'nb' });
  session.close();
  // An iPhone's Safari: the page shows how to add Karm to the home screen.
  const context = await browser.newContext({
    userAgent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
  });
  const page = await context.newPage();
  await signInPage(page, E2E_USERS.installableClientNb);
  await page.setViewportSize(PHONE);
  await page.goto('/convert/download');
  await expect(page.getByRole('heading', { level: 1, name: 'Last ned klient' })).toBeVisible();
  await expect(page.getByText('Trykk på Del-knappen nederst i Safari.')).toBeVisible();
  await saveScreen(page, 'installable-client-download-nb-phone', { fullPage: false });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await context.close();
});
