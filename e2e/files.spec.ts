import type { FileDto } from '@karm/domain/contract';
import type { Page } from '@playwright/test';
import { apiSignIn } from './support/api';
import { osloToday } from './support/dates';
import { expect, signInPage, test } from './support/fixtures';
import { saveScreen } from './support/screenshot';
import { E2E_BASE_URL, E2E_PASSWORD, E2E_USERS } from './support/users';
import { PHONE } from './support/viewports';

/**
 * A real one-page PDF the browser's viewer shows, padded past a kilobyte so its size shows a decimal
 * ("2.1 kB", "2,1 kB"). ASCII only, so the cross-reference offsets are string positions.
 */
const pdfSaying = (text: string) => {
  const content = `BT /F1 28 Tf 72 760 Td (${text}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let pdf = `%PDF-1.4\n${'% Karm journey padding\n'.repeat(80)}`;
  const offsets = objects.map((object, index) => {
    const offset = pdf.length;
    pdf += `${index + 1} 0 obj\n${object}\nendobj\n`;
    return offset;
  });
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  pdf += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'ascii');
};

/** An inquiry with one PDF document, made over the API as the inquiry dialog's Documents tab would. */
const inquiryWithDocument = async (username: string, projectName: string, fileName: string) => {
  const session = await apiSignIn(username, E2E_PASSWORD);
  try {
    const inquiry = await session.request('inquiry:create', { receivedDate: osloToday(), projectName });
    const form = new FormData();
    form.append('type', 'document');
    form.append('entityId', inquiry.id);
    form.append('file', new Blob([pdfSaying('Tegning fra Karm')], { type: 'application/pdf' }), fileName);
    const response = await fetch(`${E2E_BASE_URL}/api/file`, {
      method: 'POST',
      headers: { token: session.token },
      body: form,
    });
    expect(response.status).toBe(201);
    return { inquiry, file: (await response.json()) as FileDto };
  } finally {
    session.close();
  }
};

const signInWith = async (page: Page, username: string, locale: 'en' | 'nb') => {
  const session = await apiSignIn(username, E2E_PASSWORD);
  await session.request('user:update-profile', { locale });
  session.close();
  await signInPage(page, username);
};

test('finds an uploaded document under Files and previews it', async ({ page, consoleErrors }) => {
  const stamp = Date.now();
  const fileName = `tegning-${stamp}.pdf`;
  const { inquiry } = await inquiryWithDocument(E2E_USERS.files, `Villa Filsøk ${stamp}`, fileName);
  await signInWith(page, E2E_USERS.files, 'en');

  // The drawer's Files group leads to the list.
  const drawer = page.getByRole('navigation', { name: 'Main navigation' });
  await drawer.getByText('Files', { exact: true }).click();
  await drawer.getByRole('link', { name: 'All files' }).click();
  await expect(page).toHaveURL(/\/files$/);
  await expect(page.getByRole('heading', { name: 'Files' })).toBeVisible();

  await page.getByRole('textbox', { name: 'Search by name' }).fill(`tegning-${stamp}`);
  const row = page.getByRole('row').filter({ hasText: fileName });
  await expect(row).toHaveCount(1);
  await expect(page.getByRole('row')).toHaveCount(2);
  await expect(row.getByText(/^\d\.\d kB$/)).toBeVisible();
  await expect(
    row.getByRole('link', { name: `Open Inquiry ${inquiry.number} · Villa Filsøk ${stamp}` }),
  ).toHaveAttribute('href', `/inquiries?open=${inquiry.id}`);
  await saveScreen(page, 'files-en');

  await row.getByRole('button', { name: `Open ${fileName}` }).click();
  const viewer = page.getByRole('dialog', { name: fileName });
  await expect(viewer).toBeVisible();
  await expect(viewer.locator('iframe')).toHaveAttribute('src', /\/api\/file\?.*sig=/);
  await expect(viewer.getByRole('link', { name: 'Download' })).toBeVisible();
  await saveScreen(page, 'files-preview-en');
  await viewer.getByRole('button', { name: 'Close' }).first().click();
  await expect(viewer).toBeHidden();

  // What it belongs to opens from the row.
  await row.getByRole('link', { name: new RegExp(`Inquiry ${inquiry.number}`) }).click();
  await expect(page.getByRole('dialog', { name: new RegExp(`Inquiry ${inquiry.number}`) })).toBeVisible();
  expect(consoleErrors).toEqual([]);
});

test('Filer in Norwegian, and on a phone', async ({ page }) => {
  const stamp = Date.now();
  const fileName = `skisse-${stamp}.pdf`;
  await inquiryWithDocument(E2E_USERS.filesNb, `Hytte Filsøk ${stamp}`, fileName);
  await signInWith(page, E2E_USERS.filesNb, 'nb');
  await page.goto('/files');
  await expect(page.getByRole('heading', { name: 'Filer' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Søk på navn' }).fill(`skisse-${stamp}`);
  const row = page.getByRole('row').filter({ hasText: fileName });
  await expect(row.getByText(/^\d,\d kB$/)).toBeVisible();
  await expect(row.getByText(/^Forespørsel \d+ · Hytte Filsøk/)).toBeVisible();
  await saveScreen(page, 'files-nb');

  await page.setViewportSize(PHONE);
  await expect(row.getByRole('button', { name: `Åpne ${fileName}` })).toBeVisible();
  await saveScreen(page, 'files-phone', { fullPage: false });
  await row.getByRole('button', { name: `Åpne ${fileName}` }).click();
  await expect(page.getByRole('dialog', { name: fileName })).toBeVisible();
  await saveScreen(page, 'files-preview-phone', { fullPage: false });
});
