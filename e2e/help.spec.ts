import type { Page } from '@playwright/test';
import { apiSignIn } from './support/api';
import { expect, signInPage, test } from './support/fixtures';
import { saveScreen } from './support/screenshot';
import { E2E_ADMINS, E2E_PASSWORD, E2E_USERS } from './support/users';
import { PHONE } from './support/viewports';

/** The editor of the open language tab in Admin → Help. */
const writeHelp = async (page: Page, markdown: string, heading: string) => {
  const editor = page.getByRole('textbox', { name: /Text \(Markdown\)/ });
  // The preview is the server's rendering of what was typed: the heading shows once it is back. The
  // screen's stored text may still be loading and replace what was typed first: then type it again.
  await expect(async () => {
    await editor.fill(markdown);
    await expect(
      page.getByRole('region', { name: 'Preview' }).getByRole('heading', { name: heading }),
    ).toBeVisible({ timeout: 3_000 });
  }).toPass();
};

test('an administrator writes help for Projects in both languages; staff read it in each', async ({
  page,
  browser,
  consoleErrors,
}) => {
  // Two browsers and two languages: longer than one screen's journey (three times the limit).
  test.slow();
  const stamp = Date.now();
  const english = `Projects at our company ${stamp}`;
  const norwegian = `Prosjekter hos oss ${stamp}`;

  await signInPage(page, E2E_ADMINS.help);
  await page.goto('/admin?tab=help');
  await expect(page.getByRole('heading', { name: 'Help texts' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Screen' }).click();
  await page.getByRole('option', { name: /^Projects/ }).click();
  await writeHelp(
    page,
    `## ${english}\n\n1. Set the **delivery date** the day the offer is won.\n2. Ask [the office](https://office.example.no) before archiving.\n\n<script>alert('no')</script>`,
    english,
  );
  await saveScreen(page, 'help-admin-en');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Help text saved')).toBeVisible();
  await expect(page.getByText('Written by the company')).toBeVisible();
  await expect(page.getByText(/^Changed \d{2}\.\d{2}\.\d{4} \d{2}:\d{2} by E2E admin-help$/)).toBeVisible();

  await page.getByRole('tab', { name: 'Norsk (bokmål)' }).click();
  await writeHelp(
    page,
    `## ${norwegian}\n\nSett **leveringsdatoen** samme dag som tilbudet er vunnet.`,
    norwegian,
  );
  await page.getByRole('button', { name: 'Save' }).click();
  // The English save's toast may still show: the newest one is this save's.
  await expect(page.getByText('Help text saved').last()).toBeVisible();

  const staffContext = await browser.newContext();
  const staff = await staffContext.newPage();
  await signInPage(staff, E2E_USERS.help);
  await staff.goto('/projects');
  await staff.getByRole('banner').getByRole('button', { name: 'Help' }).click();
  const help = staff.getByRole('dialog', { name: 'Help: Projects' });
  await expect(help.getByRole('heading', { name: english })).toBeVisible();
  await expect(help.getByRole('link', { name: 'the office' })).toHaveAttribute('rel', 'noopener noreferrer');
  await expect(help.getByText('Dates can be typed as 24.12.2026')).toBeVisible();
  // Staff read help; writing it is for administrators.
  await expect(help.getByRole('link', { name: 'Edit this help text' })).toHaveCount(0);
  await saveScreen(staff, 'help-dialog-en');
  await help.getByRole('button', { name: 'Close' }).click();

  await staff.goto('/profile');
  await staff.getByText('Norsk (bokmål)').click();
  await expect(staff.getByRole('navigation', { name: 'Hovedmeny' })).toBeVisible();
  await staff.goto('/projects');
  await staff.getByRole('banner').getByRole('button', { name: 'Hjelp' }).click();
  const helpNb = staff.getByRole('dialog', { name: 'Hjelp: Prosjekter' });
  await expect(helpNb.getByRole('heading', { name: norwegian })).toBeVisible();
  await expect(helpNb.getByText('Datoer kan skrives som 24.12.2026')).toBeVisible();
  await saveScreen(staff, 'help-dialog-nb');
  await helpNb.getByRole('button', { name: 'Lukk' }).click();

  // A screen the company has not written about shows Karm's built-in help.
  await staff.goto('/offer');
  await staff.getByRole('banner').getByRole('button', { name: 'Hjelp' }).click();
  const builtIn = staff.getByRole('dialog', { name: 'Hjelp: Tilbud' });
  await expect(builtIn.getByRole('heading', { name: 'Tilbud', exact: true })).toBeVisible();
  await saveScreen(staff, 'help-dialog-built-in-nb');

  // On a phone the dialog fills the screen and the text wraps.
  await staff.setViewportSize(PHONE);
  await expect(builtIn.getByRole('heading', { name: 'Tilbud', exact: true })).toBeVisible();
  await saveScreen(staff, 'help-dialog-nb-phone');
  await staffContext.close();

  // The administrator sees a screen without help and is led to write it.
  // (The subscriptions screen: the calendar has a built-in text since issue 17.)
  await page.goto('/convert/subscriptions');
  await page.getByRole('banner').getByRole('button', { name: 'Help' }).click();
  const none = page.getByRole('dialog', { name: 'Help: Subscriptions' });
  await expect(none.getByText('There is no help for this screen yet.')).toBeVisible();
  await saveScreen(page, 'help-dialog-none-admin');
  await none.getByRole('link', { name: 'Write help for this screen' }).click();
  await expect(page).toHaveURL(/\/admin\?tab=help&screen=convertSubscriptions$/);
  await expect(page.getByRole('combobox', { name: 'Screen' })).toHaveValue('Subscriptions');
  await expect(page.getByText('No text yet')).toBeVisible();
  await page.setViewportSize(PHONE);
  await saveScreen(page, 'help-admin-phone');

  // The admin tab in Norwegian, at the Norwegian text written above.
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto('/profile');
  await page.getByText('Norsk (bokmål)').click();
  await page.goto('/admin?tab=help&screen=projects');
  await page.getByRole('tab', { name: 'Norsk (bokmål)' }).click();
  await expect(
    page.getByRole('region', { name: 'Forhåndsvisning' }).getByRole('heading', { name: norwegian }),
  ).toBeVisible();
  await expect(page.getByText('Skrevet av firmaet')).toBeVisible();
  await saveScreen(page, 'help-admin-nb');
  expect(consoleErrors).toEqual([]);
});

test('the release notes open once after an update, and not again after closing', async ({
  page,
  consoleErrors,
}) => {
  await signInPage(page, E2E_USERS.releaseNotes);
  // Someone new to Karm is not shown the notes of the version they start on.
  await expect(page.getByTestId('header-week')).toBeVisible();
  await expect(page.getByRole('dialog', { name: "What's new in Karm" })).toHaveCount(0);

  // As if this user had last used Karm before this version — once the app has recorded the version
  // they start on (written after the first screen shows; set earlier, it would be overwritten).
  const api = await apiSignIn(E2E_USERS.releaseNotes, E2E_PASSWORD);
  await expect
    .poll(async () => (await api.request('user:check-logged-in', api.token)).user.profile.lastSeenVersion)
    .toBe('0.2.0');
  const updated = await api.request('user:update-profile', { lastSeenVersion: '0.1.0' });
  expect(updated.profile.lastSeenVersion).toBe('0.1.0');
  await page.reload();
  const notes = page.getByRole('dialog', { name: "What's new in Karm" });
  await expect(notes.getByRole('heading', { name: 'Version 0.2.0' })).toBeVisible();
  await expect(notes.getByRole('heading', { name: 'Version 0.1.0' })).toBeVisible();
  await expect(notes.getByText(/^Released \d{2}\.\d{2}\.\d{4}$/).first()).toBeVisible();
  await saveScreen(page, 'release-notes-en');
  await notes.getByRole('button', { name: 'Close' }).click();
  await expect(notes).toHaveCount(0);

  await page.reload();
  await expect(page.getByTestId('header-week')).toBeVisible();
  // The version seen is kept on the server: the profile says so, and the notes stay closed.
  await expect
    .poll(async () => {
      const { user } = await api.request('user:check-logged-in', api.token);
      return user.profile.lastSeenVersion;
    })
    .toBe('0.2.0');
  await expect(page.getByRole('dialog', { name: "What's new in Karm" })).toHaveCount(0);

  // Any time: the menu under the user's name, here in Norwegian and on a phone.
  await api.request('user:update-profile', { locale: 'nb' });
  api.close();
  await page.reload();
  await page.setViewportSize(PHONE);
  await page.getByTestId('header-profile').click();
  await page.getByRole('menuitem', { name: 'Hva er nytt' }).click();
  const notesNb = page.getByRole('dialog', { name: 'Hva er nytt i Karm' });
  await expect(notesNb.getByText(/Endringslisten er skrevet på engelsk/)).toBeVisible();
  await expect(notesNb.getByText('Nytt').first()).toBeVisible();
  await saveScreen(page, 'release-notes-nb-phone');
  expect(consoleErrors).toEqual([]);
});
