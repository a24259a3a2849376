import { apiSignIn } from './support/api';
import { expect, signInPage, test } from './support/fixtures';
import { saveScreen } from './support/screenshot';
import { numberInToast } from './support/toasts';
import { E2E_PASSWORD, E2E_USERS } from './support/users';
import { PHONE } from './support/viewports';

// Issue 13, order confirmations: one from an offer with the 30 / 60 / 10 plan, its PDF, and the
// confirmation following the offer to its project. Each language has a user of its own.

/** A demo customer of the demo company (server/src/seed/demo-customers.ts): a project needs one. */
const DEMO_CUSTOMER = 'Byggmester Hansen AS';

/** Money as the app shows it: "3 000,00 kr" with no-break spaces. */
const nok = (kroner: number) => `${String(kroner).replace(/\B(?=(\d{3})+$)/g, '\u00a0')},00\u00a0kr`;

/** One line of 8 000 kr ex. VAT: 10 000 kr with VAT, so 30 / 60 / 10 is 3 000, 6 000 and 1 000 kr. */
const LINE = { description: 'Ytterdør eik', count: 1, unitPrice: 8_000_00, costPrice: 5_000_00 };
const PLAN = '30 / 60 / 10';
const AMOUNTS = [3_000, 6_000, 1_000];

const TEXTS = {
  en: {
    offer: (number: number, name: string) => `Offer ${number} – ${name}`,
    project: (number: number, name: string) => `Project ${number} – ${name}`,
    tab: /^Order confirmations/,
    newConfirmation: 'New order confirmation',
    startFrom: 'Start from',
    sumOk: `The parts add up to ${nok(10_000)}`,
    save: 'Save',
    created: /^Order confirmation (\d+) created$/,
    card: (number: number) => `Order confirmation ${number}`,
    total: `Total: ${nok(10_000)}`,
    showPdf: 'Show PDF',
    pdf: (number: number) => `order-confirmation-${number}.pdf`,
    close: 'Close',
    convert: 'Convert to project',
    convertConfirm: 'Convert',
    converted: /^Project (\d+) was made from the offer$/,
    accounting: 'Customer missing in the accounting system',
    notNow: 'Not now',
    onProject: 'On the project',
  },
  nb: {
    offer: (number: number, name: string) => `Tilbud ${number} – ${name}`,
    project: (number: number, name: string) => `Prosjekt ${number} – ${name}`,
    tab: /^Ordrebekreftelser/,
    newConfirmation: 'Ny ordrebekreftelse',
    startFrom: 'Start fra',
    sumOk: `Delene blir til sammen ${nok(10_000)}`,
    save: 'Lagre',
    created: /^Ordrebekreftelse (\d+) er opprettet$/,
    card: (number: number) => `Ordrebekreftelse ${number}`,
    total: `Totalt: ${nok(10_000)}`,
    showPdf: 'Vis PDF',
    pdf: (number: number) => `ordrebekreftelse-${number}.pdf`,
    close: 'Lukk',
    convert: 'Gjør om til prosjekt',
    convertConfirm: 'Gjør om',
    converted: /^Prosjekt (\d+) ble laget fra tilbudet$/,
    accounting: 'Kunden mangler i regnskapssystemet',
    notNow: 'Ikke nå',
    onProject: 'På prosjektet',
  },
} as const;

