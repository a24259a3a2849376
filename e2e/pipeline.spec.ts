import type { ProjectFiltersInput } from '@karm/domain/rules';
import type { Locator, Page } from '@playwright/test';
import { apiSignIn } from './support/api';
import { addDays, formatDate, osloToday } from './support/dates';
import { expect, signInPage, test } from './support/fixtures';
import { saveScreen } from './support/screenshot';
import { numberInToast } from './support/toasts';
import { E2E_ADMINS, E2E_PASSWORD, E2E_USERS } from './support/users';

// Issue 4, inquiry → offer → project. The journeys share their users and switch languages, so they
// run one after another.
test.describe.configure({ mode: 'default' });

/** Money as the app shows it: "4 500,00 kr" with no-break spaces. */
const nok = (kroner: number) => `${String(kroner).replace(/\B(?=(\d{3})+$)/g, '\u00a0')},00\u00a0kr`;

/** A demo customer of the demo company (server/src/seed/demo-customers.ts), kept in Karm only. */
const DEMO_CUSTOMER = 'Byggmester Hansen AS';
/** The demo matrix (server/src/modules/price-calculator/default-price-matrix.ts): the smallest inner door. */
/** Its name in each language (the Norwegian UI shows the Norwegian name). */
const INNER_DOOR = {
  name: 'Inner door',
  nameNb: 'Innerdør',
  widthMm: 800,
  heightMm: 2000,
  kroner: 4_500,
  costKroner: 2_450,
};
/** A default offer status and its deadline days (server/src/modules/offers/offer-config.service.ts). */
const SENT_STATUS = { name: 'Sendt', deadlineDays: 7 };
/** The starter won status, where a converted offer goes. */
const WON_STATUS = 'Vunnet';
/** The journey user's employee (e2e/support/server.ts): the offer's salesperson, the project's manager. */
const PIPELINE_EMPLOYEE = 'E2E pipeline';

/** The user's own projects in every state: a converted offer's project is managed by its salesperson. */
const MY_PROJECTS: ProjectFiltersInput = { who: 'mine', status: 'all' };

/** Sets the user's language (and project filters) over the API, then signs the page in. */
const signInWith = async (page: Page, username: string, locale: 'en' | 'nb' = 'en') => {
  const session = await apiSignIn(username, E2E_PASSWORD);
  await session.request('user:update-profile', { locale, projectFilters: MY_PROJECTS });
  session.close();
  return signInPage(page, username);
};

const withSession = async <T>(
  username: string,
  work: (session: Awaited<ReturnType<typeof apiSignIn>>) => Promise<T>,
) => {
  const session = await apiSignIn(username, E2E_PASSWORD);
  try {
    return await work(session);
  } finally {
    session.close();
  }
};

const customerNamed = (username: string, name: string) =>
  withSession(username, async (session) => {
    const found = await session.request('customer:get', { search: name, page: 1, pageSize: 5 });
    const customer = found.items.find((item) => item.name === name);
    if (!customer) throw new Error(`No demo customer ${name}`);
    return customer;
  });

/** An inquiry made over the API, converted to an offer when asked. */
const createInquiry = (
  username: string,
  projectName: string,
  { toOffer = false, customerId = null as string | null } = {},
) =>
  withSession(username, async (session) => {
    const inquiry = await session.request('inquiry:create', {
      receivedDate: osloToday(),
      deadline: addDays(osloToday(), 10),
      projectName,
      projectAddress: 'Storgata 1',
      customerId,
    });
    if (!toOffer) return { inquiry, offerId: null };
    const converted = await session.request('inquiry:convert-to-offer', {
      id: inquiry.id,
      version: inquiry.version,
    });
    return { inquiry, offerId: converted.offerId };
  });

/** The offer REST API, with the token header the web app sends too. */
const offersApi = (page: Page, token: string) => ({
  create: async (body: Record<string, unknown>) => {
    const response = await page.request.post('/api/offers', { headers: { token }, data: body });
    expect(response.status(), await response.text()).toBeLessThan(300);
    return (await response.json()) as { id: string; number: number; version: number };
  },
  get: async (id: string) => {
    const response = await page.request.get(`/api/offers/${id}`, { headers: { token } });
    expect(response.status()).toBe(200);
    return (await response.json()) as {
      offer: {
        number: number;
        archived: boolean;
        archiveReason: string | null;
        statusId: string | null;
        statusDeadline: string | null;
        projectId: string | null;
        projectNumber: number | null;
        value: number;
        contributionMargin: number;
      };
    };
  },
});

