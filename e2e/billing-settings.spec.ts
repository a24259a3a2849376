import { apiSignIn } from './support/api';
import { expect, signInPage, test } from './support/fixtures';
import { saveScreen } from './support/screenshot';
import { E2E_ADMINS, E2E_PASSWORD } from './support/users';
import { PHONE } from './support/viewports';

/** A demo customer whose credit score is "C" (seed/demo-customers.ts). */
const SCORED_CUSTOMER = 'Byggmester Hansen AS';

test('an administrator adds a payment term, makes it a category default, edits the credit bands and sees a customer’s band', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const stamp = Date.now() % 100_000;
  const termName = `45 dager ${stamp}`;
  const bandCode = `Z${stamp}`;
  const session = await apiSignIn(E2E_ADMINS.billing, E2E_PASSWORD);
  await session.request('user:update-profile', { locale: 'en' });
  try {
    await page.setViewportSize({ width: 1440, height: 900 });
    await signInPage(page, E2E_ADMINS.billing);

    // A payment term of 45 days, then the default of the "Project" customer category.
    await page.goto('/admin?tab=payment-terms');
    const terms = page.locator('[data-payment-terms]');
    await expect(terms.locator('[data-payment-term="14 dager"]').getByText('Default')).toBeVisible();
    await terms.getByRole('button', { name: 'Add payment term' }).click();
    const termDialog = page.getByRole('dialog', { name: 'New payment term' });
    await termDialog.getByRole('textbox', { name: /Name/ }).fill(termName);
    await termDialog.getByRole('textbox', { name: /Days until due/ }).fill('45');
    await termDialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('The payment term was saved.')).toBeVisible();
    await expect(terms.locator(`[data-payment-term="${termName}"]`).getByText('45 days')).toBeVisible();

    const project = page.locator('[data-category-terms] [data-category="project"]');
    await project.getByRole('combobox').click();
    await page.getByRole('option', { name: termName }).click();
    await expect(page.getByText("The category's default was saved.")).toBeVisible();
    await expect(
      terms.locator(`[data-payment-term="${termName}"]`).getByRole('cell', { name: '1', exact: true }),
    ).toBeVisible();
    await saveScreen(page, 'billing-payment-terms-en');

    // A new credit band, and band C asks for more prepayment.
    await page.goto('/admin?tab=credit-score');
    const bands = page.locator('[data-credit-bands]');
    await bands.getByRole('button', { name: 'Add credit band' }).click();
    const bandDialog = page.getByRole('dialog', { name: 'New credit band' });
    await bandDialog.getByRole('textbox', { name: /Code/ }).fill(bandCode);
    await bandDialog.getByRole('textbox', { name: /Name/ }).fill('Ny kunde');
    await bandDialog.getByRole('textbox', { name: /Lowest prepayment/ }).fill('40');
    await bandDialog.getByRole('checkbox', { name: 'Administrator must approve' }).check();
    await bandDialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('The credit band was saved.')).toBeVisible();
    await expect(bands.locator(`[data-credit-band-row="${bandCode}"]`).getByText('40 %')).toBeVisible();

    await bands.getByRole('button', { name: 'Edit: C' }).click();
    const editBand = page.getByRole('dialog', { name: 'Edit credit band' });
    await editBand.getByRole('textbox', { name: /Lowest prepayment/ }).fill('35');
    await editBand.getByRole('button', { name: 'Save' }).click();
    await expect(bands.locator('[data-credit-band-row="C"]').getByText('35 %')).toBeVisible();
    await saveScreen(page, 'billing-credit-bands-en');

    // The customer page shows the band of the customer's credit score with its rule.
    await page.goto('/customer');
    await page.getByRole('textbox', { name: 'Search customers' }).fill(SCORED_CUSTOMER);
    await page.getByText(SCORED_CUSTOMER).click();
    const details = page.getByRole('region', { name: 'Customer details' });
    const badge = details.locator('[data-credit-band="C"]');
    await expect(badge).toBeVisible();
    await badge.hover();
    await expect(
      page.getByText('Credit band C · Middels: Prepayment at least 35 % · No approval needed'),
    ).toBeVisible();
    await expect(details.locator('[data-payment-term-of-customer]')).toHaveText(
      '14 dager (14 days, company default)',
    );
    // Only the window, so the tooltip shows as the user sees it.
    await saveScreen(page, 'billing-customer-band-en', { fullPage: false });

    // The inquiry dialog shows the same band next to the customer's credit score.
    await details.getByRole('link', { name: /Kontorbygg Storgata/ }).click();
    const inquiry = page.getByRole('dialog');
    await inquiry.getByRole('tab', { name: 'Customer' }).click();
    await expect(inquiry.locator('[data-credit-band="C"]')).toBeVisible();
    await saveScreen(page, 'billing-inquiry-band-en', { fullPage: false });
    await page.keyboard.press('Escape');

    // The invoice settings, in Norwegian.
    await session.request('user:update-profile', { locale: 'nb' });
    await page.goto('/admin?tab=invoices');
    await expect(page.getByRole('heading', { name: 'Fakturainnstillinger' })).toBeVisible();
    await saveScreen(page, 'billing-invoice-settings-nb');
    await page.goto('/admin?tab=payment-terms');
    await expect(page.getByRole('heading', { name: 'Betalingsbetingelser' })).toBeVisible();
    await saveScreen(page, 'billing-payment-terms-nb');
    await page.goto('/admin?tab=credit-score');
    await expect(page.getByRole('heading', { name: 'Kredittklasser' })).toBeVisible();
    await saveScreen(page, 'billing-credit-bands-nb');

    await page.setViewportSize(PHONE);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Kredittklasser' })).toBeVisible();
    await saveScreen(page, 'billing-credit-bands-phone', { fullPage: false });
  } finally {
    // Other journeys (and a second run) see the demo company's billing settings as seeded.
    await session.request('payment_term:category', { categoryKey: 'project', paymentTermId: null });
    const { terms } = await session.request('payment_term:list');
    for (const term of terms.filter((candidate) => candidate.name === termName)) {
      await session.request('payment_term:del', { id: term.id, version: term.version });
    }
    for (const band of await session.request('credit_band:list')) {
      if (band.code === bandCode)
        await session.request('credit_band:del', { id: band.id, version: band.version });
      if (band.code === 'C' && band.minPrepaymentBasisPoints !== 3000) {
        await session.request('credit_band:upd', {
          id: band.id,
          version: band.version,
          values: { minPrepaymentBasisPoints: 3000 },
        });
      }
    }
    await session.request('user:update-profile', { locale: 'en' });
    session.close();
  }
});
