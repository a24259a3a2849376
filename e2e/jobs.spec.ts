import { connectTestClient } from '@karm/server/test/test-client';
import { apiSignIn } from './support/api';
import { expect, signInPage, test } from './support/fixtures';
import { mailsTo } from './support/mails';
import { saveScreen } from './support/screenshot';
import { E2E_ADMINS, E2E_BASE_URL, E2E_PASSWORD } from './support/users';
import { PHONE } from './support/viewports';

test('an administrator follows background work in Admin → Jobs: a mail sent by the queue, in both languages and on a phone', async ({
  page,
  consoleErrors,
}) => {
  const address = `${E2E_ADMINS.jobs}@e2e.test`;
  // A forgotten password is mailed by the `mail.send` job; wait until the relay has it.
  const client = await connectTestClient(E2E_BASE_URL);
  try {
    await client.request('user:forgot-password', { usernameOrEmail: E2E_ADMINS.jobs });
  } finally {
    client.close();
  }
  await expect(async () => expect(await mailsTo(address)).not.toHaveLength(0)).toPass();

  await signInPage(page, E2E_ADMINS.jobs);
  await page.goto('/admin?tab=jobs');
  await expect(page.getByRole('heading', { name: 'Background jobs' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Job' }).click();
  await page.getByRole('option', { name: 'Send mail' }).click();
  const mailRow = page.getByRole('row', { name: /Send mail/ }).first();
  await expect(mailRow).toBeVisible();
  await expect(mailRow.getByText('System')).toBeVisible();
  await expect(mailRow.getByText(/^(Completed|Running)$/)).toBeVisible();
  await expect(mailRow.getByText(/\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}/).first()).toBeVisible();
  await saveScreen(page, 'jobs-en');

  // Only the state a failed job is in offers "Run again"; a completed one does not.
  await page.getByRole('combobox', { name: 'State' }).click();
  await page.getByRole('option', { name: 'Completed' }).click();
  await expect(page.getByRole('row', { name: /Send mail/ }).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Run again' })).toHaveCount(0);

  const session = await apiSignIn(E2E_ADMINS.jobs, E2E_PASSWORD);
  await session.request('user:update-profile', { locale: 'nb' });
  session.close();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Bakgrunnsjobber' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Jobb' }).click();
  await page.getByRole('option', { name: 'Send e-post' }).click();
  await expect(page.getByRole('row', { name: /Send e-post/ }).first()).toBeVisible();
  await saveScreen(page, 'jobs-nb');

  await page.setViewportSize(PHONE);
  await expect(page.getByRole('row', { name: /Send e-post/ }).first()).toBeVisible();
  await saveScreen(page, 'jobs-phone-nb');
  expect(consoleErrors).toEqual([]);
});