/** Picks an option of a Mantine Select, found by its label. */
const choose = async (page: Page, scope: Locator, label: string | RegExp, option: string) => {
  await scope.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
};

test('an inquiry becomes an offer with a calculated line, a new status, a PDF, and then a project', async ({
  page,
  consoleErrors,
}) => {
  test.setTimeout(120_000);
  const stamp = Date.now();
  const name = `E2E Rekkehus ${stamp}`;
  const today = osloToday();
  const deadline = addDays(today, 10);
  const token = await signInWith(page, E2E_USERS.pipeline);
  const api = offersApi(page, token);

  // The drawer's "Add new inquiry" opens the dialog wherever one is.
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('button', { name: 'Add new inquiry' })
    .click();
  const fresh = page.getByRole('dialog', { name: 'New inquiry' });
  await expect(fresh.getByRole('tab', { name: 'History' })).toBeDisabled();
  await fresh.getByRole('textbox', { name: /Project name/ }).fill(name);
  await fresh.getByRole('textbox', { name: 'Project address' }).fill('Rekkehusveien 4');
  await fresh.getByRole('textbox', { name: 'Postal code' }).fill('0150');
  await expect(fresh.getByRole('textbox', { name: 'City' })).toHaveValue(/oslo/i);
  await fresh.getByRole('textbox', { name: 'Deadline' }).fill(formatDate(deadline));
  await fresh.getByRole('textbox', { name: 'Deadline' }).press('Tab');
  await expect(fresh.getByRole('textbox', { name: 'Deadline' })).toHaveValue(formatDate(deadline));
  await saveScreen(page, 'pipeline-en-new-inquiry');

  await fresh.getByRole('tab', { name: 'Customer' }).click();
  await expect(fresh.getByTestId('chosen-customer')).toHaveText('No customer chosen');
  await fresh.getByRole('button', { name: 'Find customer' }).click();
  const find = page.getByRole('dialog', { name: 'Find customer' });
  await find.getByRole('combobox', { name: 'Search' }).fill('Byggmester Hansen');
  await find.getByRole('option', { name: new RegExp(DEMO_CUSTOMER) }).click();
  await expect(find).toBeHidden();
  await expect(fresh.getByTestId('chosen-customer')).toHaveText(DEMO_CUSTOMER);
  await saveScreen(page, 'pipeline-en-new-inquiry-customer');
  await fresh.getByRole('button', { name: 'Save' }).click();
  const inquiryNumber = await numberInToast(page, /^Inquiry (\d+) created$/);
  const inquiryDialog = page.getByRole('dialog', { name: `Inquiry ${inquiryNumber} – ${name}` });
  await expect(inquiryDialog.getByRole('tab', { name: 'History' })).toBeEnabled();
  await inquiryDialog.getByRole('button', { name: 'Close' }).click();
  await expect(inquiryDialog).toBeHidden();

  // The list shows it, with its deadline counted down from today.
  await page.goto('/inquiries');
  await expect(page.getByRole('heading', { level: 1, name: 'Inquiry management' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Search', exact: true }).fill(String(stamp));
  const inquiryRow = page.getByRole('row').filter({ hasText: name });
  await expect(inquiryRow).toBeVisible();
  await expect(page.getByRole('row')).toHaveCount(2);
  await expect(inquiryRow.getByText('10 days left')).toBeVisible();
  await expect(inquiryRow.getByText(DEMO_CUSTOMER)).toBeVisible();
  await expect(inquiryRow.getByText(formatDate(today))).toBeVisible();
  await saveScreen(page, 'pipeline-en-inquiries');

  // Convert to offer: asked first, then "Offer N" links to the new offer.
  await inquiryRow.click();
  await expect(inquiryDialog.getByRole('textbox', { name: /Project name/ })).toHaveValue(name);
  await saveScreen(page, 'pipeline-en-inquiry');
  await inquiryDialog.getByRole('button', { name: 'Convert to offer' }).click();
  const ask = page.getByRole('dialog', { name: 'Convert to offer?' });
  await ask.getByRole('button', { name: 'Convert to offer' }).click();
  const offerNumber = await numberInToast(page, /^Offer (\d+) created from the inquiry$/);
  const offerLink = inquiryDialog.getByRole('link', { name: `Offer ${offerNumber}`, exact: true });
  await expect(offerLink).toBeVisible();
  await expect(inquiryDialog.getByRole('button', { name: 'Convert to offer' })).toBeHidden();
  await saveScreen(page, 'pipeline-en-inquiry-converted');
  await offerLink.click();
  await expect(page).toHaveURL(/\/offer\?open=[0-9a-f-]{36}$/);
  const offerId = new URL(page.url()).searchParams.get('open') ?? '';

  // The offer carries the inquiry's project and customer.
  const offerDialog = page.getByRole('dialog', { name: `Offer ${offerNumber} – ${name}` });
  await expect(offerDialog.getByText(`From inquiry ${inquiryNumber}`)).toBeVisible();
  await expect(offerDialog.getByRole('textbox', { name: /Project name/ })).toHaveValue(name);
  await expect(offerDialog.getByRole('textbox', { name: 'Project address' })).toHaveValue('Rekkehusveien 4');
  await expect(offerDialog.getByRole('combobox', { name: 'Customer' })).toHaveValue(DEMO_CUSTOMER);
  // The salesperson becomes the project's manager when the offer is converted.
  await choose(page, offerDialog, 'Salesperson', PIPELINE_EMPLOYEE);
  await saveScreen(page, 'pipeline-en-offer');

  // A line from the price calculator.
  await offerDialog.getByRole('tab', { name: 'Lines' }).click();
  await offerDialog.getByRole('button', { name: 'Price calculator' }).click();
  const calculator = page.getByRole('dialog', { name: 'Price calculator' });
  await expect(calculator.getByRole('button', { name: 'Add to offer' })).toBeDisabled();
  await choose(page, calculator, 'Door type', INNER_DOOR.name);
  await calculator.getByRole('textbox', { name: 'Width (mm)' }).fill(String(INNER_DOOR.widthMm));
  await calculator.getByRole('textbox', { name: 'Height (mm)' }).fill(String(INNER_DOOR.heightMm));
  const lineText = `${INNER_DOOR.name}, ${INNER_DOOR.widthMm} × ${INNER_DOOR.heightMm} mm`;
  await expect(calculator.getByTestId('price-result').getByText(lineText)).toBeVisible();
  await expect(calculator.getByTestId('price-total')).toHaveText(nok(INNER_DOOR.kroner));
  await saveScreen(page, 'pipeline-en-price-calculator-dialog');
  await calculator.getByRole('button', { name: 'Add to offer' }).click();
  await expect(calculator).toBeHidden();
  await expect(offerDialog.getByRole('textbox', { name: 'Description, line 1' })).toHaveValue(lineText);
  // A line from a demo product (server/src/seed/demo-products.ts), searched on the server: filled from
  // the product, then removed again so the totals below stay the door's.
  const productPicker = offerDialog.getByRole('combobox', { name: 'Add line from product' });
  await productPicker.fill('SEN-10');
  await page.getByRole('option', { name: /^SEN-10 Radarsensor/ }).click();
  await expect(offerDialog.getByRole('textbox', { name: 'Description, line 2' })).toHaveValue(
    'SEN-10 Radarsensor BEA Eagle One',
  );
  await expect(offerDialog.getByRole('textbox', { name: 'Unit price, line 2' })).toHaveValue(nok(1_890));
  await expect(offerDialog.getByRole('textbox', { name: 'Cost price, line 2' })).toHaveValue(nok(1_180));
  await expect(productPicker).toHaveValue('');
  // The line given another product: description and prices follow it.
  await offerDialog.getByRole('button', { name: 'Product for line 2' }).click();
  // The picker opens over the dialog, in a layer of its own.
  await page.getByRole('combobox', { name: 'Product for line 2' }).fill('DL-4');
  await expect(page.getByRole('option', { name: /^DL-4 Dørlukker/ })).toBeVisible();
  await saveScreen(page, 'pipeline-en-line-product');
  await page.getByRole('option', { name: /^DL-4 Dørlukker/ }).click();
  await expect(offerDialog.getByRole('textbox', { name: 'Description, line 2' })).toHaveValue(
    'DL-4 Dørlukker Dorma TS 93',
  );
  await expect(offerDialog.getByRole('textbox', { name: 'Unit price, line 2' })).toHaveValue(nok(3_290));
  await expect(offerDialog.getByRole('textbox', { name: 'Cost price, line 2' })).toHaveValue(nok(2_050));
  await offerDialog.getByRole('button', { name: 'Remove, line 2' }).click();
  await expect(offerDialog.getByRole('textbox', { name: 'Description, line 2' })).toBeHidden();
  const totals = offerDialog.locator('[data-order-totals]');
  await expect(totals).toContainText('Offer total');
  await expect(totals).toContainText(`Value: ${nok(INNER_DOOR.kroner)}`);
  const vatTotals = offerDialog.locator('[data-vat-totals]');
  await expect(vatTotals).toContainText(`VAT 25 %: ${nok(INNER_DOOR.kroner / 4)}`);
  await expect(vatTotals).toContainText(`Total incl. VAT: ${nok((INNER_DOOR.kroner * 5) / 4)}`);
  await saveScreen(page, 'pipeline-en-offer-lines');
  await offerDialog.getByRole('button', { name: 'Save' }).click();
  // The toast names what was saved.
  await expect(page.getByText(`Offer ${offerNumber} saved`)).toBeVisible();
  await expect.poll(async () => (await api.get(offerId)).offer.value).toBe(INNER_DOOR.kroner * 100);
  // The calculated line carries the matrix cell's cost: the margin is not the whole value.
  expect((await api.get(offerId)).offer.contributionMargin).toBe(
    (INNER_DOOR.kroner - INNER_DOOR.costKroner) * 100,
  );

  // A new status restarts its deadline from today, shown at once and kept when saved.
  await offerDialog.getByRole('tab', { name: 'Offer', exact: true }).click();
  await choose(page, offerDialog, 'Status', SENT_STATUS.name);
  const statusBadge = offerDialog.locator('[data-status-deadline]');
  await expect(statusBadge).toHaveText(`${SENT_STATUS.name} · ${SENT_STATUS.deadlineDays} days left`);
  await offerDialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(`Offer ${offerNumber} saved`).first()).toBeVisible();
  await expect
    .poll(async () => (await api.get(offerId)).offer.statusDeadline)
    .toBe(addDays(today, SENT_STATUS.deadlineDays));
  await expect(statusBadge).toHaveText(`${SENT_STATUS.name} · ${SENT_STATUS.deadlineDays} days left`);
  await saveScreen(page, 'pipeline-en-offer-status');

  // The offer's PDF.
  await offerDialog.getByRole('button', { name: 'Show document' }).click();
  const viewer = page.getByRole('dialog', { name: `offer-${offerNumber}.pdf` });
  const frame = viewer.locator(`iframe[title="offer-${offerNumber}.pdf"]`);
  await expect(frame).toBeVisible();
  const pdf = await page.request.get((await frame.getAttribute('src')) ?? '');
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
  await saveScreen(page, 'pipeline-en-offer-pdf');
  await viewer.getByRole('button', { name: 'Close' }).click();
  await expect(viewer).toBeHidden();

  // Convert to project. The demo company keeps its customers in Karm, but should it ask about the
  // accounting system, the journey answers "Not now".
  await offerDialog.getByRole('button', { name: 'Convert to project' }).click();
  const convert = page.getByRole('dialog', { name: 'Convert to project' });
  await expect(convert.getByText(`Make a project from offer ${offerNumber}`)).toBeVisible();
  await convert.getByRole('button', { name: 'Convert' }).click();
  const success = page.getByText(/^Project (\d+) was made from the offer$/);
  const accounting = page.getByRole('dialog', { name: 'Customer missing in the accounting system' });
  await expect(success.or(accounting).first()).toBeVisible();
  // The toast comes with the accounting question: read it before answering, while it shows.
  const projectNumber = await numberInToast(page, /^Project (\d+) was made from the offer$/);
  if (await accounting.isVisible()) await accounting.getByRole('button', { name: 'Not now' }).click();
  // The new project opens at once, managed by the offer's salesperson, linking back to the offer.
  const projectDialog = page.getByRole('dialog', { name: `Project ${projectNumber} – ${name}` });
  await expect(projectDialog.getByText(`From offer ${offerNumber}`)).toBeVisible();
  await expect(projectDialog.getByRole('combobox', { name: 'Project manager' })).toHaveValue(
    PIPELINE_EMPLOYEE,
  );
  await saveScreen(page, 'pipeline-en-converted-project');
  await projectDialog.getByRole('button', { name: 'Close' }).first().click();
  await expect(projectDialog).toBeHidden();

  // The offer is won now: its status, no deadline, and the change in its history.
  await expect(offerDialog.getByRole('button', { name: 'Convert to project' })).toBeHidden();
  const projectLink = offerDialog.getByRole('button', { name: `Project ${projectNumber}`, exact: true });
  await expect(projectLink).toBeVisible();
  expect((await api.get(offerId)).offer).toMatchObject({ projectNumber, statusDeadline: null });
  await expect(offerDialog.getByRole('combobox', { name: 'Status' })).toHaveValue(WON_STATUS);
  await expect(statusBadge).toHaveText(`${WON_STATUS} · No deadline`);
  await saveScreen(page, 'pipeline-en-offer-converted');
  await offerDialog.getByRole('tab', { name: 'History' }).click();
  await expect(offerDialog.getByText(`Status: ${SENT_STATUS.name} → ${WON_STATUS}`)).toBeVisible();
  await expect(offerDialog.getByText(`Status: Under arbeid → ${SENT_STATUS.name}`)).toBeVisible();
  await expect(offerDialog.getByText(`Project ${projectNumber}`, { exact: true }).first()).toBeVisible();
  await expect(
    offerDialog.getByText(new RegExp(`^${PIPELINE_EMPLOYEE}, ${formatDate(today)} \\d\\d:\\d\\d$`)).first(),
  ).toBeVisible();
  await saveScreen(page, 'pipeline-en-offer-history');

  // "Project N" opens the project again.
  await projectLink.click();
  await expect(projectDialog.getByText(`From offer ${offerNumber}`)).toBeVisible();
  await projectDialog.getByRole('button', { name: 'Close' }).first().click();
  await expect(projectDialog).toBeHidden();
  await offerDialog.getByRole('button', { name: 'Close' }).click();
  await expect(offerDialog).toBeHidden();

  // The offer list shows the new status and its deadline.
  await page
    .getByRole('textbox', { name: 'Search number, project, address or customer' })
    .fill(String(stamp));
  const offerRow = page.getByRole('row').filter({ hasText: name });
  await expect(offerRow).toBeVisible();
  await expect(page.getByRole('row')).toHaveCount(2);
  await expect(offerRow.getByText(`${WON_STATUS} · No deadline`)).toBeVisible();
  // Value and margin differ: the calculator's line has the matrix cell's cost.
  await expect(offerRow.getByText(nok(INNER_DOOR.kroner))).toHaveCount(1);
  await expect(offerRow.getByText(nok(INNER_DOOR.kroner - INNER_DOOR.costKroner))).toBeVisible();
  await saveScreen(page, 'pipeline-en-offers');

  // And the project is among the user's own in the project list, found by its name.
  await page.goto('/projects');
  await page.getByRole('textbox', { name: 'Search projects' }).fill(name);
  const projectRow = page.getByRole('row').filter({ hasText: name });
  await expect(projectRow).toBeVisible();
  await projectRow.click();
  await expect(projectDialog.getByText(`From offer ${offerNumber}`)).toBeVisible();
  await expect(projectDialog.getByRole('textbox', { name: /Project name/ })).toHaveValue(name);
  await saveScreen(page, 'pipeline-en-project-from-offer');
  expect(consoleErrors).toEqual([]);
});

test('archive an offer with a reason, find it under archived, and unarchive it', async ({ page }) => {
  test.setTimeout(60_000);
  const stamp = Date.now();
  const name = `E2E Arkivtilbud ${stamp}`;
  const reason = 'Kunden har utsatt byggestart';
  const token = await signInWith(page, E2E_USERS.pipeline);
  const api = offersApi(page, token);
  const customer = await customerNamed(E2E_USERS.pipeline, DEMO_CUSTOMER);
  const created = await api.create({
    projectName: name,
    customerId: customer.id,
    projectAddress: 'Arkivveien 2',
  });

  await page.goto('/offer');
  await expect(page.getByRole('heading', { level: 1, name: 'Offers' })).toBeVisible();
  await page
    .getByRole('textbox', { name: 'Search number, project, address or customer' })
    .fill(String(stamp));
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toBeVisible();
  await expect(page.getByRole('row')).toHaveCount(2);
  await row.click();
  const dialog = page.getByRole('dialog', { name: `Offer ${created.number} – ${name}` });
  await expect(dialog.getByRole('textbox', { name: /Project name/ })).toHaveValue(name);

  await dialog.getByRole('button', { name: 'Archive' }).click();
  const archive = page.getByRole('dialog', { name: 'Archive the offer' });
  await archive.getByRole('textbox', { name: /Reason/ }).fill(reason);
  await saveScreen(page, 'pipeline-en-offer-archive-reason');
  await archive.getByRole('button', { name: 'Archive' }).click();
  await expect(page.getByText('Offer archived')).toBeVisible();
  await expect(dialog.getByText(`Archived: ${reason}`)).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Unarchive' })).toBeVisible();
  expect((await api.get(created.id)).offer).toMatchObject({ archived: true, archiveReason: reason });
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();

  // Open offers only: it has left the list, and "Show archived" finds it.
  await expect(page.getByText('No offer matches the filters.')).toBeVisible();
  await expect(row).toBeHidden();
  const archivedSwitch = page.getByRole('switch', { name: 'Show archived' });
  await archivedSwitch.check({ force: true });
  await expect(archivedSwitch).toBeChecked();
  await expect(row).toBeVisible();
  await saveScreen(page, 'pipeline-en-offers-archived');

  await row.click();
  await expect(dialog.getByText(`Archived: ${reason}`)).toBeVisible();
  await dialog.getByRole('button', { name: 'Unarchive' }).click();
  await expect(page.getByText('Offer unarchived')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Archive' })).toBeVisible();
  expect((await api.get(created.id)).offer.archived).toBe(false);
  await dialog.getByRole('button', { name: 'Close' }).click();

  // Back among the open offers, gone from the archived ones.
  await expect(row).toBeHidden();
  await archivedSwitch.uncheck({ force: true });
  await expect(row).toBeVisible();
});

test('the header search finds the inquiry, offer and project by name, grouped, and opens one by keyboard', async ({
  page,
}) => {
  test.setTimeout(60_000);
  const stamp = Date.now();
  const name = `E2E Søkbar ${stamp}`;
  const { inquiry, offerId } = await createInquiry(E2E_USERS.pipeline, name, { toOffer: true });
  const project = await withSession(E2E_USERS.pipeline, (session) =>
    session.request('project:create', { name, projectAddress: 'Søkeveien 3' }),
  );
  await signInWith(page, E2E_USERS.pipeline);

  await page.getByTestId('header-search').click();
  const field = page
    .getByRole('dialog')
    .getByRole('textbox', { name: 'Search inquiries, offers and projects' });
  await expect(field).toBeFocused();
  await field.fill(name);
  const inquiries = page.getByRole('group', { name: 'Inquiries' });
  const offers = page.getByRole('group', { name: 'Offers' });
  const projects = page.getByRole('group', { name: 'Projects' });
  await expect(inquiries.getByRole('button', { name: `${inquiry.number} ${name}` })).toBeVisible();
  await expect(offers.getByRole('button', { name: new RegExp(`^\\d+ ${name}$`) })).toBeVisible();
  await expect(projects.getByRole('button', { name: `${project.number} ${name}` })).toBeVisible();
  await saveScreen(page, 'pipeline-en-global-search');

  // The first hit is the inquiry (groups come in the order Inquiries, Offers, Projects).
  await field.press('ArrowDown');
  await field.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/inquiries\\?open=${inquiry.id}$`));
  const dialog = page.getByRole('dialog', { name: `Inquiry ${inquiry.number} – ${name}` });
  await expect(dialog.getByRole('textbox', { name: /Project name/ })).toHaveValue(name);
  expect(offerId).not.toBeNull();
});

const SCREEN_TEXTS = {
  en: {
    inquiries: 'Inquiry management',
    search: 'Search',
    inquiry: 'Inquiry',
    details: 'Details',
    convertToOffer: 'Convert to offer',
    offerLink: 'Offer',
    offers: 'Offers',
    offer: 'Offer',
    fromInquiry: 'From inquiry',
    lines: 'Lines',
    status: 'Status',
    priceCalculator: 'Price calculator',
    doorType: 'Door type',
    innerDoor: INNER_DOOR.name,
    width: 'Width (mm)',
    height: 'Height (mm)',
    total: 'Total',
    daysLeft: '10 days left',
    offerSearch: 'Search number, project, address or customer',
    offerTab: 'Offer',
    salesperson: 'Salesperson',
    save: 'Save',
    saved: (number: number) => `Offer ${number} saved`,
    convert: 'Convert to project',
    confirmConvert: 'Convert',
    project: 'Project',
    projectManager: 'Project manager',
    history: 'History',
    wonChange: `Status: Under arbeid → ${WON_STATUS}`,
    noDeadline: 'No deadline',
  },
  nb: {
    // The drawer says "Forespørselsoversikt" and routes.spec.ts expects that heading; the screen
    // still says "Forespørsler" (inquiries.json list.title). Either passes here; routes.spec.ts decides.
    inquiries: /^(Forespørselsoversikt|Forespørsler)$/,
    search: 'Søk',
    inquiry: 'Forespørsel',
    details: 'Detaljer',
    convertToOffer: 'Gjør om til tilbud',
    offerLink: 'Tilbud',
    offers: 'Tilbud',
    offer: 'Tilbud',
    fromInquiry: 'Fra forespørsel',
    lines: 'Linjer',
    status: 'Status',
    priceCalculator: 'Priskalkulator',
    doorType: 'Dørtype',
    innerDoor: INNER_DOOR.nameNb,
    width: 'Bredde (mm)',
    height: 'Høyde (mm)',
    total: 'Sum',
    daysLeft: '10 dager igjen',
    offerSearch: 'Søk nummer, prosjekt, adresse eller kunde',
    offerTab: 'Tilbud',
    salesperson: 'Selger',
    save: 'Lagre',
    saved: (number: number) => `Tilbud ${number} lagret`,
    convert: 'Gjør om til prosjekt',
    confirmConvert: 'Gjør om',
    project: 'Prosjekt',
    projectManager: 'Prosjektleder',
    history: 'Historikk',
    wonChange: `Status: Under arbeid → ${WON_STATUS}`,
    noDeadline: 'Ingen frist',
  },
} as const;

for (const locale of ['en', 'nb'] as const) {
  test(`the pipeline screens in ${locale === 'en' ? 'English' : 'Norwegian'}`, async ({ page }) => {
    test.setTimeout(90_000);
    const text = SCREEN_TEXTS[locale];
    const username = locale === 'en' ? E2E_USERS.pipeline : E2E_USERS.pipelineNb;
    const stamp = Date.now();
    const name = `E2E Skjerm ${locale} ${stamp}`;
    const customer = await customerNamed(username, DEMO_CUSTOMER);
    const { inquiry, offerId } = await createInquiry(username, name, {
      toOffer: true,
      customerId: customer.id,
    });
    const token = await signInWith(page, username, locale);

    await page.goto('/inquiries');
    await expect(page.getByRole('heading', { level: 1, name: text.inquiries })).toBeVisible();
    await page.getByRole('textbox', { name: text.search, exact: true }).fill(String(stamp));
    const row = page.getByRole('row').filter({ hasText: name });
    await expect(row.getByText(text.daysLeft)).toBeVisible();
    await expect(page.getByRole('row')).toHaveCount(2);
    await expect(row.getByText(`${text.offerLink} `)).toBeVisible();
    await expect(row.getByText(formatDate(osloToday()))).toBeVisible();
    await saveScreen(page, `pipeline-${locale}-screen-inquiries`);

    await row.click();
    const inquiryDialog = page.getByRole('dialog', { name: `${text.inquiry} ${inquiry.number} – ${name}` });
    await expect(inquiryDialog.getByRole('tab', { name: text.details })).toBeVisible();
    await expect(
      inquiryDialog.getByRole('textbox', { name: locale === 'en' ? 'Deadline' : 'Frist' }),
    ).toHaveValue(formatDate(addDays(osloToday(), 10)));
    await saveScreen(page, `pipeline-${locale}-screen-inquiry`);
    await inquiryDialog.getByRole('link', { name: new RegExp(`^${text.offerLink} \\d+$`) }).click();
    await expect(page).toHaveURL(new RegExp(`/offer\\?open=${offerId}$`));

    await expect(page.getByRole('heading', { level: 1, name: text.offers })).toBeVisible();
    const offerDialog = page.getByRole('dialog', { name: new RegExp(`^${text.offer} \\d+ – ${name}$`) });
    await expect(offerDialog.getByText(`${text.fromInquiry} ${inquiry.number}`)).toBeVisible();
    await expect(offerDialog.getByRole('combobox', { name: text.status })).toBeVisible();
    await saveScreen(page, `pipeline-${locale}-screen-offer`);
    await offerDialog.getByRole('tab', { name: text.lines }).click();
    await offerDialog.getByRole('button', { name: text.priceCalculator }).click();
    const calculator = page.getByRole('dialog', { name: text.priceCalculator });
    await choose(page, calculator, text.doorType, text.innerDoor);
    await calculator.getByRole('textbox', { name: text.width }).fill(String(INNER_DOOR.widthMm));
    await calculator.getByRole('textbox', { name: text.height }).fill(String(INNER_DOOR.heightMm));
    await expect(calculator.getByTestId('price-total')).toHaveText(nok(INNER_DOOR.kroner));
    await saveScreen(page, `pipeline-${locale}-screen-price-calculator-dialog`);
    await calculator
      .getByRole('button', { name: locale === 'en' ? 'Close' : 'Lukk' })
      .first()
      .click();
    await expect(calculator).toBeHidden();
    await saveScreen(page, `pipeline-${locale}-screen-offer-lines`);

    // Salesperson, save (the toast names the offer), convert: the project opens with its manager.
    const employee = `E2E ${username.replace('e2e-', '')}`;
    await offerDialog.getByRole('tab', { name: text.offerTab, exact: true }).click();
    await choose(page, offerDialog, text.salesperson, employee);
    await offerDialog.getByRole('button', { name: text.save }).click();
    const { offer } = await offersApi(page, token).get(offerId ?? '');
    const offerNumber = offer.number;
    await expect(page.getByText(text.saved(offerNumber))).toBeVisible();
    await offerDialog.getByRole('button', { name: text.convert }).click();
    await page
      .getByRole('dialog', { name: text.convert })
      .getByRole('button', { name: text.confirmConvert })
      .click();
    const projectDialog = page.getByRole('dialog', { name: new RegExp(`^${text.project} \\d+ – ${name}$`) });
    await expect(projectDialog.getByRole('combobox', { name: text.projectManager })).toHaveValue(employee);
    await saveScreen(page, `pipeline-${locale}-screen-converted-project`);
    const close = locale === 'en' ? 'Close' : 'Lukk';
    await projectDialog.getByRole('button', { name: close }).first().click();
    await expect(projectDialog).toBeHidden();
    await expect(offerDialog.locator('[data-status-deadline]')).toHaveText(
      `${WON_STATUS} · ${text.noDeadline}`,
    );
    await offerDialog.getByRole('tab', { name: text.history }).click();
    await expect(offerDialog.getByText(text.wonChange)).toBeVisible();
    await saveScreen(page, `pipeline-${locale}-screen-offer-history`);
    await offerDialog.getByRole('button', { name: close }).first().click();
    await expect(offerDialog).toBeHidden();
    await page.getByRole('textbox', { name: text.offerSearch }).fill(String(stamp));
    await expect(page.getByRole('row').filter({ hasText: name })).toBeVisible();
    await expect(page.getByRole('row')).toHaveCount(2);
    await saveScreen(page, `pipeline-${locale}-screen-offers`);

    await page.goto('/price-calculator');
    await expect(page.getByRole('heading', { level: 1, name: text.priceCalculator })).toBeVisible();
    await choose(page, page.getByRole('main'), text.doorType, text.innerDoor);
    await page.getByRole('textbox', { name: text.width }).fill('1000');
    await page.getByRole('textbox', { name: text.height }).fill('2200');
    // 901–1100 wide adds one width step (900), 2101–2400 high one height step (600).
    await expect(page.getByTestId('price-total')).toHaveText(nok(6_000));
    await expect(page.getByText(text.total, { exact: true })).toBeVisible();
    await saveScreen(page, `pipeline-${locale}-screen-price-calculator`);

    if (locale === 'nb') {
      // Leave the user in English for whatever runs next.
      await withSession(username, (session) => session.request('user:update-profile', { locale: 'en' }));
    }
  });
}

test('the admin sees which offer status is won and which are lost, and the price matrix costs, in both languages', async ({
  page,
}) => {
  test.setTimeout(60_000);
  for (const locale of ['en', 'nb'] as const) {
    await signInWith(page, E2E_ADMINS.pipeline, locale);
    await page.goto('/admin?tab=offers');
    const outcome = locale === 'en' ? 'Outcome of' : 'Utfall for';
    await expect(page.getByRole('combobox', { name: `${outcome} ${WON_STATUS}` })).toHaveValue(
      locale === 'en' ? 'Won' : 'Vunnet',
    );
    await expect(page.getByRole('combobox', { name: `${outcome} Tapt` })).toHaveValue(
      locale === 'en' ? 'Lost' : 'Tapt',
    );
    await expect(page.getByRole('combobox', { name: `${outcome} Under arbeid` })).toBeDisabled();
    await saveScreen(page, `pipeline-${locale}-admin-offer-statuses`);

    // The price matrix editor: each cell's cost under its price, and the margin they give.
    await page.goto('/price-calculator');
    const costLabel = locale === 'en' ? 'Cost price for' : 'Kostpris for';
    const width = locale === 'en' ? 'width' : 'bredde';
    const height = locale === 'en' ? 'height' : 'høyde';
    await expect(
      page.getByRole('textbox', {
        name: `${costLabel} ${locale === 'en' ? INNER_DOOR.name : INNER_DOOR.nameNb}, ${width} 700–900, ${height} 1800–2100`,
      }),
    ).toHaveValue('2 450');
    await saveScreen(page, `pipeline-${locale}-admin-price-matrix`);
  }
  await withSession(E2E_ADMINS.pipeline, (session) =>
    session.request('user:update-profile', { locale: 'en' }),
  );
});
