import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { apiSignIn } from './support/api';
import { addDays, formatDate, osloToday } from './support/dates';
import { expect, signInPage, test } from './support/fixtures';
import { saveScreen } from './support/screenshot';
import { E2E_PASSWORD, E2E_USERS } from './support/users';
import { PHONE } from './support/viewports';

// Exports (issue 18): the filtered project list as XLSX and CSV, compared with what the screen shows.
test.describe.configure({ mode: 'default' });

const NAMES = ['Ringveien skole', 'Ringveien; hall', 'Ringveien "Nord"'];

/** Three projects whose names carry the stamp, so this journey's search finds only its own. */
const createProjects = async (username: string, stamp: number) => {
  const session = await apiSignIn(username, E2E_PASSWORD);
  try {
    for (const [index, name] of NAMES.entries()) {
      await session.request('project:create', {
        name: `${name} ${stamp}`,
        deliveryDate: addDays(osloToday(), 10 + index),
      });
    }
  } finally {
    session.close();
  }
};

const signInWith = async (page: Page, username: string, locale: 'en' | 'nb') => {
  const session = await apiSignIn(username, E2E_PASSWORD);
  await session.request('user:update-profile', {
    locale,
    projectFilters: { who: 'alle', status: 'all', projectSortType: 'deliveryDate', sortDirection: 'asc' },
  });
  session.close();
  await signInPage(page, username);
};

/** The project names the table shows, in its order. */
const shownNames = async (page: Page, stamp: number) =>
  (
    await page
      .getByRole('row')
      .filter({ hasText: String(stamp) })
      .allInnerTexts()
  ).map((text) => NAMES.find((name) => text.includes(name)) ?? text);

const exportAs = async (page: Page, buttonName: RegExp, itemName: RegExp) => {
  await page.getByRole('button', { name: buttonName }).click();
  const downloading = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: itemName }).click();
  const download = await downloading;
  return { fileName: download.suggestedFilename(), bytes: await readFile(await download.path()) };
};

test('export the filtered project list as XLSX and CSV: the same rows as the screen', async ({
  page,
  consoleErrors,
}) => {
  test.setTimeout(90_000);
  const stamp = Date.now();
  await createProjects(E2E_USERS.exports, stamp);
  await signInWith(page, E2E_USERS.exports, 'en');
  await page.goto('/projects');
  await page.getByRole('textbox', { name: 'Search projects' }).fill(String(stamp));
  await expect(page.getByRole('row').filter({ hasText: String(stamp) })).toHaveCount(3);
  await expect(page.getByText('1–3 of 3')).toBeVisible();
  const onScreen = await shownNames(page, stamp);
  expect(onScreen).toEqual(NAMES);

  const xlsx = await exportAs(page, /^Export$/, /Excel workbook/);
  const today = formatDate(osloToday());
  expect(xlsx.fileName).toBe(`projects-${today}.xlsx`);
  await expect(page.getByText(`Exported projects-${today}.xlsx`)).toBeVisible();
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(xlsx.bytes as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  expect(sheet.getRow(1).getCell(2).value).toBe('Name');
  expect(sheet.rowCount - 1).toBe(3);
  const rows = [2, 3, 4].map((index) => sheet.getRow(index));
  expect(rows.map((row) => row.getCell(2).value)).toEqual(NAMES.map((name) => `${name} ${stamp}`));
  const delivery = rows[0].getCell(8).value;
  expect(delivery).toBeInstanceOf(Date);
  expect((delivery as Date).toISOString().slice(0, 10)).toBe(addDays(osloToday(), 10));
  expect(typeof rows[0].getCell(13).value).toBe('number');
  await saveScreen(page, 'exports-en-projects');

  const csv = await exportAs(page, /^Export$/, /^CSV/);
  expect(csv.fileName).toBe(`projects-${today}.csv`);
  expect([...csv.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = csv.bytes.toString('utf8').slice(1).trimEnd().split('\r\n');
  expect(lines).toHaveLength(4);
  expect(lines[0].split(';').slice(0, 2)).toEqual(['Project no.', 'Name']);
  expect(lines[1]).toContain(`${NAMES[0]} ${stamp}`);
  expect(lines[2]).toContain(`"${NAMES[1]} ${stamp}"`);
  expect(lines[3]).toContain(`"Ringveien ""Nord"" ${stamp}"`);
  expect(lines[1]).toContain(formatDate(addDays(osloToday(), 10)));
  expect(consoleErrors).toEqual([]);
});

test('the export in Norwegian, on a phone too', async ({ page, consoleErrors }) => {
  test.setTimeout(90_000);
  const stamp = Date.now();
  await createProjects(E2E_USERS.exportsNb, stamp);
  await signInWith(page, E2E_USERS.exportsNb, 'nb');
  await page.goto('/projects');
  await page.getByRole('textbox', { name: 'Søk etter prosjekter' }).fill(String(stamp));
  await expect(page.getByRole('row').filter({ hasText: String(stamp) })).toHaveCount(3);

  const csv = await exportAs(page, /^Eksporter$/, /^CSV/);
  const today = formatDate(osloToday());
  expect(csv.fileName).toBe(`prosjekter-${today}.csv`);
  await expect(page.getByText(`Eksporterte prosjekter-${today}.csv`)).toBeVisible();
  const lines = csv.bytes.toString('utf8').slice(1).trimEnd().split('\r\n');
  expect(lines[0].split(';').slice(0, 3)).toEqual(['Prosjektnr.', 'Navn', 'Kunde']);
  expect(lines).toHaveLength(4);
  // Amounts with a decimal comma for Norwegian Excel.
  expect(lines[1].split(';').at(-1)).toBe('0,00');
  await saveScreen(page, 'exports-nb-projects');

  const xlsx = await exportAs(page, /^Eksporter$/, /Excel-arbeidsbok/);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(xlsx.bytes as unknown as ArrayBuffer);
  expect(workbook.worksheets[0].name).toBe('Prosjekter');
  expect(workbook.worksheets[0].rowCount - 1).toBe(3);

  await page.setViewportSize(PHONE);
  await page.getByRole('button', { name: /^Eksporter$/ }).click();
  await expect(page.getByRole('menuitem', { name: /Excel-arbeidsbok/ })).toBeVisible();
  await saveScreen(page, 'exports-nb-phone-menu', { fullPage: false });
  await page.keyboard.press('Escape');
  expect(consoleErrors).toEqual([]);
});
