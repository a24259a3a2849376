import type { Page } from '@playwright/test';
import { apiSignIn } from './support/api';
import { expect, signInPage, test } from './support/fixtures';
import { saveScreen } from './support/screenshot';
import { E2E_BASE_URL, E2E_PASSWORD, E2E_USERS } from './support/users';

// The journeys share one user and switch its language, so they run one after another.
test.describe.configure({ mode: 'default' });

const CHECK_WEIGHTS = [3, 2, 7, 6, 5, 4, 3, 2];
/** The demo company's own number: never use it for a test customer. */
const DEMO_COMPANY_NUMBER = '923609016';

/**
 * A valid Norwegian organisation number (mod 11, weights 3,2,7,6,5,4,3,2) unique to this run:
 * the first eight digits come from the clock; candidates whose check digit would be 10 are skipped.
 */
const uniqueOrganisationNumber = () => {
  for (let offset = 0; ; offset += 1) {
    const first8 = `9${String((Date.now() + offset) % 10_000_000).padStart(7, '0')}`;
    const sum = CHECK_WEIGHTS.reduce((total, weight, index) => total + weight * Number(first8[index]), 0);
    const check = (11 - (sum % 11)) % 11;
    if (check === 10) continue;
    const number = `${first8}${check}`;
    if (number !== DEMO_COMPANY_NUMBER) return number;
  }
};

/** Sets the user's language over the API, then signs the page in (the app applies the profile's language). */
const signInWithLocale = async (page: Page, username: string, locale: 'en' | 'nb') => {
  const session = await apiSignIn(username, E2E_PASSWORD);
  await session.request('user:update-profile', { locale });
  session.close();
  await signInPage(page, username);
};

const customersNamed = async (name: string) => {
  const session = await apiSignIn(E2E_USERS.customers, E2E_PASSWORD);
  try {
    return await session.request('customer:get', { search: name, page: 1, pageSize: 20 });
  } finally {
    session.close();
  }
};

