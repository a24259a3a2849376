import { apiSignIn } from './support/api';
import { seriousViolations } from './support/axe';
import { expect, navigateInApp, signInPage, test } from './support/fixtures';
import { APP_ROUTES, partsOf } from './support/routes';
import { E2E_ADMINS, E2E_PASSWORD } from './support/users';
import { PHONE } from './support/viewports';

/**
 * Issue 18: every screen passes axe with no serious or critical violation, in both languages and
 * both colour schemes. English is checked in light mode and Norwegian in dark, so each route meets
 * both languages and both schemes without walking the app four times.
 */
const VARIANTS = [
  { locale: 'en', scheme: 'light', username: E2E_ADMINS.accessibilityEn },
  { locale: 'nb', scheme: 'dark', username: E2E_ADMINS.accessibilityNb },
] as const;
const PARTS = 3;

const signIn = async (
  page: Parameters<typeof signInPage>[0],
  { locale, scheme, username }: (typeof VARIANTS)[number],
) => {
  const session = await apiSignIn(username, E2E_PASSWORD);
  await session.request('user:update-profile', { locale, theme: scheme });
  session.close();
  await signInPage(page, username);
};

for (const variant of VARIANTS) {
  for (const [part, routes] of partsOf(APP_ROUTES, PARTS).entries()) {
    test(`every route passes axe (${variant.locale}, ${variant.scheme}, part ${part + 1} of ${PARTS})`, async ({
      page,
    }) => {
      test.setTimeout(Math.max(test.info().timeout, 150_000));
      await signIn(page, variant);
      const violations: string[] = [];
      for (const route of routes) {
        await navigateInApp(page, route.path);
        await expect(
          page.getByRole('heading', { level: 1, name: route[variant.locale] }),
          route.path,
        ).toBeVisible();
        // Lists and cards fill in after the heading: check the screen as the user sees it.
        await page.waitForLoadState('networkidle');
        await page
          .locator('.mantine-Loader-root')
          .first()
          .waitFor({ state: 'detached', timeout: 5_000 })
          .catch(() => undefined);
        // The header and drawer are the same on every screen: the first screen checks them, the
        // others their own content, which keeps axe's time (most of this journey's) down.
        const isFirst = route === routes[0];
        violations.push(...(await seriousViolations(page, route.path, isFirst ? undefined : 'main')));
      }
      expect(violations).toEqual([]);
    });
  }
}

/** The dialogs people spend their day in, and the drawer on a phone, in both languages and schemes. */
for (const variant of VARIANTS) {
  test(`the project and offer dialogs and the phone drawer pass axe (${variant.locale}, ${variant.scheme})`, async ({
    page,
  }) => {
    test.setTimeout(Math.max(test.info().timeout, 90_000));
    await signIn(page, variant);
    const session = await apiSignIn(variant.username, E2E_PASSWORD);
    const projects = await session.request('projects:filter_new', {
      who: 'alle',
      status: 'all',
      pageSize: 1,
    });
    session.close();
    const project = projects.items[0]!;
    const violations: string[] = [];

    // A demo project with its orders: the dialog's first tab, then its order lines.
    await navigateInApp(page, `/projects?open=${project.id}`);
    const projectDialog = page.getByRole('dialog', { name: new RegExp(`${project.number} – `) });
    await expect(projectDialog.getByRole('tab').first()).toBeVisible();
    violations.push(...(await seriousViolations(page, 'project dialog', '[role="dialog"]')));
    await projectDialog.getByRole('tab', { name: variant.locale === 'en' ? 'Orders' : 'Ordrer' }).click();
    violations.push(...(await seriousViolations(page, 'project dialog, orders', '[role="dialog"]')));

    // The first offer of the list.
    await navigateInApp(page, '/offer');
    // The first row under the header; the dialog reads the offer first.
    await page.getByRole('row').nth(1).click();
    const offerDialog = page.getByRole('dialog', {
      name: variant.locale === 'en' ? /^Offer \d+/ : /^Tilbud \d+/,
    });
    await expect(offerDialog.getByRole('tab').first()).toBeVisible({ timeout: 15_000 });
    violations.push(...(await seriousViolations(page, 'offer dialog', '[role="dialog"]')));
    await offerDialog.getByRole('tab', { name: variant.locale === 'en' ? 'Lines' : 'Linjer' }).click();
    violations.push(...(await seriousViolations(page, 'offer dialog, lines', '[role="dialog"]')));

    // The drawer as a phone opens it from the header's menu button.
    await page.setViewportSize(PHONE);
    await navigateInApp(page, '/');
    await page.getByRole('button', { name: variant.locale === 'en' ? 'Menu' : 'Meny', exact: true }).click();
    await expect(page.getByRole('navigation', { name: /main navigation|hovedmeny/i })).toBeVisible();
    violations.push(...(await seriousViolations(page, 'phone drawer')));
    expect(violations).toEqual([]);
  });
}
