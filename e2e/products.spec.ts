// The pure rule file, not `@karm/domain/rules` (see support/dates.ts).
import { formatNok } from '../packages/domain/src/rules/money';
import { apiSignIn } from './support/api';
import { expect, signInPage, test } from './support/fixtures';
import { saveScreen } from './support/screenshot';
import { E2E_ADMINS, E2E_PASSWORD } from './support/users';
import { PHONE } from './support/viewports';

// Issue 19, products kept in Karm (admin tab "offers"): a product carries its sales price, cost price
// and VAT rate, so a line made from it has a margin and the right VAT (the pipeline journey picks one).

test('an administrator adds a product with its cost price and VAT rate, and changes the rate', async ({
  page,
  consoleErrors,
}) => {
  const stamp = String(Date.now()).slice(-6);
  const name = `Terskel eik ${stamp}`;
  await signInPage(page, E2E_ADMINS.products);
  await page.goto('/admin?tab=offers');
  await page.getByRole('button', { name: 'New product' }).click();
  const dialog = page.getByRole('dialog', { name: 'New product' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
  await dialog.getByRole('textbox', { name: 'Number' }).fill(`TE-${stamp}`);
  await dialog.getByRole('textbox', { name: 'Price excl. VAT', exact: true }).fill('1 250');
  await dialog.getByRole('textbox', { name: 'Cost price excl. VAT' }).fill('712,50');
  await dialog.getByRole('combobox', { name: 'VAT' }).selectOption('15');
  await saveScreen(page, 'products-new-en');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Product saved')).toBeVisible();
  await expect(dialog).toBeHidden();
  // The 3-second toast goes first, so the one the change shows below is its own.
  await expect(page.getByText('Product saved')).toBeHidden();

  await page.getByRole('textbox', { name: 'Search products' }).fill(stamp);
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row).toHaveCount(1);
  await expect(row.getByRole('cell')).toContainText([
    `TE-${stamp}`,
    name,
    'stk',
    formatNok(1_250_00),
    formatNok(712_50),
    '15 %',
  ]);
  await saveScreen(page, 'products-list-en');

  // Changed at the version read: the rate goes back to 25 %.
  await row.getByRole('button', { name: `Edit ${name}` }).click();
  const edit = page.getByRole('dialog', { name: `Edit ${name}` });
  await expect(edit.getByRole('textbox', { name: 'Cost price excl. VAT' })).toHaveValue(formatNok(712_50));
  await edit.getByRole('combobox', { name: 'VAT' }).selectOption('25');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Product saved')).toBeVisible();
  await expect(row.getByRole('cell', { name: '25 %' })).toBeVisible();
  expect(consoleErrors).toEqual([]);
});

test('the products in Norwegian, on a phone', async ({ page }) => {
  const session = await apiSignIn(E2E_ADMINS.products, E2E_PASSWORD);
  await session.request('user:update-profile', { locale: 'nb' });
  try {
    await signInPage(page, E2E_ADMINS.products);
    await page.setViewportSize(PHONE);
    await page.goto('/admin?tab=offers');
    await expect(page.getByRole('columnheader', { name: 'Kostpris eks. mva.' })).toBeAttached();
    await expect(page.getByRole('columnheader', { name: 'Mva', exact: true })).toBeAttached();
    await page.getByRole('button', { name: 'Nytt produkt' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nytt produkt' });
    await expect(dialog.getByRole('textbox', { name: 'Kostpris eks. mva.' })).toBeVisible();
    await expect(dialog.getByRole('combobox', { name: 'Mva' })).toHaveValue('25');
    // Nothing of the form is cut off at the phone's right edge.
    const box = await dialog.getByRole('combobox', { name: 'Mva' }).boundingBox();
    expect((box?.x ?? 0) + (box?.width ?? PHONE.width + 1)).toBeLessThanOrEqual(PHONE.width);
    await saveScreen(page, 'products-new-nb-phone', { fullPage: false });
  } finally {
    await session.request('user:update-profile', { locale: 'en' });
    session.close();
  }
});
