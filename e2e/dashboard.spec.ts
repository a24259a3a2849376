import type { Page } from '@playwright/test';
import { apiSignIn, setLocale } from './support/api';
import { addDays, osloToday } from './support/dates';
import { expect, signInPage, test } from './support/fixtures';
import { saveScreen } from './support/screenshot';
import { E2E_DASHBOARD_USERS, E2E_PASSWORD } from './support/users';
import { PHONE } from './support/viewports';

// Issue 17, the dashboard: the past-due group holds a project whose delivery date has passed, a
// figure equals the total of the list it opens, and the pie chart dialog opens a chart as a pie —
// in English and in Norwegian, on a desktop and on a phone. The journey has a company of its own
// (support/server.ts), so every figure counts only what it creates.

// Both journeys count the same company's projects: one after the other, or one's new project could
// land between the other's reading a figure and opening its list.
test.describe.configure({ mode: 'serial' });

/** A project delivered yesterday and still active (past due), and one starting in five days. */
const seedProjects = async (username: string, stamp: string) => {
  const session = await apiSignIn(username, E2E_PASSWORD);
  try {
    const today = osloToday();
    await session.request('project:create', {
      name: `Forfalt ${stamp}`,
      startDate: addDays(today, -20),
      deliveryDate: addDays(today, -1),
    } as never);
    await session.request('project:create', {
      name: `Snart ${stamp}`,
      startDate: addDays(today, 5),
      deliveryDate: addDays(today, 40),
    } as never);
  } finally {
    session.close();
  }
};

/** The number a figure shows (its accessible name is "label: value"). */
const figureValue = async (page: Page, figure: string) => {
  const link = page.locator(`[data-figure="${figure}"]`);
  await expect(link).toBeVisible();
  const name = (await link.getAttribute('aria-label')) ?? '';
  return Number(name.split(':').at(-1)?.trim());
};

const journey = async (
  page: Page,
  texts: {
    heading: string;
    pastDue: string;
    overview: string;
    pieTitle: string;
    of: string;
    alerts: string;
    highDeviations: string;
  },
  username: string,
  screenName: string,
) => {
  const stamp = `${Date.now()}`;
  await seedProjects(username, stamp);
  await signInPage(page, username);
  await expect(page.getByRole('heading', { name: texts.heading, level: 1 })).toBeVisible();

  // Every widget is a card of its own; the messages card is the messages module's place.
  for (const widget of [
    'messages',
    'completion',
    'projects',
    'workStatus',
    'anniversaries',
    'alerts',
    'changes',
  ]) {
    await expect(page.locator(`[data-widget="${widget}"]`)).toBeVisible();
  }
  const pastDue = await figureValue(page, 'group-pastDue');
  expect(pastDue).toBeGreaterThanOrEqual(1);
  await expect(page.locator('[data-figure="group-pastDue"]')).toContainText(texts.pastDue);
  // Open high deviations: a count (none in this company) that opens the deviation list so filtered.
  const highDeviations = page.locator('[data-widget="alerts"] a[data-alert="highDeviations"]');
  await expect(highDeviations).toHaveAttribute(
    'href',
    /\/quality\?tab=deviations&status=not-closed&severity=high$/,
  );
  await expect(highDeviations).toContainText(texts.highDeviations);
  await expect(highDeviations.getByText('0', { exact: true })).toBeVisible();
  await expect(page.locator('[data-widget="changes"]')).toContainText(`Snart ${stamp}`);
  await saveScreen(page, `${screenName}-desktop`);

  // The pie chart dialog: the project groups as a pie, with the figures beside it.
  await page.getByRole('button', { name: new RegExp(texts.overview) }).click();
  const dialog = page.getByRole('dialog', { name: texts.pieTitle });
  await expect(dialog).toBeVisible();
  await expect(dialog.locator('.recharts-pie').first()).toBeVisible();
  await expect(dialog.getByRole('cell', { name: texts.pastDue })).toBeVisible();
  await saveScreen(page, `${screenName}-pie`);
  await dialog
    .getByRole('button', { name: /close|lukk/i })
    .last()
    .click();
  await expect(dialog).toBeHidden();

  // The figure opens the list it counts: the same total, and the project delivered yesterday in it.
  await page.locator('[data-figure="group-pastDue"]').click();
  await expect(page).toHaveURL(/\/projects$/);
  await expect(page.getByText(`Forfalt ${stamp}`)).toBeVisible();
  await expect(page.getByText(new RegExp(`–\\d+ ${texts.of} ${pastDue}$`))).toBeVisible();

  // On a phone the cards stack.
  await page.setViewportSize(PHONE);
  await page.goto('/');
  await expect(page.locator('[data-figure="group-pastDue"]')).toBeVisible();
  const [first, second] = await Promise.all(
    ['completion', 'projects'].map((widget) => page.locator(`[data-widget="${widget}"]`).boundingBox()),
  );
  expect(second!.y).toBeGreaterThan(first!.y + first!.height - 1);
  expect(first!.width).toBeLessThanOrEqual(PHONE.width);
  await saveScreen(page, `${screenName}-phone`, { fullPage: false });
  await saveScreen(page, `${screenName}-phone-full`);
};

test('the dashboard shows the past-due project, counts as its list does, and opens a chart as a pie', async ({
  page,
  consoleErrors,
}) => {
  test.setTimeout(90_000);
  await setLocale(E2E_DASHBOARD_USERS.admin, 'en');
  await journey(
    page,
    {
      heading: 'Dashboard',
      pastDue: 'Past due',
      overview: 'Show Project status overview as a pie chart',
      pieTitle: 'Project groups',
      of: 'of',
      alerts: 'Alerts',
      highDeviations: 'Open high deviations',
    },
    E2E_DASHBOARD_USERS.admin,
    'dashboard-en',
  );
  expect(consoleErrors).toEqual([]);
});

test('the dashboard in Norwegian', async ({ page, consoleErrors }) => {
  test.setTimeout(90_000);
  await setLocale(E2E_DASHBOARD_USERS.adminNb, 'nb');
  await journey(
    page,
    {
      heading: 'Dashbord',
      pastDue: 'Forfalt',
      overview: 'Vis Prosjektstatus som kakediagram',
      pieTitle: 'Prosjektgrupper',
      of: 'av',
      alerts: 'Varsler',
      highDeviations: 'Åpne alvorlige avvik',
    },
    E2E_DASHBOARD_USERS.adminNb,
    'dashboard-nb',
  );
  expect(consoleErrors).toEqual([]);
});
