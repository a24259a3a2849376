import type { Page } from '@playwright/test';
import { apiSignIn } from './support/api';
import { expect, signInPage, test } from './support/fixtures';
import { mailsTo } from './support/mails';
import { saveScreen } from './support/screenshot';
import { E2E_ADMINS, E2E_PASSWORD } from './support/users';
import { PHONE } from './support/viewports';

/** The link a mail to `address` carries, once it has arrived at the relay. */
const mailedLink = async (address: string) => {
  let link: string | undefined;
  await expect(async () => {
    const mails = await mailsTo(address);
    link = mails
      .map((mail) => /https?:\/\/\S+\/login\?reset=[\w-]+&welcome=1/.exec(mail)?.[0])
      .findLast(Boolean);
    expect(link).toBeDefined();
  }).toPass();
  const url = new URL(link!);
  return url.pathname + url.search;
};

const openUser = async (page: Page, search: string, name: RegExp) => {
  await page.goto('/admin?tab=users');
  await page.getByLabel('Search name, username or e-mail').fill(search);
  await page.getByRole('row', { name }).click();
  return page.getByRole('dialog', { name });
};

test('an administrator invites a user, who sets a password from the mailed link and signs in; a new role shrinks their drawer at once; nobody deletes themselves', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const username = `e2e-invitee-${Date.now()}`;
  const email = `${username}@e2e.test`;
  await signInPage(page, E2E_ADMINS.users);
  await page.goto('/admin?tab=manage-users');
  const form = page.getByRole('form', { name: 'Create a user' });
  await expect(form.getByRole('switch', { name: /Send an invitation/ })).toBeChecked();
  await form.getByRole('textbox', { name: /^Username/ }).fill(username);
  await form.getByRole('textbox', { name: /^First name/ }).fill('Ida');
  await form.getByRole('textbox', { name: /^Last name/ }).fill('Invitert');
  await form.getByRole('textbox', { name: 'E-mail' }).fill(email);
  await form.getByLabel(/^Role/).click();
  await page.getByRole('option', { name: 'Office' }).click();
  await saveScreen(page, 'users-create-en');
  await form.getByRole('button', { name: 'Create user' }).click();
  await expect(page.getByText(/User created successfully/)).toBeVisible();

  // The invitee opens the link in their own browser, chooses a password and signs in.
  const inviteeContext = await browser.newContext();
  const invitee = await inviteeContext.newPage();
  await invitee.goto(await mailedLink(email));
  await expect(invitee.getByRole('heading', { name: 'Welcome to Karm' })).toBeVisible();
  await invitee.getByLabel(/^New password/).fill('invited and chosen 7');
  await invitee.getByLabel('Confirm new password').fill('invited and chosen 7');
  await saveScreen(invitee, 'users-invitation-welcome');
  await invitee.getByRole('button', { name: 'Save new password' }).click();
  await expect(invitee.getByText('Your new password is saved')).toBeVisible();
  await invitee.getByLabel('E-mail or username').fill(username);
  await invitee.getByLabel(/^Password/).fill('invited and chosen 7');
  await invitee.getByRole('button', { name: 'Sign in' }).click();
  const drawer = invitee.getByRole('navigation', { name: 'Main navigation' });
  await expect(drawer.getByRole('link', { name: 'Offers' })).toBeVisible();

  // The administrator makes them a technician; their open drawer shrinks without signing in again.
  const dialog = await openUser(page, username, /Ida Invitert/);
  await expect(dialog.getByText(/^Last sign-in: \d{2}\.\d{2}\.\d{4} \d{2}:\d{2}$/)).toBeVisible();
  await dialog.getByLabel(/^Role/).click();
  await page.getByRole('option', { name: 'Technician' }).click();
  await saveScreen(page, 'users-edit-en');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('User saved')).toBeVisible();
  await expect(drawer.getByRole('link', { name: 'Offers' })).toBeHidden();
  await expect(drawer.getByRole('link', { name: 'Dashboard' })).toBeVisible();
  await saveScreen(invitee, 'users-invitee-technician-drawer');
  await dialog.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(page.getByRole('row', { name: /Ida Invitert/ }).getByText('Technician')).toBeVisible();
  await saveScreen(page, 'users-list-en');
  await inviteeContext.close();

  // Nobody deletes themselves (SPEC §5): the screen says so, and so does the server.
  const own = await openUser(page, E2E_ADMINS.users, /admin-users/);
  await own.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('A user cannot delete themselves')).toBeVisible();
  await saveScreen(page, 'users-delete-self');
  const session = await apiSignIn(E2E_ADMINS.users, E2E_PASSWORD);
  try {
    const me = await session.request('users:list', { search: E2E_ADMINS.users });
    const self = me.items[0]!;
    await expect(session.request('users:delete', { id: self.id, version: self.version })).rejects.toThrow(
      'A user cannot delete themselves',
    );
  } finally {
    session.close();
  }
});

