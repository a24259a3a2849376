import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { apiSignIn, postJson, setLocale } from './support/api';
import { addDays, osloToday } from './support/dates';
import { expect, signInPage, test } from './support/fixtures';
import { saveScreen } from './support/screenshot';
import { E2E_PASSWORD, E2E_REPORT_USERS } from './support/users';
import { PHONE } from './support/viewports';

// Issue 17, reports: /report opens over All Years, the period switches, a report's XLSX holds the
// same totals as the screen's table, any chart opens as a pie — in English and Norwegian, and a phone
// shows the screen without sideways scrolling. The journey has a company of its own.

test.describe.configure({ mode: 'serial' });

/** Projects delivered this month and last year, and an inquiry: something for the reports to count. */
const seed = async (username: string, stamp: string) => {
  const session = await apiSignIn(username, E2E_PASSWORD);
  try {
    const today = osloToday();
    for (const [index, deliveryDate] of [today, addDays(today, -1), addDays(today, -400)].entries()) {
      await session.request('project:create', { name: `Rapport ${stamp} ${index}`, deliveryDate } as never);
    }
    await session.request('inquiry:create', {
      receivedDate: today,
      projectName: `Forespørsel ${stamp}`,
    } as never);
  } finally {
    session.close();
  }
};

/** The figures of a report's total row as the screen shows them (numbers, spaces as thousands). */
const screenTotals = async (page: Page, report: string) => {
  const cells = page.locator(`[data-report-table="${report}"] tfoot [data-total]`);
  await expect(cells.first()).toBeVisible();
  return (await cells.allInnerTexts()).map((text) => Number(text.replace(/[\s\u00a0\u202f]/g, '')));
};

const exportXlsx = async (page: Page, report: string) => {
  const downloading = page.waitForEvent('download');
  await page.getByTestId(`export-${report}-xlsx`).click();
  const download = await downloading;
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load((await readFile(await download.path())) as never);
  const sheet = workbook.worksheets[0]!;
  return {
    fileName: download.suggestedFilename(),
    header: (sheet.getRow(1).values as unknown[]).slice(1),
    last: (sheet.getRow(sheet.rowCount).values as unknown[]).slice(1),
  };
};

type Texts = {
  heading: string;
  periodLabel: string;
  year: string;
  total: string;
  fileName: RegExp;
  pieButton: string;
  pieTitle: string;
  delivery: string;
};

const journey = async (page: Page, username: string, texts: Texts, screenName: string) => {
  const stamp = `${Date.now()}`;
  await seed(username, stamp);
  const token = await signInPage(page, username);
  // An offer made today: counted by "offers by status" in this year's period.
  await postJson(page, token, '/api/offers', { projectName: `Tilbud ${stamp}` });
  await page.goto('/report');
  await expect(page.getByRole('heading', { name: texts.heading, level: 1 })).toBeVisible();
  for (const report of ['offersByStatus', 'funnel', 'projectsByMonth', 'revenue', 'serviceVisits']) {
    await expect(page.locator(`[data-report="${report}"]`)).toBeVisible();
  }
  // All Years by default: the three projects, in every state column of the total row.
  const allYears = await screenTotals(page, 'projectsByMonth');
  expect(allYears.reduce((sum, value) => sum + value, 0)).toBeGreaterThanOrEqual(3);
  // Nothing to count yet in service work: said plainly.
  await expect(page.locator('[data-report="serviceVisits"] [data-not-available]')).toBeVisible();
  await saveScreen(page, `${screenName}-desktop`);

  // The period: this year narrows the projects to the two delivered this year.
  await page.getByRole('combobox', { name: texts.periodLabel }).click();
  await page.getByRole('option', { name: texts.year, exact: true }).click();
  const year = osloToday().slice(0, 4);
  await expect(page.locator('[data-period-range]')).toContainText(`01.01.${year}`);
  await expect
    .poll(async () => (await screenTotals(page, 'projectsByMonth')).reduce((sum, value) => sum + value, 0))
    .toBeLessThan(allYears.reduce((sum, value) => sum + value, 0));

  // A status row of this year opens the offers created this year: the list says so and holds the offer.
  const statusLink = page.locator('[data-report-table="offersByStatus"] tbody a').first();
  await statusLink.click();
  await expect(page).toHaveURL(new RegExp(`from=${year}-01-01&to=${year}-12-31`));
  await expect(page.locator('[data-list-period]')).toContainText(`01.01.${year} – 31.12.${year}`);
  await expect(page.getByText(`Tilbud ${stamp}`)).toBeVisible();
  await saveScreen(page, `${screenName}-offers-of-period`);
  await page.goBack();
  await expect(page.locator('[data-period-range]')).toContainText(`01.01.${year}`);

  // The XLSX holds the screen's table: its header and the same totals.
  const shown = await screenTotals(page, 'projectsByMonth');
  const file = await exportXlsx(page, 'projectsByMonth');
  expect(file.fileName).toMatch(texts.fileName);
  expect(file.header[0]).toBe(texts.delivery);
  expect(file.last).toEqual([texts.total, ...shown]);

  // The pie chart dialog.
  await page.getByTestId('pie-funnel').click();
  const dialog = page.getByRole('dialog', { name: new RegExp(texts.pieTitle) });
  await expect(dialog).toBeVisible();
  await expect(dialog.locator('.recharts-pie').first()).toBeVisible();
  await saveScreen(page, `${screenName}-pie`);
  await dialog
    .getByRole('button', { name: /close|lukk/i })
    .last()
    .click();
  await expect(dialog).toBeHidden();

  // A phone: the cards and tables fit the width (a wide table scrolls inside its card).
  await page.setViewportSize(PHONE);
  await page.goto('/report');
  await expect(page.locator('[data-report="projectsByMonth"]')).toBeVisible();
  await expect(page.locator('[data-report-table="projectsByMonth"]')).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await saveScreen(page, `${screenName}-phone`, { fullPage: false });
  await saveScreen(page, `${screenName}-phone-full`);
};

test('reports: period, an XLSX with the screen’s totals, the pie dialog and a phone', async ({
  page,
  consoleErrors,
}) => {
  test.setTimeout(120_000);
  await setLocale(E2E_REPORT_USERS.admin, 'en');
  await journey(
    page,
    E2E_REPORT_USERS.admin,
    {
      heading: 'Reports',
      periodLabel: 'Period',
      year: 'A year',
      total: 'Total',
      fileName: /^projects-by-month-\d\d\.\d\d\.\d{4}\.xlsx$/,
      pieButton: 'Show as pie',
      pieTitle: 'Inquiries → offers → projects',
      delivery: 'Delivery',
    },
    'reports-en',
  );
  expect(consoleErrors).toEqual([]);
});

test('reports in Norwegian', async ({ page, consoleErrors }) => {
  test.setTimeout(120_000);
  await setLocale(E2E_REPORT_USERS.adminNb, 'nb');
  await journey(
    page,
    E2E_REPORT_USERS.adminNb,
    {
      heading: 'Rapporter',
      periodLabel: 'Periode',
      year: 'Et år',
      total: 'Sum',
      fileName: /^prosjekter-per-maaned-\d\d\.\d\d\.\d{4}\.xlsx$/,
      pieButton: 'Vis som kake',
      pieTitle: 'Forespørsler → tilbud → prosjekter',
      delivery: 'Levering',
    },
    'reports-nb',
  );
  expect(consoleErrors).toEqual([]);
});
