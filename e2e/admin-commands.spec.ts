import { apiSignIn } from './support/api';
import { expect, signInPage, test } from './support/fixtures';
import { mailsTo } from './support/mails';
import { saveScreen } from './support/screenshot';
import { E2E_ADMINS, E2E_PASSWORD } from './support/users';
import { PHONE } from './support/viewports';

test('an administrator sends a test e-mail and sees its progress, its result and the run in the log', async ({
  page,
  consoleErrors,
}) => {
  const address = `${E2E_ADMINS.adminCommands}@e2e.test`;
  const admin = await apiSignIn(E2E_ADMINS.adminCommands, E2E_PASSWORD);
  // English first: a retry starts after the first try switched this admin to Norwegian.
  await admin.request('user:update-profile', { locale: 'en' });
  await signInPage(page, E2E_ADMINS.adminCommands);
  await page.goto('/admincommands');
  await expect(page.getByRole('heading', { name: 'Admin commands' })).toBeVisible();
  const card = page.getByTestId('command-test-email');
  await expect(card.getByRole('heading', { name: 'Send a test e-mail' })).toBeVisible();
  await saveScreen(page, 'admin-commands-en');

  // It asks first; the address left empty sends it to the admin's own.
  await card.getByRole('button', { name: 'Run' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('Send a test e-mail now?')).toBeVisible();
  await dialog.getByRole('button', { name: 'Run' }).click();
  await expect(page.getByText('The command has started')).toBeVisible();

  // Progress, pushed live, then the result line on the card and in the log.
  await expect(card.getByText(`Test e-mail relayed to ${address}`)).toBeVisible({ timeout: 30_000 });
  const row = page.getByRole('row', { name: /Send a test e-mail/ }).first();
  await expect(row.getByText('Succeeded')).toBeVisible();
  await expect(row.getByText(/^\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}$/)).toBeVisible();
  await expect.poll(async () => (await mailsTo(address)).length).toBeGreaterThan(0);
  await saveScreen(page, 'admin-commands-result-en');

  await admin.request('user:update-profile', { locale: 'nb' });
  admin.close();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Adminkommandoer' })).toBeVisible();
  await expect(card.getByText(`Test-e-post videresendt til ${address}`)).toBeVisible();
  await saveScreen(page, 'admin-commands-nb');
  await page.setViewportSize(PHONE);
  await saveScreen(page, 'admin-commands-nb-phone');
  expect(consoleErrors).toEqual([]);
});

test("an administrator exports the company's data, downloads the ZIP and checks it against a fresh import", async ({
  page,
  consoleErrors,
}) => {
  test.setTimeout(90_000);
  await signInPage(page, E2E_ADMINS.exportData);
  await page.goto('/admincommands');
  const runCommand = async (testId: string, question: string) => {
    const card = page.getByTestId(testId);
    await card.getByRole('button', { name: 'Run' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText(question)).toBeVisible();
    await dialog.getByRole('button', { name: 'Run' }).click();
    return card;
  };

  const exportCard = await runCommand('command-export-data', "Export the company's data now?");
  await expect(exportCard.getByText(/Exported \d+ tables, \d+ rows and \d+ files/)).toBeVisible({
    timeout: 60_000,
  });
  const download = page.waitForEvent('download');
  await exportCard.getByRole('button', { name: 'Download' }).click();
  expect((await download).suggestedFilename()).toMatch(/^karm-export-.+-\d{2}\.\d{2}\.\d{4}\.zip$/);

  const checkCard = await runCommand('command-check-export', 'Check the latest export now?');
  await expect(checkCard.getByText(/Export verified: \d+ tables, \d+ rows, \d+ files/)).toBeVisible({
    timeout: 60_000,
  });
  await saveScreen(page, 'admin-commands-export-en');
  expect(consoleErrors).toEqual([]);
});
