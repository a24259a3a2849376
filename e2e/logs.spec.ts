import { apiSignIn } from './support/api';
import { expect, signInPage, test } from './support/fixtures';
import { saveScreen } from './support/screenshot';
import { E2E_ADMINS, E2E_BASE_URL, E2E_PASSWORD, E2E_USERS } from './support/users';
import { PHONE } from './support/viewports';

test('a reported error reaches the log; an administrator marks it handled with a comment', async ({
  page,
}) => {
  test.setTimeout(60_000);
  const stamp = Date.now();
  const failure = `Offer ${stamp} could not be saved`;

  // A colleague's browser reports an error on its own (POST /log), and the colleague sends one to the
  // administrators with a comment ("Send error to administrator").
  const colleague = await apiSignIn(E2E_USERS.logs, E2E_PASSWORD);
  const posted = await fetch(`${E2E_BASE_URL}/api/log`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', token: colleague.token },
    body: JSON.stringify({
      action: 'render',
      message: `Automatic ${stamp}`,
      error: {
        name: 'TypeError',
        message: `Automatic ${stamp}`,
        stack: 'at OfferDialog (offer-dialog.tsx:12)',
      },
    }),
  });
  expect(posted.status).toBe(201);
  await colleague.request('logs:report', {
    error: { code: 'CONFLICT', message: failure },
    route: '/offers',
    recentActions: [
      { kind: 'route', name: '/offers', at: new Date().toISOString() },
      { kind: 'event', name: 'offers:save', at: new Date().toISOString() },
    ],
    comment: 'I only changed the price',
  });
  colleague.close();

  await signInPage(page, E2E_ADMINS.logs);
  await page.goto('/logs');
  await expect(page.getByRole('heading', { name: 'Logs' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Search action, message, stack' }).fill(String(stamp));
  const row = page.getByRole('row', { name: new RegExp(`CONFLICT: ${failure}`) });
  await expect(row).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(`Automatic ${stamp}`) })).toBeVisible();
  await saveScreen(page, 'logs-en');

  await row.click();
  const dialog = page.getByRole('dialog', { name: 'Log entry' });
  await expect(dialog.getByText('Sent by user')).toBeVisible();
  await expect(dialog.getByText(/"comment": "I only changed the price"/)).toBeVisible();
  await dialog.getByRole('checkbox', { name: 'Handled' }).check();
  await dialog.getByRole('textbox', { name: 'Comment' }).fill('Told them to reload the offer');
  await saveScreen(page, 'logs-edit-en');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('The log entry is marked handled')).toBeVisible();
  await expect(dialog).toHaveCount(0);

  // Only the handled one remains under "Handled"; it shows who handled it and the comment.
  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Handled' }).click();
  await expect(page.getByRole('row', { name: new RegExp(`Automatic ${stamp}`) })).toHaveCount(0);
  await row.click();
  await expect(dialog.getByText(/Marked handled by E2E admin-logs/)).toBeVisible();
  await expect(dialog.getByRole('textbox', { name: 'Comment' })).toHaveValue('Told them to reload the offer');
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // The admin tab shows the same list; then Norwegian, and a phone.
  await page.goto('/admin?tab=server-logs');
  await page.getByRole('textbox', { name: 'Search action, message, stack' }).fill(String(stamp));
  await expect(page.getByRole('row', { name: new RegExp(`CONFLICT: ${failure}`) })).toBeVisible();

  const admin = await apiSignIn(E2E_ADMINS.logs, E2E_PASSWORD);
  await admin.request('user:update-profile', { locale: 'nb' });
  admin.close();
  await page.goto('/logs');
  await expect(page.getByRole('heading', { name: 'Logger' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Søk i handling, melding, stakk' }).fill(String(stamp));
  await expect(page.getByRole('row', { name: new RegExp(`CONFLICT: ${failure}`) })).toBeVisible();
  await saveScreen(page, 'logs-nb');
  await page.getByRole('row', { name: new RegExp(`CONFLICT: ${failure}`) }).click();
  await expect(page.getByRole('dialog', { name: 'Logginnslag' })).toBeVisible();
  await saveScreen(page, 'logs-edit-nb');
  await page.getByRole('dialog', { name: 'Logginnslag' }).getByRole('button', { name: 'Avbryt' }).click();
  await page.setViewportSize(PHONE);
  await saveScreen(page, 'logs-nb-phone');
});
