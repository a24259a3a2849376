import { apiSignIn } from './support/api';
import { expect, signInPage, test } from './support/fixtures';
import { saveScreen } from './support/screenshot';
import { E2E_ADMINS, E2E_PASSWORD } from './support/users';
import { PHONE } from './support/viewports';

test('an administrator makes an API token, an integration reads with it, writes nothing, and stops once it is revoked', async ({
  page,
  consoleErrors,
}) => {
  await signInPage(page, E2E_ADMINS.apiTokens);
  await page.goto('/admin?tab=webhooks');
  await page.getByRole('button', { name: 'New API token' }).click();
  const dialog = page.getByRole('dialog', { name: 'New API token' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill('Power BI report');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('API token “Power BI report” created')).toBeVisible();
  const secret = (await page.getByTestId('api-token-secret').textContent()) ?? '';
  expect(secret).toMatch(/^karm_[A-Za-z0-9_-]{43}$/);
  await saveScreen(page, 'api-tokens-secret-en');
  await page.getByRole('button', { name: 'I have copied it' }).click();
  const row = page.locator('[data-api-token="Power BI report"]');
  await expect(row.getByText('Read', { exact: true })).toBeVisible();
  await expect(row.getByText(secret)).toHaveCount(0);

  // The integration, with nothing but the token.
  const offers = await page.request.get('/api/offers?pageSize=5', { headers: { token: secret } });
  expect(offers.status()).toBe(200);
  const write = await page.request.post('/api/offers', {
    headers: { token: secret },
    data: { projectName: 'x' },
  });
  expect(write.status()).toBe(403);
  expect(await write.json()).toMatchObject({ code: 'FORBIDDEN' });

  await row.getByRole('button', { name: 'Revoke' }).click();
  await page
    .getByRole('dialog', { name: 'Revoke the API token?' })
    .getByRole('button', { name: 'Revoke' })
    .click();
  await expect(page.getByText('API token “Power BI report” revoked')).toBeVisible();
  await expect(row.getByText(/^Revoked \d{2}\.\d{2}\.\d{4} \d{2}:\d{2}$/)).toBeVisible();
  expect((await page.request.get('/api/offers', { headers: { token: secret } })).status()).toBe(401);
  expect(consoleErrors).toEqual([]);
});

test('the API tokens in Norwegian, on a phone', async ({ page }) => {
  const session = await apiSignIn(E2E_ADMINS.apiTokens, E2E_PASSWORD);
  await session.request('user:update-profile', { locale: 'nb' });
  try {
    await session.request('api-tokens:create', { name: 'Skjema på nettsiden', scope: 'readWrite' });
    await signInPage(page, E2E_ADMINS.apiTokens);
    await page.goto('/admin?tab=webhooks');
    const row = page.locator('[data-api-token="Skjema på nettsiden"]').first();
    await expect(row.getByText('Lese og skrive')).toBeVisible();
    await page.setViewportSize(PHONE);
    await row.scrollIntoViewIfNeeded();
    await saveScreen(page, 'api-tokens-nb-phone', { fullPage: false });
  } finally {
    await session.request('user:update-profile', { locale: 'en' });
    session.close();
  }
});
