import type { Locator, Page } from '@playwright/test';
import { type ApiSession, apiSignIn } from './support/api';
import { expect, signInPage, test } from './support/fixtures';
import { saveScreen } from './support/screenshot';
import { E2E_ADMINS, E2E_PASSWORD } from './support/users';
import { PHONE } from './support/viewports';

/** The shipped EN 16005 template; the demo company writes its documents in Norwegian. */
const EN16005 = 'Automatisk dør — årlig kontroll etter EN 16005';

/** The names in a list of sortable entries (`data-<kind>` attributes), top to bottom. */
const namesOf = (scope: Locator, attribute: string) =>
  scope
    .locator(`[${attribute}]`)
    .evaluateAll((elements, name) => elements.map((element) => element.getAttribute(name)), attribute);

/** The template as the server keeps it. */
const stored = async (session: ApiSession, page: Page) => {
  const id = new URL(page.url()).searchParams.get('template') ?? '';
  return session.request('admin-service:get-full-service-template', { id });
};

/**
 * Moves an entry with the keyboard as a person would: focus its handle, Space to pick it up, the
 * arrow keys, Space to drop — each step once the previous one is announced.
 */
const moveByKeyboard = async (page: Page, name: string, key: 'ArrowUp' | 'ArrowDown', place: number) => {
  await page.getByRole('button', { name: `Move ${name}` }).focus();
  await page.keyboard.press('Space');
  // Picked up: dnd-kit reads out where it is (over its own place) at once.
  await expect(page.getByText(new RegExp(`^${name} is now at place \\d+\\.$`))).toBeAttached();
  await page.keyboard.press(key);
  await expect(page.getByText(`${name} is now at place ${place}.`)).toBeAttached();
  await page.keyboard.press('Space');
};

/** Drags an entry by its handle onto another entry with the mouse, in steps, as a person would. */
const dragOnto = async (page: Page, handle: Locator, target: Locator) => {
  await handle.hover();
  const from = await handle.boundingBox();
  const to = await target.boundingBox();
  if (!from || !to) throw new Error('Nothing to drag');
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2 - 10, { steps: 5 });
  await page.mouse.move(to.x + to.width / 2, to.y + 6, { steps: 15 });
  await page.mouse.up();
};

test('an administrator builds a template, reorders it by mouse and keyboard, and copies it', async ({
  page,
  consoleErrors,
}) => {
  test.setTimeout(120_000);
  const name = `Skyvedør Lindeberg ${Date.now() % 100_000}`;
  const session = await apiSignIn(E2E_ADMINS.serviceTemplates, E2E_PASSWORD);
  await session.request('user:update-profile', { locale: 'en' });
  try {
    await page.setViewportSize({ width: 1440, height: 900 });
    await signInPage(page, E2E_ADMINS.serviceTemplates);

    // Admin → Service projects lists the templates, the shipped ones among them.
    await page.goto('/admin?tab=service-projects');
    const list = page.locator('[data-template-list]');
    await expect(list.getByRole('link', { name: EN16005 })).toBeVisible();
    await list.getByRole('button', { name: 'New template' }).click();
    const dialog = page.getByRole('dialog', { name: 'New service template' });
    await dialog.getByRole('textbox', { name: /Name/ }).fill(name);
    await dialog.getByRole('textbox', { name: 'What it is for' }).fill('Halvårlig kontroll av skyvedører');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page).toHaveURL(/\/admin\/service-template\?template=/);
    await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue(name);

    // Two groups; rows of three types; answers copied from a global group.
    for (const group of ['Sensorer', 'Krefter']) {
      await page.getByRole('textbox', { name: 'Name of the new group' }).fill(group);
      await page.getByRole('button', { name: 'Add group' }).click();
      await expect(page.locator(`[data-group="${group}"]`)).toBeVisible();
    }
    const sensors = page.locator('[data-group="Sensorer"]');
    const forces = page.locator('[data-group="Krefter"]');
    const addRow = async (group: Locator, groupName: string, row: string, type: string) => {
      await group.getByRole('textbox', { name: `Name of a new row in ${groupName}` }).fill(row);
      await group
        .getByRole('combobox', { name: `Type of the new row in ${groupName}` })
        .selectOption({ label: type });
      await group.getByRole('button', { name: 'Add row' }).click();
      await expect(group.locator(`[data-row="${row}"]`)).toBeVisible();
    };
    await addRow(sensors, 'Sensorer', 'Aktiveringssensor', 'Single answer');
    await addRow(sensors, 'Sensorer', 'Merknad', 'Text');
    await addRow(forces, 'Krefter', 'Lukkekraft (N)', 'Number');
    const sensorRow = sensors.locator('[data-row="Aktiveringssensor"]');
    await sensorRow.getByRole('button', { name: 'Add answers from a global group' }).click();
    await page.getByRole('menuitem', { name: 'OK / Ikke OK / Ikke aktuelt' }).click();
    await expect(page.getByText('Answers of «OK / Ikke OK / Ikke aktuelt» added')).toBeVisible();
    const answers = sensorRow.locator('[data-answers-of="Aktiveringssensor"]');
    expect(await namesOf(answers, 'data-answer')).toEqual(['OK', 'Ikke OK', 'Ikke aktuelt']);

    // A link that is not http(s) is refused with a message, and nothing is saved.
    const link = sensorRow.getByRole('textbox', { name: 'Link (URL)' });
    await link.fill('ftp://dorprodusent.no/manual.pdf');
    await link.press('Tab');
    await expect(sensorRow.getByText('Must be empty or start with http:// or https://')).toBeVisible();
    let template = await stored(session, page);
    expect(template.groups[0]?.rows[0]?.url).toBe('');
    await link.fill('https://dorprodusent.no/manual.pdf');
    await link.press('Tab');
    await expect(page.getByText('Saved').first()).toBeVisible();

    // Not OK at position 1, by keyboard: asked first; no keeps OK first.
    await moveByKeyboard(page, 'Ikke OK', 'ArrowUp', 1);
    const question = page.getByRole('dialog', { name: 'Position 1 is not a positive OK value' });
    await expect(question).toBeVisible();
    await saveScreen(page, 'service-templates-first-answer-en', { fullPage: false });
    await question.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => namesOf(answers, 'data-answer')).toEqual(['OK', 'Ikke OK', 'Ikke aktuelt']);
    template = await stored(session, page);
    expect(template.groups[0]?.rows[0]?.answers.map((answer) => answer.name)).toEqual([
      'OK',
      'Ikke OK',
      'Ikke aktuelt',
    ]);

    // Groups by keyboard: Krefter up to the top.
    const groups = page.locator('[data-groups]');
    await moveByKeyboard(page, 'Krefter', 'ArrowUp', 1);
    await expect.poll(() => namesOf(groups, 'data-group')).toEqual(['Krefter', 'Sensorer']);
    await expect
      .poll(async () => (await stored(session, page)).groups.map((group) => group.name))
      .toEqual(['Krefter', 'Sensorer']);

    // Rows by dragging: Merknad above Aktiveringssensor.
    await dragOnto(page, sensors.getByRole('button', { name: 'Move Merknad' }), sensorRow);
    await expect.poll(() => namesOf(sensors, 'data-row')).toEqual(['Merknad', 'Aktiveringssensor']);
    await expect
      .poll(async () => (await stored(session, page)).groups[1]?.rows.map((row) => row.name))
      .toEqual(['Merknad', 'Aktiveringssensor']);

    // The preview shows the checklist as a technician answers it.
    const preview = page.locator('[data-checklist-preview]');
    await preview.locator('[data-preview-row="Aktiveringssensor"]').getByText('Ikke OK').click();
    await expect(preview.getByText('A deviation will be reported.')).toBeVisible();
    await saveScreen(page, 'service-templates-editor-en');

    // Copy the template: the copy opens, whole.
    await page.getByRole('button', { name: 'Copy template' }).click();
    await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue(`${name} (kopi)`);
    const copy = await stored(session, page);
    expect(copy.groups.map((group) => group.rows.map((row) => row.name))).toEqual([
      ['Lukkekraft (N)'],
      ['Merknad', 'Aktiveringssensor'],
    ]);
    expect(copy.version).toBe(1);
    // The browser logs the one refusal the journey caused: Not OK at position 1, before it was confirmed.
    expect(consoleErrors).toEqual([
      expect.stringMatching(/409 \(Conflict\) .*\/api\/service-templates\/service-answers\/reorder$/),
    ]);
  } finally {
    session.close();
  }
});

