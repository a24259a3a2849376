import type { Browser, Page } from '@playwright/test';
import { apiSignIn } from './support/api';
import { addDays, osloToday } from './support/dates';
import { expect, signInPage, test } from './support/fixtures';
import { saveScreen } from './support/screenshot';
import { E2E_PASSWORD, E2E_USERS } from './support/users';
import { PHONE } from './support/viewports';

/** A photo-like picture drawn in the page (a canvas to PNG), 640×480 so the server must crop it square. */
const drawPicture = (page: Page) =>
  page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 640;
    canvas.height = 480;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no canvas');
    const sky = context.createLinearGradient(0, 0, 0, 480);
    sky.addColorStop(0, '#4a90d9');
    sky.addColorStop(1, '#cfe3f7');
    context.fillStyle = sky;
    context.fillRect(0, 0, 640, 480);
    context.fillStyle = '#f2c9a0';
    context.beginPath();
    context.arc(320, 200, 90, 0, Math.PI * 2);
    context.fill();
    context.fillStyle = '#2f4f6f';
    context.fillRect(200, 300, 240, 180);
    return canvas.toDataURL('image/png').split(',')[1] ?? '';
  });

test('account settings: change name and phone, upload a picture and see it in the header', async ({
  page,
  consoleErrors,
}) => {
  await signInPage(page, E2E_USERS.profile);
  await page.goto('/profile');
  await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();

  await page.getByLabel('Last name').fill('Fjellheim');
  await page.getByLabel('Phone').fill('+47 912 34 567');
  await page.getByRole('button', { name: 'Save account settings' }).click();
  await expect(page.getByText('Account settings saved')).toBeVisible();
  await expect(page.getByTestId('header-profile')).toContainText('E2E Fjellheim');

  const picture = Buffer.from(await drawPicture(page), 'base64');
  await page
    .locator('input[type="file"]')
    .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: picture });
  await expect(page.getByText('Picture saved')).toBeVisible();
  // The header shows the picture through a signed link, as a loaded image.
  const headerPicture = page.getByTestId('header-profile').locator('img');
  await expect(headerPicture).toHaveAttribute('src', /^\/api\/file\?/);
  await expect.poll(() => headerPicture.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(256);
  await expect(page.getByRole('img', { name: 'Picture of E2E Fjellheim' })).toBeVisible();

  // A reload keeps all of it: it was saved, not only shown.
  await page.reload();
  await expect(page.getByLabel('Phone')).toHaveValue('+47 912 34 567');
  await expect(page.getByTestId('header-profile').locator('img')).toHaveAttribute('src', /^\/api\/file\?/);
  await saveScreen(page, 'profile-en');

  // Removing the picture asks first; the header falls back to the initials.
  await page.getByRole('button', { name: 'Remove picture' }).click();
  const dialog = page.getByRole('dialog', { name: 'Remove your picture?' });
  await dialog.getByRole('button', { name: 'Remove picture' }).click();
  await expect(page.getByText('Picture removed')).toBeVisible();
  await expect(page.getByTestId('header-profile').locator('img')).toHaveCount(0);
  await expect(page.getByTestId('header-profile')).toContainText('EF');
  expect(consoleErrors).toEqual([]);
});

