import { apiSignIn, postJson } from './support/api';
import { expect, signInPage, test } from './support/fixtures';
import { saveScreen } from './support/screenshot';
import { E2E_ADMINS, E2E_PASSWORD } from './support/users';
import { PHONE } from './support/viewports';

// Issue 13, the project's own invoice plan: a project made from an offer without an order
// confirmation gets a plan of its own in the Invoices tab, and its part is invoiced as a square.

/** A demo customer of the demo company (server/src/seed/demo-customers.ts): a project needs one. */
const DEMO_CUSTOMER = 'Byggmester Hansen AS';
/** One line of 8 000 kr ex. VAT: 10 000 kr with VAT. */
const LINE = {
  description: 'Tilleggsarbeid dørautomatikk',
  count: 1,
  unitPrice: 8_000_00,
  costPrice: 5_000_00,
};

test("an administrator adds the project's own invoice plan and invoices its part", async ({
  page,
  consoleErrors,
}) => {
  test.setTimeout(90_000);
  const session = await apiSignIn(E2E_ADMINS.invoicePlan, E2E_PASSWORD);
  try {
    await session.request('user:update-profile', { locale: 'en' });
    const customers = await session.request('customer:get', { search: DEMO_CUSTOMER, page: 1, pageSize: 5 });
    const customer = customers.items.find((item) => item.name === DEMO_CUSTOMER);
    expect(customer, DEMO_CUSTOMER).toBeDefined();
    const token = await signInPage(page, E2E_ADMINS.invoicePlan);
    const name = `E2E Egen fakturaplan ${Date.now()}`;
    const post = <T>(url: string, data: unknown) => postJson<T>(page, token, url, data);
    const offer = (await post('/api/offers', {
      projectName: name,
      projectAddress: 'Planveien 2',
      customerId: customer?.id,
      lines: [LINE],
    })) as { id: string };
    const { projectId } = (await post(`/api/offers/${offer.id}/convert-to-project`, {})) as {
      projectId: string;
    };

    await page.goto(`/projects?open=${projectId}`);
    const dialog = page.getByRole('dialog', { name: new RegExp(`– ${name}$`) });
    await dialog.getByRole('tab', { name: 'Invoices' }).click();
    await dialog.getByRole('button', { name: 'Add own invoice plan' }).click();
    const editor = page.getByRole('dialog', { name: 'New own invoice plan' });
    await expect(editor.getByText(/The parts add up to 10\u00a0000,00\u00a0kr/)).toBeVisible();
    await editor.getByRole('textbox', { name: 'Description 1' }).fill('Tilleggsarbeid, alt ved ordre');
    await saveScreen(page, 'invoice-plan-editor-en');
    await editor.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Invoice plan saved')).toBeVisible();
    await expect(editor).toBeHidden();

    const plan = dialog.locator('[data-invoice-plan]');
    await expect(plan.getByText(/^Own invoice plan \d+ · \d{2}\.\d{2}\.\d{4}$/)).toBeVisible();
    const part = plan.locator('[data-square="0"]');
    await expect(part.getByText('No invoice created')).toBeVisible();
    await part.getByRole('button', { name: 'Create invoice' }).click();
    await expect(page.getByText('Invoice created', { exact: true })).toBeVisible();
    await expect(part.getByText(/^Invoice \d+ · Not sent$/)).toBeVisible();
    await saveScreen(page, 'invoice-plan-invoiced-en');

    // In Norwegian, and on a phone.
    await session.request('user:update-profile', { locale: 'nb' });
    await page.goto(`/projects?open=${projectId}`);
    const norwegian = page.getByRole('dialog', { name: new RegExp(`– ${name}$`) });
    await norwegian.getByRole('tab', { name: 'Fakturaer' }).click();
    const planNb = norwegian.locator('[data-invoice-plan]');
    await expect(planNb.getByText(/^Egen fakturaplan \d+ · \d{2}\.\d{2}\.\d{4}$/)).toBeVisible();
    await expect(planNb.locator('[data-square="0"]').getByText(/^Faktura \d+ · Ikke sendt$/)).toBeVisible();
    await saveScreen(page, 'invoice-plan-nb');
    await page.setViewportSize(PHONE);
    await planNb.scrollIntoViewIfNeeded();
    await saveScreen(page, 'invoice-plan-nb-phone', { fullPage: false });
    expect(consoleErrors).toEqual([]);
  } finally {
    await session.request('user:update-profile', { locale: 'en' });
    session.close();
  }
});