test('a bad organisation number shows "Must be 9 characters" and saves nothing', async ({ page }) => {
  const name = `E2E Ugyldig ${Date.now()}`;
  await signInWithLocale(page, E2E_USERS.customers, 'en');
  await page.goto('/customer');
  await expect(page.getByRole('heading', { level: 1, name: 'Customer info' })).toBeVisible();
  await saveScreen(page, 'customers-en-list');

  await page.getByRole('button', { name: 'New customer' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Add customer' });
  await dialog.getByLabel(/^Name/).fill(name);
  await dialog.getByLabel(/^Organisation number/).fill('12345');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Must be 9 characters')).toBeVisible();
  await expect(dialog.getByLabel(/^Organisation number/)).toHaveAttribute('aria-invalid', 'true');
  await saveScreen(page, 'customers-en-bad-organisation-number');

  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole('textbox', { name: 'Search customers' }).fill(name);
  await expect(page.getByText('No customers match the search or filter.')).toBeVisible();
  expect((await customersNamed(name)).total).toBe(0);
});

test('create a customer and a contact, find it by organisation number, and a second browser sees it live', async ({
  page,
  browser,
  consoleErrors,
}) => {
  test.setTimeout(90_000);
  const stamp = Date.now();
  const name = `E2E Kunde ${stamp} AS`;
  const organisationNumber = uniqueOrganisationNumber();

  // The second browser is already on /customer, searching for the new name, before it exists.
  const otherContext = await browser.newContext({
    baseURL: E2E_BASE_URL,
    locale: 'en-GB',
    timezoneId: 'Europe/Oslo',
  });
  const other = await otherContext.newPage();
  await signInWithLocale(other, E2E_USERS.customersSecond, 'en');
  await other.goto('/customer');
  await other.getByRole('textbox', { name: 'Search customers' }).fill(String(stamp));
  await expect(other.getByText('No customers match the search or filter.')).toBeVisible();
  await other.evaluate(() => Object.assign(window, { karmNotReloaded: true }));

  await signInWithLocale(page, E2E_USERS.customers, 'en');
  await page.goto('/customer');
  await page.getByRole('button', { name: 'New customer' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Add customer' });
  await dialog.getByLabel(/^Name/).fill(name);
  await dialog.getByLabel(/^Organisation number/).fill(organisationNumber);
  await dialog.getByLabel('E-mail', { exact: true }).fill(`post-${stamp}@e2e.test`);
  await dialog.getByLabel('Phone', { exact: true }).fill('22 33 44 55');
  await dialog.getByLabel('Address line 1', { exact: true }).fill('Karl Johans gate 1');
  await dialog.getByLabel('Postal code', { exact: true }).fill('0150');
  await expect(dialog.getByLabel('City', { exact: true })).toHaveValue('Oslo');
  await saveScreen(page, 'customers-en-add-customer');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Customer created')).toBeVisible();
  await expect(dialog).toBeHidden();

  const details = page.getByRole('region', { name: 'Customer details' });
  await expect(details.getByRole('heading', { name })).toBeVisible();
  await expect(details.getByText(organisationNumber)).toBeVisible();

  await details.getByRole('button', { name: 'Add contact' }).click();
  const contactDialog = page.getByRole('dialog', { name: 'Add Contact' });
  await expect(contactDialog.getByLabel('Customer', { exact: true })).toHaveValue(name);
  await expect(contactDialog.getByRole('button', { name: 'Cancel' })).toHaveCount(0);
  await contactDialog.getByLabel('First name').fill('Kari');
  await contactDialog.getByLabel('Last name').fill('Nordmann');
  await contactDialog.getByLabel('Mobile').fill('900 11 222');
  await contactDialog.getByLabel('E-mail', { exact: true }).fill(`kari-${stamp}@e2e.test`);
  await saveScreen(page, 'customers-en-add-contact');
  await contactDialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Contact created')).toBeVisible();
  await expect(contactDialog).toBeHidden();
  await expect(details.getByText('Kari Nordmann')).toBeVisible();
  await saveScreen(page, 'customers-en-details');

  // The second browser got the push and refetched, without a reload.
  await expect(other.getByText(name)).toBeVisible();
  expect(await other.evaluate(() => 'karmNotReloaded' in window)).toBe(true);
  await saveScreen(other, 'customers-en-second-browser');
  await otherContext.close();

  // Find it again by organisation number, from a fresh page.
  await page.goto('/customer');
  await page.getByRole('button', { name: 'Find customer' }).click();
  const find = page.getByRole('dialog', { name: 'Find customer' });
  await find.getByRole('combobox', { name: 'Search' }).fill(organisationNumber);
  const hit = find.getByRole('option', { name: new RegExp(name) });
  await expect(hit).toBeVisible();
  await expect(find.getByRole('option')).toHaveCount(1);
  await saveScreen(page, 'customers-en-find-customer');
  await find.getByRole('combobox', { name: 'Search' }).press('Enter');
  await expect(find).toBeHidden();
  await expect(
    page.getByRole('region', { name: 'Customer details' }).getByRole('heading', { name }),
  ).toBeVisible();

  expect((await customersNamed(name)).items.map((customer) => customer.organizationNumber)).toEqual([
    organisationNumber,
  ]);
  expect(consoleErrors).toEqual([]);
});

test('the customer page in Norwegian', async ({ page }) => {
  const name = `E2E Norsk kunde ${Date.now()} AS`;
  const session = await apiSignIn(E2E_USERS.customers, E2E_PASSWORD);
  await session.request('customer:create', { name, organizationNumber: uniqueOrganisationNumber() });
  session.close();

  await signInWithLocale(page, E2E_USERS.customers, 'nb');
  await page.goto('/customer');
  await expect(page.getByRole('heading', { level: 1, name: 'Kundeinfo' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Søk etter kunder' }).fill(name);
  await page.getByText(name).click();
  const details = page.getByRole('region', { name: 'Kundedetaljer' });
  await expect(details.getByRole('heading', { name })).toBeVisible();
  await expect(details.getByText('Denne kunden har ingen kontaktpersoner ennå.')).toBeVisible();
  await saveScreen(page, 'customers-nb-details');

  await page.getByRole('button', { name: 'Ny kunde' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Legg til kunde' });
  await dialog.getByLabel(/^Navn/).fill('Feil AS');
  await dialog.getByLabel(/^Organisasjonsnummer/).fill('123');
  await dialog.getByRole('button', { name: 'Lagre' }).click();
  await expect(dialog.getByText('Må være 9 tegn')).toBeVisible();
  await saveScreen(page, 'customers-nb-add-customer');
  await dialog.getByRole('button', { name: 'Avbryt' }).click();

  await page.getByRole('button', { name: 'Finn kunde' }).click();
  await expect(page.getByRole('dialog', { name: 'Finn kunde' })).toBeVisible();
  await saveScreen(page, 'customers-nb-find-customer');

  // Leave the shared user in English for whatever runs next.
  const reset = await apiSignIn(E2E_USERS.customers, E2E_PASSWORD);
  await reset.request('user:update-profile', { locale: 'en' });
  reset.close();
});

test('edit a customer and a contact, archive the customer with a reason, and find it with "Show archived"', async ({
  page,
  consoleErrors,
}) => {
  test.setTimeout(90_000);
  const stamp = Date.now();
  const name = `E2E Redigert ${stamp} AS`;
  const session = await apiSignIn(E2E_USERS.customers, E2E_PASSWORD);
  const customer = await session.request('customer:create', {
    name,
    organizationNumber: uniqueOrganisationNumber(),
    phoneNumber: '22 00 00 00',
    postalAddress: { addressLine1: 'Storgata 1', postalCode: '0150', city: 'Oslo' },
  });
  await session.request('contact:create', {
    customerId: customer.id,
    firstName: 'Eva',
    lastName: 'Lie',
    email: `eva-${stamp}@e2e.test`,
    phoneNumberMobile: '900 22 333',
  });
  const inquiry = await session.request('inquiry:create', {
    receivedDate: '2026-03-02',
    projectName: `Skole ${stamp}`,
    customerId: customer.id,
  });
  await session.request('project:create', {
    name: `Skole ${stamp} – dører`,
    customerId: customer.id,
    deliveryDate: '2026-09-01',
  });
  session.close();

  await page.setViewportSize({ width: 1440, height: 900 });
  await signInWithLocale(page, E2E_USERS.customers, 'en');
  await page.goto('/customer');
  await page.getByRole('textbox', { name: 'Search customers' }).fill(String(stamp));
  await page.getByText(name).click();
  const details = page.getByRole('region', { name: 'Customer details' });
  await expect(details.getByRole('heading', { name })).toBeVisible();
  const inquiries = details.getByRole('region', { name: /Inquiries/ });
  await expect(inquiries.getByRole('link', { name: `Skole ${stamp}` })).toHaveAttribute(
    'href',
    `/inquiries?open=${inquiry.id}`,
  );
  await expect(details.getByRole('region', { name: /Projects/ }).getByText('01.09.2026')).toBeVisible();
  await saveScreen(page, 'customers-en-panel');

  // The customer's phone.
  await details.getByRole('button', { name: 'Edit', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: `Edit customer ${name}` });
  await expect(dialog.getByLabel('Phone', { exact: true })).toHaveValue('22 00 00 00');
  await dialog.getByLabel('Phone', { exact: true }).fill('22 99 88 77');
  await saveScreen(page, 'customers-en-edit-customer');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(`Customer ${name} saved`)).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(details.getByText('22 99 88 77')).toBeVisible();

  // The contact's e-mail.
  await details.getByRole('button', { name: 'Edit Eva Lie' }).click();
  const contactDialog = page.getByRole('dialog', { name: 'Edit contact Eva Lie' });
  await contactDialog.getByLabel('E-mail', { exact: true }).fill(`eva.lie-${stamp}@e2e.test`);
  await contactDialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Contact Eva Lie saved')).toBeVisible();
  await expect(contactDialog).toBeHidden();
  await expect(details.getByText(`eva.lie-${stamp}@e2e.test`)).toBeVisible();

  // Archiving asks why.
  await details.getByRole('button', { name: 'Archive' }).click();
  const ask = page.getByRole('dialog', { name: 'Archive the customer' });
  await ask.getByRole('button', { name: 'Archive' }).click();
  await expect(ask.getByText('Please give a reason')).toBeVisible();
  await ask.getByRole('textbox', { name: 'Reason' }).fill('Firmaet er lagt ned');
  await saveScreen(page, 'customers-en-archive-reason');
  await ask.getByRole('button', { name: 'Archive' }).click();
  await expect(page.getByText('Customer archived')).toBeVisible();
  await expect(details.getByText('Reason: Firmaet er lagt ned')).toBeVisible();
  await expect(details.getByRole('button', { name: 'Unarchive' })).toBeVisible();
  await saveScreen(page, 'customers-en-archived-panel');

  // Gone from the list, back with "Show archived".
  await details.getByRole('button', { name: 'Close details' }).click();
  await expect(page.getByText('No customers match the search or filter.')).toBeVisible();
  await page.getByRole('switch', { name: 'Show archived' }).check({ force: true });
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row.getByText('Archived')).toBeVisible();
  await saveScreen(page, 'customers-en-show-archived');
  expect((await customersNamed(name)).total).toBe(0);

  // The same panel in Norwegian.
  await signInWithLocale(page, E2E_USERS.customers, 'nb');
  await page.goto('/customer');
  await page.getByRole('switch', { name: 'Vis arkiverte' }).check({ force: true });
  await page.getByRole('textbox', { name: 'Søk etter kunder' }).fill(String(stamp));
  await page.getByText(name).click();
  const norwegian = page.getByRole('region', { name: 'Kundedetaljer' });
  await expect(norwegian.getByText('Årsak: Firmaet er lagt ned')).toBeVisible();
  await expect(norwegian.getByRole('region', { name: /Forespørsler/ })).toBeVisible();
  await saveScreen(page, 'customers-nb-panel');
  const reset = await apiSignIn(E2E_USERS.customers, E2E_PASSWORD);
  await reset.request('user:update-profile', { locale: 'en' });
  reset.close();
  expect(consoleErrors).toEqual([]);
});
