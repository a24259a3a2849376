import { apiSignIn } from './support/api';
import { expect, signInPage, test } from './support/fixtures';
import { APP_ROUTES, partsOf, screenName } from './support/routes';
import { saveScreen } from './support/screenshot';
import { E2E_ADMINS, E2E_PASSWORD } from './support/users';

/** The routes in a few parts, each its own test. */
const PARTS = 3;

for (const locale of ['en', 'nb'] as const) {
  for (const [part, routes] of partsOf(APP_ROUTES, PARTS).entries()) {
    test(`every route renders its screen without console errors (${locale}, part ${part + 1} of ${PARTS})`, async ({
      page,
      consoleErrors,
    }) => {
      test.setTimeout(90_000);
      // An administrator opens every screen; what other roles see is the roles journey's part.
      const username = locale === 'en' ? E2E_ADMINS.routesEn : E2E_ADMINS.routesNb;
      const session = await apiSignIn(username, E2E_PASSWORD);
      await session.request('user:update-profile', { locale });
      session.close();
      await signInPage(page, username);
      for (const route of routes) {
        await page.goto(route.path);
        await expect(page.getByRole('heading', { level: 1, name: route[locale] }), route.path).toBeVisible();
        await saveScreen(page, `route-${locale}-${screenName(route.path)}`);
      }
      expect(consoleErrors).toEqual([]);
    });
  }
}

test('the print view has Back and Print without signing in', async ({ page }) => {
  await page.goto('/print');
  await expect(page.getByRole('button', { name: 'Back' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Print' })).toBeVisible();
  await saveScreen(page, 'print');
});
