import { apiSignIn } from './support/api';
import { expect, signInPage, test } from './support/fixtures';
import { saveScreen } from './support/screenshot';
import { E2E_ADMINS, E2E_PASSWORD, E2E_ROLE_USERS } from './support/users';
import { PHONE } from './support/viewports';

/** The demo project with an order confirmation 30/60/10 (server/src/seed/demo-invoicing.ts). */
const DEMO_PROJECT = 'Kontorbygg Økern – automatdører';
const FIND_IT = { who: 'alle', status: 'all', searchQuery: 'Økern' } as const;

test('an administrator invoices an order square and follows it to paid; staff only look', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const admin = await apiSignIn(E2E_ADMINS.invoices, E2E_PASSWORD);
  await admin.request('user:update-profile', { locale: 'en', projectFilters: FIND_IT });
  let createdId: string | null = null;
  try {
    await signInPage(page, E2E_ADMINS.invoices);
    await page.goto('/projects');
    const row = page.getByRole('row').filter({ hasText: DEMO_PROJECT });
    // The list shows the order's three squares: paid, not sent, no invoice.
    await expect(row.locator('[data-invoice-squares] [role="img"]')).toHaveCount(3);
    await expect(row.getByRole('img', { name: /part 1 · Paid/ })).toBeVisible();
    await expect(row.getByRole('img', { name: /part 2 · Not sent/ })).toBeVisible();
    await saveScreen(page, 'invoices-project-list-en');

    await row.click();
    const dialog = page.getByRole('dialog', { name: new RegExp(`– ${DEMO_PROJECT}$`) });
    await dialog.getByRole('tab', { name: 'Invoices' }).click();
    const third = dialog.locator('[data-square="2"]');
    await expect(third.getByText('No invoice created')).toBeVisible();
    await third.getByRole('button', { name: 'Create invoice' }).click();
    await expect(page.getByText('Invoice created')).toBeVisible();
    await expect(third.getByText(/Invoice \d+ · Not sent/)).toBeVisible();
    const list = await admin.request('invoices:get', { filter: 'notSent', search: 'Sluttoppgjør' });
    createdId = list.items[0]?.id ?? null;

    await third.getByRole('button', { name: 'Mark as sent' }).click();
    await expect(third.getByText(/Invoice \d+ · Pending payment/)).toBeVisible();
    await third.getByRole('button', { name: 'Register payment' }).click();
    const payment = page.getByRole('dialog', { name: /Payment on invoice/ });
    await payment.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Payment registered')).toBeVisible();
    await expect(third.getByText(/Invoice \d+ · Paid/)).toBeVisible();
    await saveScreen(page, 'invoices-project-tab-en');

    // The same in Norwegian, and on a phone.
    await admin.request('user:update-profile', { locale: 'nb' });
    await page.goto('/projects');
    await page.getByRole('row').filter({ hasText: DEMO_PROJECT }).click();
    const norwegian = page.getByRole('dialog', { name: new RegExp(`– ${DEMO_PROJECT}$`) });
    await norwegian.getByRole('tab', { name: 'Fakturaer' }).click();
    await expect(norwegian.locator('[data-square="2"]').getByText(/Faktura \d+ · Betalt/)).toBeVisible();
    await expect(norwegian.locator('[data-square="1"]').getByText(/Faktura \d+ · Ikke sendt/)).toBeVisible();
    await saveScreen(page, 'invoices-project-tab-nb');
    await page.setViewportSize(PHONE);
    await saveScreen(page, 'invoices-project-tab-phone', { fullPage: false });

    // Admin → Invoices lists every invoice; the paid view holds the one just paid.
    await page.setViewportSize({ width: 1280, height: 720 });
    await admin.request('user:update-profile', { locale: 'en' });
    await page.goto('/admin?tab=invoices');
    const invoiceList = page.locator('[data-invoice-list]');
    await invoiceList
      .locator('label')
      .filter({ hasText: /^Paid$/ })
      .click();
    await expect(invoiceList.getByRole('radio', { name: 'Paid', exact: true })).toBeChecked();
    await expect(invoiceList.getByRole('row').filter({ hasText: 'Kontorbygg Økern' }).first()).toBeVisible();
    await saveScreen(page, 'invoices-admin-list-en');

    // Office staff see the squares, but no button to invoice, and the server refuses them.
    const staffContext = await browser.newContext();
    const staffPage = await staffContext.newPage();
    const staff = await apiSignIn(E2E_ROLE_USERS.office, E2E_PASSWORD);
    await staff.request('user:update-profile', { locale: 'en', projectFilters: FIND_IT });
    await signInPage(staffPage, E2E_ROLE_USERS.office);
    await staffPage.goto('/projects');
    await staffPage.getByRole('row').filter({ hasText: DEMO_PROJECT }).click();
    const staffDialog = staffPage.getByRole('dialog', { name: new RegExp(`– ${DEMO_PROJECT}$`) });
    await staffDialog.getByRole('tab', { name: 'Invoices' }).click();
    await expect(staffDialog.locator('[data-square="0"]').getByText(/Paid/)).toBeVisible();
    await expect(staffDialog.getByRole('button', { name: 'Create invoice' })).toHaveCount(0);
    const refused = await staffPage.request.post('/api/invoices', {
      headers: { token: staff.token },
      data: {
        confirmationId: crypto.randomUUID(),
        paymentRuleId: crypto.randomUUID(),
        requestId: crypto.randomUUID(),
      },
    });
    expect(refused.status()).toBe(403);
    staff.close();
    await staffContext.close();
  } finally {
    // Other runs find the demo project as seeded: the square this journey invoiced is free again.
    if (createdId) {
      const invoice = await admin.request('invoice:get', { id: createdId });
      if (!invoice.isCredited) {
        await admin.request('invoices:del', { id: invoice.id, version: invoice.version, reason: 'E2E' });
      }
    }
    await admin.request('user:update-profile', { locale: 'en' });
    admin.close();
  }
});
