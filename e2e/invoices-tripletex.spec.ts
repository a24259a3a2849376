import type { Page } from '@playwright/test';
import { type ApiSession, apiSignIn, postJson } from './support/api';
import { addDays, formatDate, fridayWeeksAhead, osloToday } from './support/dates';
import { expect, signInPage, test } from './support/fixtures';
import { saveScreen } from './support/screenshot';
import { E2E_ADMINS, E2E_PASSWORD, E2E_TRIPLETEX_URL } from './support/users';
import { PHONE } from './support/viewports';

// Issue 13, invoicing through Tripletex: a payment part due when the installation step is completed.
// The journey's company is connected to the fake Tripletex from the start (support/server.ts); the
// payment is registered there over Tripletex's own API, as the accountant would in Tripletex.

/** One line of 8 000 kr ex. VAT: 10 000 kr with VAT, so 30 / 60 / 10 is 3 000, 6 000 and 1 000 kr. */
const LINE = { description: 'Automatisk skyvedør', count: 1, unitPrice: 8_000_00, costPrice: 5_000_00 };
/** The tokens the fake Tripletex accepts (FAKE_TRIPLETEX_TOKENS on the server side). */
const TOKENS = { consumer: 'test-consumer-token-karm', employee: 'test-employee-token-karm' };

/** Calls the fake Tripletex as an API client would: a session token, then Basic auth `0:<token>`. */
const tripletexRequest = async (page: Page, method: 'GET' | 'PUT', path: string) => {
  const expirationDate = addDays(osloToday(), 2);
  const session = await page.request.put(
    `${E2E_TRIPLETEX_URL}/token/session/:create?consumerToken=${TOKENS.consumer}&employeeToken=${TOKENS.employee}&expirationDate=${expirationDate}`,
  );
  expect(session.status(), await session.text()).toBe(200);
  const token = ((await session.json()) as { value: { token: string } }).value.token;
  const response = await page.request.fetch(`${E2E_TRIPLETEX_URL}${path}`, {
    method,
    headers: { authorization: `Basic ${Buffer.from(`0:${token}`).toString('base64')}` },
  });
  expect(response.status(), await response.text()).toBe(200);
  return response.json();
};

/** The accountant registers the invoice paid in full in Tripletex. */
const payInTripletex = async (page: Page, invoiceNumber: number, kroner: number) => {
  const today = osloToday();
  const found = (await tripletexRequest(
    page,
    'GET',
    `/invoice?invoiceDateFrom=${today}&invoiceDateTo=${addDays(today, 1)}&fields=id,invoiceNumber&count=1000`,
  )) as { values: { id: number; invoiceNumber: number }[] };
  const invoice = found.values.find((candidate) => candidate.invoiceNumber === invoiceNumber);
  expect(invoice, `invoice ${invoiceNumber} in Tripletex`).toBeDefined();
  const types = (await tripletexRequest(page, 'GET', '/invoice/paymentType?fields=id')) as {
    values: { id: number }[];
  };
  await tripletexRequest(
    page,
    'PUT',
    `/invoice/${invoice?.id}/:payment?paymentDate=${today}&paymentTypeId=${types.values[0]?.id}&paidAmount=${kroner}`,
  );
};

/** A valid organisation number (mod 11 check digit), new each run: Karm refuses a customer twice. */
const organisationNumber = () => {
  const weights = [3, 2, 7, 6, 5, 4, 3, 2];
  for (;;) {
    const digits = [8, 9, ...Array.from({ length: 6 }, () => Math.floor(Math.random() * 10))];
    const rest = digits.reduce((sum, digit, index) => sum + digit * (weights[index] ?? 0), 0) % 11;
    const check = rest === 0 ? 0 : 11 - rest;
    if (check < 10) return `${digits.join('')}${check}`;
  }
};

/** An offer with the 30 / 60 / 10 plan whose 60 % falls due when "Installed" is completed, made a project. */
const makeProject = async (session: ApiSession, page: Page, token: string, name: string) => {
  const customer = await session.request('customer:create', {
    name: `${name} kunde`,
    organizationNumber: organisationNumber(),
    email: 'kunde@e2e.test',
    invoiceEmail: 'faktura@e2e.test',
  });
  const columns = await session.request('process-columns:get', {});
  const installed = columns.find(
    (column) => column.invoice && column.type === 'completed' && column.nameEn === 'Installed',
  );
  if (!installed) throw new Error('the company has no "Installed" column with the invoice flag');
  const post = <T>(url: string, data: unknown) => postJson<T>(page, token, url, data);
  const offer = (await post('/api/offers', {
    projectName: name,
    projectAddress: 'Fakturaveien 7',
    customerId: customer.id,
    lines: [LINE],
  })) as { id: string };
  await post('/api/confirmations', {
    requestId: crypto.randomUUID(),
    entityType: 'offer',
    entityId: offer.id,
    paymentRules: [
      { description: 'Ved ordre', share: { type: 'percent', basisPoints: 3000 }, due: { kind: 'onOrder' } },
      {
        description: 'Ved montering',
        share: { type: 'percent', basisPoints: 6000 },
        due: { kind: 'processColumnCompleted', columnId: installed.id },
      },
      {
        description: 'Sluttoppgjør',
        share: { type: 'percent', basisPoints: 1000 },
        due: { kind: 'atDelivery' },
      },
    ],
  });
  // The customer is made in Tripletex on the way (the company keeps its customers there).
  const { projectId } = (await post(`/api/offers/${offer.id}/convert-to-project`, {
    createCustomerInAccounting: true,
  })) as { projectId: string };
  const project = await session.request('project:get', { id: projectId });
  const dated = await session.request('project:update', {
    id: project.id,
    version: project.version,
    // About 20 weeks ahead: far beyond the process lead time.
    changes: { deliveryDate: fridayWeeksAhead(osloToday(), 20) },
  });
  return { project: dated, installed };
};

