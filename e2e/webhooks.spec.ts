import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ProjectDto } from '@karm/domain/contract';
import { loadReadmeVerifier } from '@karm/server/modules/webhooks/webhook-receiver.testing';
import { apiSignIn } from './support/api';
import { expect, signInPage, test } from './support/fixtures';
import { saveScreen } from './support/screenshot';
import { E2E_ADMINS, E2E_PASSWORD } from './support/users';
import { PHONE } from './support/viewports';

type Received = { headers: IncomingHttpHeaders; body: string };

/** A receiver on loopback, as a customer's system would run one. */
const startReceiver = async () => {
  const received: Received[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      response.end('thanks');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/karm`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};

test('an administrator adds a webhook to a loopback receiver, sees a project change delivered and resends it', async ({
  page,
  consoleErrors,
}) => {
  test.setTimeout(60_000);
  const receiver = await startReceiver();
  try {
    await signInPage(page, E2E_ADMINS.webhooks);
    await page.goto('/admin?tab=webhooks');
    await expect(page.getByRole('heading', { name: 'Webhooks' })).toBeVisible();

    // The receiver is on loopback: an administrator allows private network addresses first.
    const allowPrivate = page.getByRole('switch', { name: 'Allow private network addresses' });
    if (!(await allowPrivate.isChecked())) {
      await allowPrivate.click({ force: true });
      await expect(page.getByText('Webhook settings saved')).toBeVisible();
    }

    await page.getByRole('button', { name: 'Add webhook' }).click();
    await page.getByRole('textbox', { name: 'Address (https://)' }).fill(receiver.url);
    await page.getByRole('textbox', { name: 'Description' }).fill('E2E receiver');
    await page.getByRole('checkbox', { name: 'project.updated' }).check();
    await saveScreen(page, 'webhooks-dialog-en');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Webhook added')).toBeVisible();
    const secret = (await page.getByTestId('webhook-secret').textContent()) ?? '';
    expect(secret).toMatch(/^whsec_/);
    await saveScreen(page, 'webhooks-secret-en');
    await page.getByRole('button', { name: 'I have copied it' }).click();
    await expect(page.getByText(receiver.url)).toBeVisible();

    // A project changes (over the API, as another user would change it).
    const session = await apiSignIn(E2E_ADMINS.webhooks, E2E_PASSWORD);
    const project = (await session.request('project:create', {
      name: `Webhook ${Date.now()}`,
    } as never)) as ProjectDto;
    await session.request('project:update', {
      id: project.id,
      version: project.version,
      changes: { name: `${project.name} endret` },
    } as never);
    session.close();

    // The dispatcher delivers it; the receiver checks the signature with the secret it was given.
    await expect
      .poll(() => receiver.received.find((request) => request.body.includes(project.id)), { timeout: 15_000 })
      .toBeTruthy();
    const delivered = receiver.received.find((request) => request.body.includes(project.id)) as Received;
    expect(delivered.headers['karm-event']).toBe('project.updated');
    const verify = await loadReadmeVerifier();
    expect(verify(secret, String(delivered.headers['karm-signature']), delivered.body)).toBe(true);
    const deliveryId = String(delivered.headers['karm-delivery']);

    // The log shows it (pushed, no reload), and its dialog shows the attempt and resends it.
    const row = page.locator(`[data-delivery-id="${deliveryId}"]`);
    await expect(row.getByText('Delivered')).toBeVisible();
    await saveScreen(page, 'webhooks-tab-en');
    await row.click();
    await expect(page.getByText('Webhook delivery')).toBeVisible();
    await expect(page.getByTestId('webhook-attempt')).toHaveCount(1);
    await expect(page.getByTestId('webhook-attempt').first()).toContainText('200');
    await expect(page.getByTestId('webhook-attempt').first()).toContainText('thanks');
    await page.getByRole('button', { name: 'Resend' }).click();
    await expect(page.getByText('Delivery queued again')).toBeVisible();
    await expect(page.getByTestId('webhook-attempt')).toHaveCount(2, { timeout: 15_000 });
    expect(
      receiver.received.filter((request) => request.headers['karm-delivery'] === deliveryId),
    ).toHaveLength(2);
    await saveScreen(page, 'webhooks-delivery-en');

    await page
      .getByRole('button', { name: 'Close' })
      .or(page.getByRole('button', { name: 'Cancel' }))
      .first()
      .click();

    // Norwegian, and on a phone.
    const norwegian = await apiSignIn(E2E_ADMINS.webhooks, E2E_PASSWORD);
    await norwegian.request('user:update-profile', { locale: 'nb' });
    norwegian.close();
    await signInPage(page, E2E_ADMINS.webhooks);
    await page.goto('/admin?tab=webhooks');
    await expect(page.getByRole('heading', { name: 'Leveringslogg' })).toBeVisible();
    await expect(page.getByText('Levert').first()).toBeVisible();
    await saveScreen(page, 'webhooks-tab-nb');
    await page.setViewportSize(PHONE);
    await saveScreen(page, 'webhooks-tab-phone', { fullPage: false });
    await page.locator(`[data-delivery-id="${deliveryId}"]`).click();
    await expect(page.getByText('Webhook-levering')).toBeVisible();
    await saveScreen(page, 'webhooks-delivery-phone', { fullPage: false });
    expect(consoleErrors).toEqual([]);
  } finally {
    await receiver.close();
  }
});