for (const locale of ['en', 'nb'] as const) {
  test(`an order confirmation with the 30 / 60 / 10 plan from an offer, its PDF, and in the project (${locale})`, async ({
    page,
    consoleErrors,
  }) => {
    test.setTimeout(90_000);
    const text = TEXTS[locale];
    const username = locale === 'en' ? E2E_USERS.confirmations : E2E_USERS.confirmationsNb;
    const name = `E2E Ordrebekreftelse ${locale} ${Date.now()}`;
    const session = await apiSignIn(username, E2E_PASSWORD);
    await session.request('user:update-profile', { locale });
    const customers = await session.request('customer:get', { search: DEMO_CUSTOMER, page: 1, pageSize: 5 });
    session.close();
    const customer = customers.items.find((item) => item.name === DEMO_CUSTOMER);
    expect(customer, DEMO_CUSTOMER).toBeDefined();
    const token = await signInPage(page, username);

    const response = await page.request.post('/api/offers', {
      headers: { token },
      data: {
        projectName: name,
        projectAddress: 'Bekreftelsesveien 3',
        customerId: customer?.id,
        lines: [LINE],
      },
    });
    expect(response.status(), await response.text()).toBeLessThan(300);
    const offer = (await response.json()) as { id: string; number: number };

    await page.goto(`/offer?open=${offer.id}`);
    const offerDialog = page.getByRole('dialog', { name: text.offer(offer.number, name) });
    await offerDialog.getByRole('tab', { name: text.tab }).click();
    await offerDialog.getByRole('button', { name: text.newConfirmation }).click();

    const editor = page.getByRole('dialog', { name: text.newConfirmation });
    await editor.getByRole('combobox', { name: text.startFrom }).click();
    await page.getByRole('option', { name: PLAN }).click();
    for (const [index, kroner] of AMOUNTS.entries()) {
      await expect(editor.locator(`[data-part-amount="${index + 1}"]`)).toHaveText(nok(kroner));
    }
    await expect(editor.getByText(text.sumOk)).toBeVisible();
    await saveScreen(page, `confirmations-${locale}-editor`);
    await editor.getByRole('button', { name: text.save }).click();
    const number = await numberInToast(page, text.created);
    await expect(editor).toBeHidden();

    const card = offerDialog.locator(`[data-confirmation="${number}"]`);
    await expect(card.getByText(text.card(number))).toBeVisible();
    for (const kroner of AMOUNTS) await expect(card.getByText(nok(kroner), { exact: true })).toBeVisible();
    await expect(card.getByText(text.total)).toBeVisible();
    await saveScreen(page, `confirmations-${locale}-offer-tab`);

    // Its PDF, in the app's viewer.
    await card.getByRole('button', { name: text.showPdf }).click();
    const viewer = page.getByRole('dialog', { name: text.pdf(number) });
    const frame = viewer.locator(`iframe[title="${text.pdf(number)}"]`);
    await expect(frame).toBeVisible();
    const pdf = await page.request.get((await frame.getAttribute('src')) ?? '');
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
    await saveScreen(page, `confirmations-${locale}-pdf`);
    await viewer.getByRole('button', { name: text.close }).click();
    await expect(viewer).toBeHidden();

    // Converted, the offer's confirmation belongs to the project and shows in its tab.
    await offerDialog.getByRole('button', { name: text.convert }).click();
    await page
      .getByRole('dialog', { name: text.convert })
      .getByRole('button', { name: text.convertConfirm })
      .click();
    const success = page.getByText(text.converted);
    const accounting = page.getByRole('dialog', { name: text.accounting });
    await expect(success.or(accounting).first()).toBeVisible();
    // The toast comes with the accounting question: read it before answering, while it shows.
    const projectNumber = await numberInToast(page, text.converted);
    if (await accounting.isVisible()) await accounting.getByRole('button', { name: text.notNow }).click();
    const projectDialog = page.getByRole('dialog', { name: text.project(projectNumber, name) });
    await projectDialog.getByRole('tab', { name: text.tab }).click();
    const projectCard = projectDialog.locator(`[data-confirmation="${number}"]`);
    await expect(projectCard.getByText(text.card(number))).toBeVisible();
    for (const kroner of AMOUNTS) {
      await expect(projectCard.getByText(nok(kroner), { exact: true })).toBeVisible();
    }
    await saveScreen(page, `confirmations-${locale}-project-tab`);

    // The offer still lists it, marked as the project's.
    await projectDialog.getByRole('button', { name: text.close }).first().click();
    await expect(projectDialog).toBeHidden();
    await expect(card.getByText(text.onProject)).toBeVisible();

    await page.setViewportSize(PHONE);
    await saveScreen(page, `confirmations-${locale}-offer-tab-phone`, { fullPage: false });
    expect(consoleErrors).toEqual([]);
  });
}