test('the users tab and the permission matrix in Norwegian, and the matrix on a phone', async ({
  page,
  consoleErrors,
}) => {
  const session = await apiSignIn(E2E_ADMINS.usersNorwegian, E2E_PASSWORD);
  await session.request('user:update-profile', { locale: 'nb' });
  session.close();
  await signInPage(page, E2E_ADMINS.usersNorwegian);

  await page.goto('/admin?tab=users');
  await expect(page.getByRole('heading', { name: 'Brukere' })).toBeVisible();
  await expect(
    page
      .getByRole('row', { name: /Anne Admin/ })
      .getByText('Administrator')
      .first(),
  ).toBeVisible();
  await saveScreen(page, 'users-list-nb');
  // Kari also works for the second demo company, which this administrator does not run.
  await page.getByLabel('Søk i navn, brukernavn eller e-post').fill('kari');
  await expect(
    page.getByRole('row', { name: /Kari Kontor/ }).locator('[aria-label^="Jobber også for et annet firma"]'),
  ).toBeVisible();
  await page.getByRole('row', { name: /Kari Kontor/ }).click();
  await expect(
    page.getByRole('dialog', { name: 'Bruker: Kari Kontor' }).getByText(/jobber også for et annet firma/),
  ).toBeVisible();
  await saveScreen(page, 'users-shared-read-only-nb');

  await page.goto('/admin?tab=manage-users');
  await expect(page.getByRole('heading', { name: 'Opprett bruker' })).toBeVisible();
  const matrix = page.getByRole('table', { name: 'Roller og tilganger' });
  await expect(matrix.getByRole('columnheader', { name: 'Tekniker' })).toBeVisible();
  await expect(matrix.getByLabel('Administrere brukere og hva hver rolle får gjøre: Kontor')).toBeDisabled();
  await matrix.getByLabel(/^Se rapporter: Tekniker/).check();
  await expect(page.getByText('Ulagrede endringer')).toBeVisible();
  await saveScreen(page, 'users-manage-nb');

  // On a phone the roles scroll sideways while the permission column stays.
  await page.setViewportSize(PHONE);
  const permissionCell = matrix.getByRole('rowheader', { name: 'Se rapporter' });
  await permissionCell.scrollIntoViewIfNeeded();
  await matrix.evaluate((table) => {
    let scroller = table.parentElement;
    while (scroller && scroller.scrollWidth <= scroller.clientWidth) scroller = scroller.parentElement;
    if (scroller) scroller.scrollLeft = scroller.scrollWidth;
  });
  await expect(matrix.getByLabel(/^Se rapporter: Kun lesing/)).toBeInViewport();
  await expect(permissionCell).toBeInViewport();
  await saveScreen(page, 'users-matrix-phone-nb', { fullPage: false });
  await matrix.evaluate((table) => {
    let scroller = table.parentElement;
    while (scroller && scroller.scrollWidth <= scroller.clientWidth) scroller = scroller.parentElement;
    if (scroller) scroller.scrollLeft = 0;
  });
  await saveScreen(page, 'users-matrix-phone-start-nb', { fullPage: false });
  expect(consoleErrors).toEqual([]);
});
