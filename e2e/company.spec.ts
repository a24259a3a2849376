import { firstPixelOf, pdfImages, pdfText, solidPng } from '@karm/server/platform/pdf/testing';
import type { Locator, Page } from '@playwright/test';
import { apiSignIn } from './support/api';
import { expect, signInPage, test } from './support/fixtures';
import { saveScreen } from './support/screenshot';
import { E2E_ADMINS, E2E_PASSWORD, E2E_USERS } from './support/users';
import { PHONE } from './support/viewports';

// The journeys change the one demo company's settings as the same administrator: one after another.
test.describe.configure({ mode: 'serial' });

/** The demo company's service department and category (server/src/seed/demo.ts), and another department. */
const DEMO_DEPARTMENT = 'Montasje og service';
const DEMO_CATEGORY = 'Service';
const OTHER_DEPARTMENT = 'Produksjon';
/** A demo customer of the demo company (server/src/seed/demo-customers.ts). */
const DEMO_CUSTOMER = 'Byggmester Hansen AS';

/** Picks an option of a Mantine Select, found by its label. */
const choose = async (page: Page, label: string | RegExp, option: string) => {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
};

/** The settings' save: the toast says it is done. */
const saveSettings = async (page: Page) => {
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Company settings saved')).toBeVisible();
};

test('an administrator edits the company settings and picks the service department; staff only read them', async ({
  page,
  browser,
}) => {
  await signInPage(page, E2E_ADMINS.company);
  await page.goto('/company');
  await expect(page.getByRole('heading', { level: 1, name: 'Company settings' })).toBeVisible();

  const organisationNumber = page.getByRole('textbox', { name: 'Organisation number' });
  const saved = await organisationNumber.inputValue();
  await organisationNumber.fill('923609017');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Not a valid organisation number (check digit does not match)')).toBeVisible();
  await organisationNumber.fill(saved);

  const phone = `+47 ${Date.now() % 100_000_000}`;
  await page.getByRole('textbox', { name: 'Phone' }).fill(phone);
  await expect(page.getByRole('combobox', { name: 'Service department' })).toHaveValue(DEMO_DEPARTMENT);
  await choose(page, 'Service department', OTHER_DEPARTMENT);
  // Picking the chosen category again keeps it.
  await choose(page, /^Service employee category/, DEMO_CATEGORY);
  await expect(page.getByRole('combobox', { name: /^Service employee category/ })).toHaveValue(DEMO_CATEGORY);
  await saveSettings(page);
  // The save is in the history, newest first, with the departments by name.
  await expect(page.getByText(`→ ${phone}`).first()).toBeVisible();
  await expect(
    page.getByText(`Service department: ${DEMO_DEPARTMENT} → ${OTHER_DEPARTMENT}`).first(),
  ).toBeVisible();
  await saveScreen(page, 'company-settings-en');

  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Phone' })).toHaveValue(phone);
  await expect(page.getByRole('combobox', { name: 'Service department' })).toHaveValue(OTHER_DEPARTMENT);

  const staffContext = await browser.newContext();
  const staff = await staffContext.newPage();
  await signInPage(staff, E2E_USERS.company);
  await staff.goto('/company');
  await expect(staff.getByText('Only administrators change the company settings.')).toBeVisible();
  await expect(staff.getByRole('textbox', { name: 'Phone' })).toHaveValue(phone);
  await expect(staff.getByRole('textbox', { name: 'Phone' })).toHaveAttribute('readonly');
  await expect(staff.getByRole('combobox', { name: 'Service department' })).toHaveValue(OTHER_DEPARTMENT);
  await expect(staff.getByRole('button', { name: 'Save' })).toHaveCount(0);
  await expect(staff.getByRole('heading', { name: 'History' })).toHaveCount(0);
  await staffContext.close();
});

/** The PDF the viewer shows, fetched by its signed link as the frame does. */
const pdfInViewer = async (page: Page, frame: Locator) => {
  const response = await page.request.get((await frame.getAttribute('src')) ?? '');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toBe('application/pdf');
  return response.body();
};

