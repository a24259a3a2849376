import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { setLocale } from './support/api';
import { formatDate, osloToday } from './support/dates';
import { expect, signInPage, test } from './support/fixtures';
import { saveScreen } from './support/screenshot';
import { E2E_BASE_URL, E2E_QUALITY_USERS } from './support/users';
import { PHONE } from './support/viewports';

// Issue 16, quality: a quality manager writes a procedure, a technician confirms reading it, a new
// version asks again; a deviation is raised with a picture, assigned, given actions and closed (and
// closing without a root cause is refused); the Pareto chart shows it and lists what is behind a
// bar; the same screens in Norwegian and on a phone.

const PICTURE = path.join(import.meta.dirname, '../packages/web/public/icons/karm-192.png');

const pick = async (page: Page, field: Locator, option: string) => {
  await field.click();
  await page.getByRole('option', { name: option, exact: true }).click();
};

test('a procedure is read, a new version asks again; a deviation is raised, handled and closed', async ({
  page,
  browser,
  consoleErrors,
}) => {
  test.setTimeout(120_000);
  await setLocale(E2E_QUALITY_USERS.manager, 'en');
  await setLocale(E2E_QUALITY_USERS.staff, 'en');
  const stamp = Date.now();
  const procedureTitle = `E2E Montering av skyvedør ${stamp}`;
  await signInPage(page, E2E_QUALITY_USERS.manager);

  // The manager writes a procedure in the rich-text editor.
  await page.goto('/quality?tab=procedures');
  await expect(page.getByRole('heading', { name: 'Quality control' })).toBeVisible();
  await page.getByRole('button', { name: 'New procedure' }).click();
  let dialog = page.getByRole('dialog', { name: 'New procedure' });
  await dialog.getByRole('textbox', { name: 'Title' }).fill(procedureTitle);
  await pick(page, dialog.getByRole('combobox', { name: 'Category' }), 'Installation');
  const editor = dialog.locator('.tiptap');
  await editor.click();
  await dialog.getByRole('button', { name: 'Heading', exact: true }).click();
  await page.keyboard.type('Before installing');
  await page.keyboard.press('Enter');
  await page.keyboard.type('Check the opening is ');
  await dialog.getByRole('button', { name: 'Bold' }).click();
  await page.keyboard.type('level');
  await saveScreen(page, 'quality-procedure-editor-en');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(/Procedure \d+ saved/)).toBeVisible();
  dialog = page.getByRole('dialog', { name: new RegExp(procedureTitle) });
  await expect(dialog.getByRole('heading', { name: 'Before installing' })).toBeVisible();
  await expect(dialog.locator('strong', { hasText: 'level' })).toBeVisible();
  await expect(dialog.getByText('Please read version 1 and confirm.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).first().click();

  // A technician reads it and confirms.
  const staffContext = await browser.newContext({ baseURL: E2E_BASE_URL });
  const staffPage = await staffContext.newPage();
  try {
    await signInPage(staffPage, E2E_QUALITY_USERS.staff);
    await staffPage.goto('/quality?tab=procedures');
    await staffPage.getByRole('textbox', { name: 'Search', exact: true }).fill(procedureTitle);
    const staffRow = staffPage.locator('tr', { hasText: procedureTitle });
    await expect(staffRow.getByText('Not read')).toBeVisible();
    await expect(staffPage.getByRole('button', { name: 'New procedure' })).toBeHidden();
    await staffRow.click();
    let staffDialog = staffPage.getByRole('dialog', { name: new RegExp(procedureTitle) });
    await staffDialog.getByRole('button', { name: 'I have read it' }).click();
    await expect(staffDialog.getByText('You have read version 1.')).toBeVisible();
    await saveScreen(staffPage, 'quality-procedure-read-en');
    await staffDialog.getByRole('button', { name: 'Close' }).first().click();

    // The manager publishes version 2: the technician is asked again.
    await page.getByRole('textbox', { name: 'Search', exact: true }).fill(procedureTitle);
    await page.locator('tr', { hasText: procedureTitle }).click();
    dialog = page.getByRole('dialog', { name: new RegExp(procedureTitle) });
    await dialog.getByRole('tab', { name: /Read by/ }).click();
    await expect(dialog.locator('[data-read-by="E2E quality-staff"]')).toBeVisible();
    await dialog.getByRole('button', { name: 'New version' }).click();
    await dialog.locator('.tiptap').click();
    await page.keyboard.press('End');
    await page.keyboard.type(' and plumb.');
    await dialog.getByRole('textbox', { name: 'Reason for the change' }).fill('Plumb as well');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Version 2 published')).toBeVisible();
    await dialog.getByRole('tab', { name: /Read by/ }).click();
    await expect(dialog.locator('[data-not-read-by="E2E quality-staff"]')).toBeVisible();
    await dialog.getByRole('tab', { name: 'Versions' }).click();
    await expect(dialog.getByRole('cell', { name: 'Plumb as well' })).toBeVisible();
    await saveScreen(page, 'quality-procedure-versions-en');
    await dialog.getByRole('button', { name: 'Close' }).first().click();

    await staffPage.reload();
    await staffPage.getByRole('textbox', { name: 'Search', exact: true }).fill(procedureTitle);
    await expect(staffPage.locator('tr', { hasText: procedureTitle }).getByText('Not read')).toBeVisible();
    await staffPage.locator('tr', { hasText: procedureTitle }).click();
    staffDialog = staffPage.getByRole('dialog', { name: new RegExp(procedureTitle) });
    await expect(staffDialog.getByText('Please read version 2 and confirm.')).toBeVisible();
  } finally {
    await staffContext.close();
  }

  // The manager raises a deviation with a picture and assigns it.
  const deviationTitle = `E2E Lekkasje ved terskel ${stamp}`;
  const product = `E2E Ytterdør ${stamp}`;
  await page.goto('/quality');
  await page.getByRole('button', { name: 'New deviation' }).click();
  dialog = page.getByRole('dialog', { name: 'New deviation' });
  await dialog.getByRole('textbox', { name: 'Title' }).fill(deviationTitle);
  await pick(page, dialog.getByRole('combobox', { name: 'Severity' }), 'High');
  await dialog.getByRole('textbox', { name: 'What happened' }).fill('Vann trenger inn under terskelen.');
  await dialog.getByRole('textbox', { name: 'Product' }).fill(product);
  await dialog.getByRole('textbox', { name: 'Supplier' }).fill('Beslag AS');
  await dialog.locator('input[type="file"]').setInputFiles(PICTURE);
  await expect(dialog.getByRole('img', { name: 'Picture of the deviation' })).toBeVisible();
  await pick(page, dialog.getByRole('combobox', { name: 'Case handler' }), 'E2E quality-staff');
  await saveScreen(page, 'quality-deviation-new-en');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(/Deviation \d+ reported/)).toBeVisible();

  await page.getByRole('textbox', { name: 'Search', exact: true }).fill(deviationTitle);
  const row = page.locator('tr', { hasText: deviationTitle });
  await expect(row.getByText('Open', { exact: true })).toBeVisible();
  await row.click();
  dialog = page.getByRole('dialog', { name: new RegExp(deviationTitle) });
  await pick(page, dialog.getByRole('combobox', { name: 'Status' }), 'In progress');
  await dialog.getByRole('tab', { name: /Actions/ }).click();
  await dialog.getByRole('button', { name: 'Add action' }).click();
  await dialog.getByRole('textbox', { name: 'Action' }).fill('Bytt tetningslist');
  await dialog.getByRole('textbox', { name: 'Due date' }).fill(formatDate(osloToday()));
  await dialog.getByRole('textbox', { name: 'Due date' }).press('Tab');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(/Deviation \d+ saved/)).toBeVisible();

  // Closing without a root cause is refused, with the reason next to the field.
  await dialog.getByRole('tab', { name: 'Deviation' }).click();
  await pick(page, dialog.getByRole('combobox', { name: 'Status' }), 'Closed');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('A deviation is closed only with its root cause')).toBeVisible();
  await saveScreen(page, 'quality-deviation-refused-en');
  await dialog.getByRole('textbox', { name: 'Root cause' }).fill('Feil tetningslist fra leverandør');
  await dialog.getByRole('tab', { name: /Actions/ }).click();
  await expect(dialog.getByText('Every action must be done before the deviation is closed')).toBeVisible();
  await dialog.getByRole('checkbox', { name: 'Done' }).check();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(/Deviation \d+ saved/).last()).toBeVisible();
  await dialog.getByRole('tab', { name: 'Deviation' }).click();
  await expect(dialog.getByText('This deviation is closed.', { exact: false })).toBeVisible();
  await dialog.getByRole('tab', { name: 'History' }).click();
  await expect(dialog.getByText('Closed', { exact: true }).first()).toBeVisible();
  await saveScreen(page, 'quality-deviation-history-en');
  await dialog.getByRole('button', { name: 'Close' }).first().click();

  // The Pareto chart counts it under its product; the bar's list shows it.
  await page.getByRole('tab', { name: 'Pareto analysis' }).click();
  await expect(page.locator('.recharts-surface').first()).toBeVisible();
  const bar = page.locator(`tr[data-pareto-key="${product}"]`);
  await expect(bar).toBeVisible();
  await bar.getByRole('button', { name: product }).click();
  await expect(page.getByText(`Deviations behind “${product}”`)).toBeVisible();
  await expect(page.locator('tr', { hasText: deviationTitle })).toBeVisible();
  await saveScreen(page, 'quality-pareto-en');

  await page.setViewportSize(PHONE);
  await page.getByRole('tab', { name: 'Deviations' }).click();
  await expect(page.getByRole('button', { name: 'New deviation' })).toBeVisible();
  await saveScreen(page, 'quality-deviations-phone-en', { fullPage: false });
  // Closing without a root cause was refused on purpose: the browser logs that 400 as an error.
  expect(consoleErrors.filter((error) => !error.includes('status of 400'))).toEqual([]);
});