test('the shipped EN 16005 template opens in Norwegian, on a desktop and on a phone', async ({
  page,
  consoleErrors,
}) => {
  test.setTimeout(90_000);
  const session = await apiSignIn(E2E_ADMINS.serviceTemplatesNb, E2E_PASSWORD);
  await session.request('user:update-profile', { locale: 'nb' });
  session.close();
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInPage(page, E2E_ADMINS.serviceTemplatesNb);
  await page.goto('/admin/service-template');
  await expect(page.getByRole('heading', { level: 1, name: 'Servicemaler' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Søk i maler' }).fill('16005');
  await page.getByRole('link', { name: EN16005 }).click();
  // Seven groups and 36 rows, each with its inputs, and the preview beside them.
  await expect(page.getByRole('textbox', { name: 'Navn', exact: true })).toHaveValue(EN16005, {
    timeout: 20_000,
  });
  const groups = page.locator('[data-groups]');
  expect(await namesOf(groups, 'data-group')).toEqual([
    'Dør og dokumentasjon',
    'Sensorer og sikkerhetsfunksjoner',
    'Krefter og hastigheter',
    'Nødåpning',
    'Mekanisk tilstand',
    'Skilting og merking',
    'Loggbok og signaturer',
  ]);
  await expect(page.locator('[data-checklist-preview]').getByText('Statisk lukkekraft (N)')).toBeVisible();
  await expect(page.getByText('Forhåndsvisning — slik teknikeren ser den')).toBeVisible();
  await saveScreen(page, 'service-templates-en16005-nb');

  await page.setViewportSize(PHONE);
  await expect(page.getByRole('radio', { name: 'Forhåndsvisning' })).toBeAttached();
  await saveScreen(page, 'service-templates-phone-edit-nb', { fullPage: false });
  // A row with its answers, as an administrator edits it on a phone.
  const sensorRow = page.locator('[data-row^="Aktiveringssensor innside"]');
  await sensorRow.getByRole('button', { name: /^Vis detaljene for/ }).click();
  await expect(sensorRow.locator('[data-answer="Ikke OK"]')).toBeVisible();
  await sensorRow.locator('[data-answers-of]').scrollIntoViewIfNeeded();
  await saveScreen(page, 'service-templates-phone-row-nb', { fullPage: false });
  await page.getByText('Forhåndsvisning', { exact: true }).click();
  await expect(page.locator('[data-checklist-preview]')).toBeVisible();
  await saveScreen(page, 'service-templates-phone-preview-nb', { fullPage: false });
  expect(consoleErrors).toEqual([]);
});