test('a milestone invoiced through Tripletex turns not sent, pending payment, then paid after a sync', async ({
  page,
  consoleErrors,
}) => {
  test.setTimeout(150_000);
  const session = await apiSignIn(E2E_ADMINS.invoicesTripletex, E2E_PASSWORD);
  await session.request('user:update-profile', { locale: 'en' });
  try {
    const token = await signInPage(page, E2E_ADMINS.invoicesTripletex);
    const name = `E2E Tripletex-faktura ${Date.now()}`;
    const { project, installed } = await makeProject(session, page, token, name);
    const heading = `${project.number} ${project.name}`;

    // Complete the installation step in project control: the admin is told the part is ready to invoice.
    await page.goto('/project/control');
    await page.getByRole('radiogroup', { name: 'Whose projects' }).getByText('All', { exact: true }).click();
    await page.getByRole('textbox', { name: 'Search projects' }).fill(project.name);
    await expect(page.getByRole('rowheader')).toHaveCount(1);
    await page.getByRole('button', { name: `${installed.nameEn}, ${heading}:`, exact: false }).click();
    const step = page.getByRole('dialog', { name: `${installed.nameEn} — ${heading}` });
    await step.getByRole('textbox', { name: 'Completed' }).fill(formatDate(osloToday()));
    await step.getByRole('textbox', { name: 'Completed' }).press('Tab');
    await step.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Ready to invoice')).toBeVisible();
    await expect(
      page.getByText(new RegExp(`Project ${project.number} – ${name}: Ved montering`)),
    ).toBeVisible();
    await saveScreen(page, 'invoices-tripletex-ready-en');

    // Invoice the due part: first waiting for Tripletex and not sent, then sent by Tripletex.
    await page.goto(`/projects?open=${project.id}`);
    const dialog = page.getByRole('dialog', { name: new RegExp(`– ${name}$`) });
    await dialog.getByRole('tab', { name: 'Invoices' }).click();
    const part = dialog.locator('[data-square="1"]');
    await expect(part.getByText('Ready to invoice')).toBeVisible();
    await part.getByRole('button', { name: 'Create invoice' }).click();
    await expect(page.getByText('Invoice created', { exact: true })).toBeVisible();
    await expect(part.getByRole('img', { name: /Not sent/ })).toBeVisible();
    await expect(part.getByText('Waiting to be sent to Tripletex')).toBeVisible();
    await saveScreen(page, 'invoices-tripletex-not-sent-en');
    await expect(part.getByText(/^Invoice \d+ · Pending payment$/)).toBeVisible({ timeout: 30_000 });
    const numberText = (await part.getByText(/^Invoice \d+ · Pending payment$/).textContent()) ?? '';
    const invoiceNumber = Number(/Invoice (\d+)/.exec(numberText)?.[1]);
    await expect(
      part.getByText(/^Due \d{2}\.\d{2}\.\d{4} · outstanding 6\u00a0000,00\u00a0kr$/),
    ).toBeVisible();
    await saveScreen(page, 'invoices-tripletex-pending-en');

    // Paid in Tripletex; the next sync brings it home.
    await payInTripletex(page, invoiceNumber, 6_000);
    await session.request('accounting:sync-now', {});
    await expect(part.getByText(/^Invoice \d+ · Paid$/)).toBeVisible({ timeout: 30_000 });
    await saveScreen(page, 'invoices-tripletex-paid-en');

    // The same in Norwegian, and on a phone.
    await session.request('user:update-profile', { locale: 'nb' });
    await page.goto(`/projects?open=${project.id}`);
    const norwegian = page.getByRole('dialog', { name: new RegExp(`– ${name}$`) });
    await norwegian.getByRole('tab', { name: 'Fakturaer' }).click();
    await expect(norwegian.locator('[data-square="1"]').getByText(/^Faktura \d+ · Betalt$/)).toBeVisible();
    await expect(norwegian.locator('[data-square="0"]').getByText('Ingen faktura opprettet')).toBeVisible();
    await saveScreen(page, 'invoices-tripletex-paid-nb');
    // On a phone each part is a block of its own, nothing cut off at the right edge.
    await page.setViewportSize(PHONE);
    const onPhone = norwegian.locator('[data-square="1"]');
    await onPhone.scrollIntoViewIfNeeded();
    await expect(onPhone.getByText(/^Faktura \d+ · Betalt$/)).toBeInViewport();
    const box = await onPhone.boundingBox();
    expect((box?.x ?? 0) + (box?.width ?? PHONE.width + 1)).toBeLessThanOrEqual(PHONE.width);
    await saveScreen(page, 'invoices-tripletex-paid-nb-phone', { fullPage: false });
    expect(consoleErrors).toEqual([]);
  } finally {
    await session.request('user:update-profile', { locale: 'en' });
    session.close();
  }
});