test('switch theme and language in the profile: the app follows at once, and the screens are dark and Norwegian', async ({
  page,
  consoleErrors,
}) => {
  // Seven screens in two schemes and languages: three times the limit.
  test.slow();
  await signInPage(page, E2E_USERS.profileDisplay);
  await page.goto('/profile');
  const html = page.locator('html');
  await expect(html).toHaveAttribute('data-mantine-color-scheme', 'light');

  await page.getByText('Dark', { exact: true }).click();
  await expect(html).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await expect(page.getByText('Profile saved')).toBeVisible();
  await saveScreen(page, 'profile-dark-en');

  await page.getByText('Norsk (bokmål)').click();
  await expect(page.getByRole('heading', { level: 1, name: 'Profil' })).toBeVisible();
  await expect(html).toHaveAttribute('lang', 'nb');
  await expect(
    page.getByRole('navigation', { name: 'Hovedmeny' }).getByRole('link', { name: 'Dashbord' }),
  ).toBeVisible();
  await expect(page.getByText('Profilen er lagret')).toBeVisible();
  await saveScreen(page, 'profile-dark-nb');

  // Every screen follows, without signing in again; a reload keeps both.
  await page.reload();
  await expect(html).toHaveAttribute('data-mantine-color-scheme', 'dark');
  for (const [path, heading, name] of [
    ['/', 'Dashbord', 'dashboard-dark-nb'],
    ['/offer', 'Tilbud', 'offers-dark-nb'],
    ['/customer', 'Kundeinfo', 'customers-dark-nb'],
    ['/project/control', 'Prosjektkontroll', 'project-control-dark-nb'],
    ['/inquiries', 'Forespørselsoversikt', 'inquiries-dark-nb'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(html).toHaveAttribute('data-mantine-color-scheme', 'dark');
    await saveScreen(page, name);
  }
  // Everybody's projects, with one due soon, so the list shows rows and a delivery colour; then it opens.
  const name = `Mørk skjerm ${Date.now()}`;
  const session = await apiSignIn(E2E_USERS.profileDisplay, E2E_PASSWORD);
  try {
    await session.request('project:create', { name, deliveryDate: addDays(osloToday(), 2) });
  } finally {
    session.close();
  }
  await page.goto('/projects');
  await page.getByLabel('Hvem sine prosjekter').getByText('Alle', { exact: true }).click();
  await expect(page.getByRole('cell', { name })).toBeVisible();
  await saveScreen(page, 'projects-dark-nb');
  await page.getByRole('cell', { name }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await saveScreen(page, 'project-dialog-dark-nb');
  await page.keyboard.press('Escape');
  await page.goto('/print');
  await expect(page.getByRole('button', { name: 'Skriv ut' })).toBeVisible();
  await saveScreen(page, 'print-dark-nb');

  // Back to English and light: the profile says so in English at once.
  await page.goto('/profile');
  await page.getByText('English').click();
  await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
  await page.getByText('Light', { exact: true }).click();
  await expect(html).toHaveAttribute('data-mantine-color-scheme', 'light');
  expect(consoleErrors).toEqual([]);
});

/** A second browser of the same person: its own context (cookies, storage), its own sign-in. */
const secondBrowser = async (browser: Browser, userAgent?: string) => {
  const context = await browser.newContext({ userAgent });
  const page = await context.newPage();
  await signInPage(page, E2E_USERS.profileSessions);
  return { context, page };
};

test('active sessions: sign out another browser, then all others; each lands on /login at once', async ({
  page,
  browser,
}) => {
  test.setTimeout(60_000);
  await signInPage(page, E2E_USERS.profileSessions);
  const desktop = await secondBrowser(browser);
  const phone = await secondBrowser(
    browser,
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.2 Mobile/15E148 Safari/604.1',
  );
  try {
    await page.goto('/profile');
    const sessions = page.getByRole('list', { name: 'Active sessions' });
    await expect(sessions.getByRole('listitem')).toHaveCount(3);
    const current = sessions.getByRole('listitem').filter({ hasText: 'This session' });
    await expect(current).toHaveCount(1);
    await expect(current).toContainText(/Signed in \d{2}\.\d{2}\.\d{4} \d{2}:\d{2}/);
    await expect(sessions.getByRole('listitem', { name: 'Safari 18 on iOS 18' })).toBeVisible();
    await saveScreen(page, 'profile-sessions');

    // The other desktop Chrome: the row that is not this session and not the phone.
    const otherDesktop = sessions
      .getByRole('listitem')
      .filter({ hasNotText: 'This session' })
      .filter({ hasNotText: 'iOS' });
    await otherDesktop.getByRole('button', { name: /^Sign out/ }).click();
    const question = page.getByRole('dialog', { name: 'Sign out this session?' });
    await question.getByRole('button', { name: 'Sign out' }).click();
    await expect(page.getByText('Session signed out')).toBeVisible();
    await expect(desktop.page).toHaveURL(/\/login$/);
    await expect(sessions.getByRole('listitem')).toHaveCount(2);

    await page.getByRole('button', { name: 'Sign out all other sessions' }).click();
    await page
      .getByRole('dialog', { name: 'Sign out all other sessions?' })
      .getByRole('button', { name: 'Sign out all other sessions' })
      .click();
    await expect(phone.page).toHaveURL(/\/login$/);
    await expect(page.getByText('You are signed in here only.')).toBeVisible();
    // This browser stays signed in.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
  } finally {
    await desktop.context.close();
    await phone.context.close();
  }
});

test('the profile on a phone, in English and Norwegian', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await signInPage(page, E2E_USERS.profilePhone);
  await page.goto('/profile');
  await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
  await expect(
    page.getByRole('list', { name: 'Active sessions' }).getByRole('listitem').first(),
  ).toBeVisible();
  await saveScreen(page, 'profile-phone-en', { fullPage: false });
  await page.getByRole('heading', { name: 'Active sessions' }).scrollIntoViewIfNeeded();
  await saveScreen(page, 'profile-phone-sessions-en', { fullPage: false });
  await page.getByText('Norsk (bokmål)').click();
  await expect(page.getByRole('heading', { level: 1, name: 'Profil' })).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, 0));
  await saveScreen(page, 'profile-phone-nb', { fullPage: false });
  await page.getByRole('heading', { name: 'Språk og visning' }).scrollIntoViewIfNeeded();
  await saveScreen(page, 'profile-phone-display-nb', { fullPage: false });
  await page.getByText('English').click();
  await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
});
