import { test as base, expect, type Page } from '@playwright/test';
import { apiSignIn } from './api';
import { E2E_PASSWORD } from './users';

declare global {
  interface Window {
    karm: { adoptSession: (token: string) => Promise<void>; navigate: (to: string) => Promise<void> };
  }
}

/** Signs the page in with a token got over the API (DESIGN rule 12: every journey but login's). */
export const signInPage = async (page: Page, username: string, password = E2E_PASSWORD) => {
  const session = await apiSignIn(username, password, await page.evaluate(() => navigator.userAgent));
  session.close();
  await page.goto('/login');
  await page.waitForFunction(() => typeof window.karm?.adoptSession === 'function');
  // Then into the app the way the sign-in form goes there, without loading the page a second time.
  await page.evaluate(async (token) => {
    await window.karm.adoptSession(token);
    await window.karm.navigate('/');
  }, session.token);
  // The first screen after signing in loads the shell's code: on a busy machine that outlasts 7 s.
  await expect(page.getByRole('navigation', { name: /main navigation|hovedmeny/i })).toBeVisible({
    timeout: 20_000,
  });
  return session.token;
};

/**
 * Opens a route of the signed-in app the way a click on a link does (no full page load), so a
 * journey over every route spends its time on the screens, not on loading the app anew.
 */
export const navigateInApp = (page: Page, path: string) =>
  page.evaluate((to) => window.karm.navigate(to), path);

type Fixtures = {
  /** Console errors and uncaught page errors seen during the test; asserted empty where it matters. */
  consoleErrors: string[];
};

export const test = base.extend<Fixtures>({
  consoleErrors: async ({ page }, use) => {
    const errors: string[] = [];
    page.on('console', (message) => {
      // The address tells which request failed; Chromium's own text leaves it out.
      if (message.type() === 'error') errors.push(`${message.text()} ${message.location().url}`.trim());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    await use(errors);
  },
});

export { expect };