test('an administrator uploads a new logo, saves, and a fresh offer PDF carries it', async ({
  page,
  consoleErrors,
}) => {
  const stamp = Date.now();
  // A logo nobody else uses: its size and colour are looked for in the PDF.
  const logo = { width: 180, height: 54, colour: [190, 40 + (stamp % 50), 30] as [number, number, number] };
  const fileName = `logo-${stamp}.png`;
  const token = await signInPage(page, E2E_ADMINS.company);
  await page.goto('/company');
  await page
    .locator('input[type=file]')
    .first()
    .setInputFiles({
      name: fileName,
      mimeType: 'image/png',
      buffer: solidPng(logo.width, logo.height, logo.colour),
    });
  await expect(page.getByText("New image: it becomes the company's when you save.")).toBeVisible();
  await expect(page.getByRole('img', { name: 'Logo' })).toBeVisible();
  await saveSettings(page);
  await expect(page.getByText("New image: it becomes the company's when you save.")).toBeHidden();
  await expect(page.getByText(new RegExp(`^Logo: .* → ${fileName}$`)).first()).toBeVisible();
  // The header shows the company's logo through file:get_default_file_url.
  await expect(page.getByTestId('header-logo')).toBeVisible();
  await saveScreen(page, 'company-settings-new-logo-en');

  // A fresh offer, made over the API as another program would.
  const session = await apiSignIn(E2E_ADMINS.company, E2E_PASSWORD);
  const customers = await session.request('customer:get', { search: DEMO_CUSTOMER, page: 1, pageSize: 5 });
  session.close();
  const customer = customers.items.find((item) => item.name === DEMO_CUSTOMER);
  const name = `E2E Logotilbud ${stamp}`;
  const created = await page.request.post('/api/offers', {
    headers: { token },
    data: { projectName: name, customerId: customer?.id, projectAddress: 'Logoveien 1' },
  });
  expect(created.status(), await created.text()).toBe(200);
  const offer = (await created.json()) as { id: string; number: number };

  await page.goto(`/offer?open=${offer.id}`);
  const dialog = page.getByRole('dialog', { name: `Offer ${offer.number} – ${name}` });
  await dialog.getByRole('button', { name: 'Show document' }).click();
  const viewer = page.getByRole('dialog', { name: `offer-${offer.number}.pdf` });
  const frame = viewer.locator(`iframe[title="offer-${offer.number}.pdf"]`);
  await expect(frame).toBeVisible();
  // The company's document language (Norwegian) until the person picks another.
  const language = viewer.getByRole('radiogroup', { name: 'Document language' });
  await expect(language.getByRole('radio', { name: 'Norsk (bokmål)' })).toBeChecked();
  await expect(frame).not.toHaveAttribute('src', /locale=/);

  const bytes = await pdfInViewer(page, frame);
  const images = (await pdfImages(bytes)).map((image) => ({
    size: [image.width, image.height],
    colour: firstPixelOf(image),
  }));
  expect(images).toContainEqual({ size: [logo.width, logo.height], colour: logo.colour });
  const text = await pdfText(bytes);
  expect(text).toContain(`Tilbud ${offer.number}`);
  expect(text).toContain('Org.nr. 923 609 016 MVA');
  await saveScreen(page, 'company-offer-pdf-new-logo');

  // Picking English makes the same offer in English, with the same logo.
  await language.getByText('English').click();
  await expect(frame).toHaveAttribute('src', /locale=en/);
  const english = await pdfInViewer(page, frame);
  expect(await pdfText(english)).toContain(`Offer ${offer.number}`);
  expect((await pdfImages(english)).map((image) => [image.width, image.height])).toContainEqual([
    logo.width,
    logo.height,
  ]);
  expect(consoleErrors).toEqual([]);
});

test('the company settings in Norwegian, on a wide screen and on a phone', async ({
  page,
  consoleErrors,
}) => {
  const session = await apiSignIn(E2E_ADMINS.company, E2E_PASSWORD);
  await session.request('user:update-profile', { locale: 'nb' });
  session.close();
  await signInPage(page, E2E_ADMINS.company);
  await page.goto('/company');
  await expect(page.getByRole('heading', { level: 1, name: 'Firmainnstillinger' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Serviceavdeling' })).toHaveValue(OTHER_DEPARTMENT);
  await expect(page.getByRole('heading', { name: 'Historikk' })).toBeVisible();
  await expect(page.getByText(/^Telefon: /).first()).toBeVisible();
  await saveScreen(page, 'company-settings-nb');

  await page.setViewportSize(PHONE);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Firmainnstillinger' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Logo' })).toBeVisible();
  await saveScreen(page, 'company-settings-nb-phone');
  expect(consoleErrors).toEqual([]);
});
