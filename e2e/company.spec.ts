import { expect, signInPage, test } from './support/fixtures';
import { saveScreen } from './support/screenshot';
import { E2E_ADMINS, E2E_USERS } from './support/users';

/** A 1×1 PNG: the smallest logo the files module accepts. */
const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

test('an administrator edits the company settings and uploads a logo; staff only read them', async ({
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
  await page.locator('input[type=file]').first().setInputFiles({
    name: 'logo.png',
    mimeType: 'image/png',
    buffer: PNG_1X1,
  });
  await expect(page.getByRole('img', { name: 'Logo' })).toBeVisible();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Company settings saved')).toBeVisible();
  await saveScreen(page, 'company-settings-en');

  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Phone' })).toHaveValue(phone);
  await expect(page.getByRole('img', { name: 'Logo' })).toBeVisible();

  const staffContext = await browser.newContext();
  const staff = await staffContext.newPage();
  await signInPage(staff, E2E_USERS.company);
  await staff.goto('/company');
  await expect(staff.getByText('Only administrators change the company settings.')).toBeVisible();
  await expect(staff.getByRole('textbox', { name: 'Phone' })).toHaveValue(phone);
  await expect(staff.getByRole('textbox', { name: 'Phone' })).toHaveAttribute('readonly');
  await expect(staff.getByRole('button', { name: 'Save' })).toHaveCount(0);
  await staffContext.close();
});