test('the quality screen in Norwegian, on a desktop and a phone', async ({ page, consoleErrors }) => {
  test.setTimeout(90_000);
  await setLocale(E2E_QUALITY_USERS.managerNb, 'nb');
  await signInPage(page, E2E_QUALITY_USERS.managerNb);
  await page.goto('/quality');
  await expect(page.getByRole('heading', { name: 'Kvalitetskontroll' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Prosedyrer' })).toBeVisible();
  await saveScreen(page, 'quality-deviations-nb');
  // The list exports what its filters select (not closed, as it opens), with Norwegian words.
  await page.getByRole('button', { name: /^Eksporter$/ }).click();
  const downloading = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: /^CSV/ }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`avvik-${formatDate(osloToday())}.csv`);
  const lines = (await readFile(await download.path())).toString('utf8').slice(1).trimEnd().split('\r\n');
  expect(lines[0]?.split(';').slice(0, 6)).toEqual([
    'Avviksnr.',
    'Dato',
    'Tittel',
    'Kategori',
    'Alvorlighet',
    'Status',
  ]);
  expect(lines.length).toBeGreaterThan(1);
  for (const line of lines.slice(1)) expect(line).toMatch(/;(Åpen|Under behandling);/);
  await page.getByRole('button', { name: 'Nytt avvik' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nytt avvik' });
  await dialog.getByRole('button', { name: 'Lagre' }).click();
  await expect(dialog.getByText('Påkrevd').first()).toBeVisible();
  await dialog.getByRole('tab', { name: /Tiltak/ }).click();
  await expect(dialog.getByText('Ingen tiltak ennå', { exact: false })).toBeVisible();
  await saveScreen(page, 'quality-deviation-dialog-nb');
  await dialog.getByRole('button', { name: 'Avbryt' }).click();
  await page.getByRole('tab', { name: 'Sjekklister' }).click();
  await expect(page.getByRole('button', { name: 'Kjør sjekkliste' })).toBeVisible();
  await page.getByRole('tab', { name: 'Pareto-analyse' }).click();
  await expect(page.getByRole('radio', { name: 'Leverandør' })).toBeAttached();
  await saveScreen(page, 'quality-pareto-nb');
  await page.setViewportSize(PHONE);
  await page.getByRole('tab', { name: 'Prosedyrer' }).click();
  await saveScreen(page, 'quality-procedures-phone-nb', { fullPage: false });
  await page.getByRole('tab', { name: 'Avvik' }).click();
  // The screenshot once caught the procedures still drawn: wait for the deviations' own button.
  await expect(page.getByRole('button', { name: 'Nytt avvik' })).toBeVisible();
  await saveScreen(page, 'quality-deviations-phone-nb', { fullPage: false });
  expect(consoleErrors).toEqual([]);
});
