import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type {
  DownloadLinkDto,
  FileDto,
  Page as PageOf,
  ServiceDataFullDto,
  ServiceItemDto,
  ServiceProjectSummaryDto,
  ServiceReportDto,
} from '@karm/domain/contract';
import sharp from 'sharp';
import { apiSignIn } from './support/api';
import { expect, signInPage, test } from './support/fixtures';
import { saveImageBesideScreens, saveScreen } from './support/screenshot';
import { E2E_PASSWORD, E2E_SERVICE_REPORT_PROJECTS, E2E_SERVICE_REPORT_USERS } from './support/users';
import { PHONE } from './support/viewports';

// Issue 19, the service report and the per-door logbook: a technician's door has an answered
// checklist with a picture and a deviation; on a phone the technician makes the visit's report,
// signed by the customer; on a desktop the report is listed on the service project, opens in the
// viewer, and its PDF's pages are rendered with pdftoppm (and read with pdftotext); the door's
// logbook shows the visit, and prints through /print — in English and in Norwegian.

const run = promisify(execFile);
const DESKTOP = { width: 1366, height: 900 };
const TEMPLATE = 'Automatisk dør — årlig kontroll etter EN 16005';
const LOGBOOK_ROW = 'Loggbok finnes ved døren, forrige kontroll er signert';

const TEXTS = {
  en: {
    make: 'Make service report',
    dialog: 'Make the service report',
    signedName: "Customer's name",
    saveSignature: 'Save signature',
    signatureAdded: 'Signature added',
    save: 'Save',
    made: /Service report \d+ made/,
    reports: 'Service reports',
    open: 'Open report',
    logbook: 'Logbook',
    print: 'Print',
    languageName: 'English',
    pdf: ['Service report', 'Deviations found', "Customer's signature", 'Signed by: Kari Kunde'],
  },
  nb: {
    make: 'Lag servicerapport',
    dialog: 'Lag servicerapporten',
    signedName: 'Kundens navn',
    saveSignature: 'Lagre signatur',
    signatureAdded: 'Signatur lagt til',
    save: 'Lagre',
    made: /Servicerapport \d+ laget/,
    reports: 'Servicerapporter',
    open: 'Åpne rapport',
    logbook: 'Loggbok',
    print: 'Skriv ut',
    languageName: 'Norsk (bokmål)',
    pdf: ['Servicerapport', 'Avvik funnet', 'Kundens signatur', 'Signert av: Kari Kunde'],
  },
} as const;

const photo = () =>
  sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#7d8f69' } })
    .jpeg()
    .toBuffer();

for (const locale of ['en', 'nb'] as const) {
  const texts = TEXTS[locale];
  const username =
    locale === 'en' ? E2E_SERVICE_REPORT_USERS.technician : E2E_SERVICE_REPORT_USERS.technicianNb;
  const projectName =
    locale === 'en' ? E2E_SERVICE_REPORT_PROJECTS.technician : E2E_SERVICE_REPORT_PROJECTS.technicianNb;

  test(`makes a signed service report, reads its PDF pages and the door's logbook (${locale})`, async ({
    page,
    consoleErrors,
  }) => {
    test.setTimeout(180_000);
    const session = await apiSignIn(username, E2E_PASSWORD);
    const scratch = await mkdtemp(path.join(tmpdir(), 'karm-report-'));
    try {
      await session.request('user:update-profile', { locale });
      const headers = { token: session.token };
      const projects = (await (
        await page.request.get(
          `/api/service-project/service-items/grouped-by-project?search=${encodeURIComponent(projectName)}`,
          { headers },
        )
      ).json()) as PageOf<ServiceProjectSummaryDto>;
      const projectId = projects.items[0]?.projectId as string;
      const templates = await session.request('admin-service:find-service-templates', {
        page: 1,
        pageSize: 50,
      });
      const template = templates.items.find((entry) => entry.name === TEMPLATE);
      // The door, with its logbook row answered "Ikke OK": a comment, a picture and a deviation.
      const doorName = `Dør ${randomUUID().slice(0, 4)}`;
      const added = await page.request.post('/api/service-project/template/add', {
        headers,
        data: { id: randomUUID(), serviceTemplateId: template?.id, projectId, name: doorName, floor: '2' },
      });
      expect(added.status()).toBe(201);
      const item = (await added.json()) as ServiceItemDto;
      const data = (await (
        await page.request.get(`/api/service-project/data/full?serviceItemId=${item.id}`, { headers })
      ).json()) as ServiceDataFullDto;
      const row = data.groups.flatMap((group) => group.rows).find((entry) => entry.name === LOGBOOK_ROW);
      const uploaded = await page.request.post('/api/file', {
        headers,
        multipart: {
          type: 'service-picture',
          file: { name: 'loggbok.jpg', mimeType: 'image/jpeg', buffer: await photo() },
        },
      });
      expect(uploaded.status()).toBe(201);
      const answered = await page.request.post('/api/service-project/user-service-answer', {
        headers,
        data: {
          serviceItemId: item.id,
          projectRowId: row?.id,
          projectServiceAnswerId: row?.answers.find((answer) => answer.name === 'Ikke OK')?.id,
          comment: 'Loggboken mangler',
          pictureId: ((await uploaded.json()) as FileDto).id,
        },
      });
      expect(answered.status()).toBe(201);

      // On the phone: the report, signed by the customer.
      await page.setViewportSize(PHONE);
      await signInPage(page, username);
      await page.goto(`/service-project-details?projectId=${projectId}`);
      await page.getByRole('button', { name: texts.make }).click();
      const dialog = page.getByRole('dialog', { name: texts.dialog });
      await dialog.getByRole('textbox', { name: texts.signedName }).fill('Kari Kunde');
      const pad = dialog.getByTestId('signature-pad');
      await pad.scrollIntoViewIfNeeded();
      const box = (await pad.boundingBox())!;
      await page.mouse.move(box.x + 30, box.y + 100);
      await page.mouse.down();
      for (let step = 1; step <= 10; step += 1) {
        await page.mouse.move(box.x + 30 + step * 20, box.y + 100 - Math.sin(step) * 40);
      }
      await page.mouse.up();
      await dialog.getByRole('button', { name: texts.saveSignature }).click();
      // The demo company writes its documents in Norwegian: this customer reads the user's language.
      await dialog.getByText(texts.languageName, { exact: true }).click();
      await expect(dialog.getByText(texts.signatureAdded)).toBeVisible();
      await saveScreen(page, `service-report-dialog-phone-${locale}`, { fullPage: false });
      await dialog.getByRole('button', { name: texts.save, exact: true }).click();
      await expect(page.getByText(texts.made)).toBeVisible();
      const reports = page.getByRole('table', { name: texts.reports });
      await expect(reports.getByTestId('service-report').first()).toBeVisible();
      await saveScreen(page, `service-report-list-phone-${locale}`);

      // On a desktop: the list, the viewer, and the PDF's pages.
      await page.setViewportSize(DESKTOP);
      const listed = (await (
        await page.request.get(`/api/service-project/service-report?projectId=${projectId}`, { headers })
      ).json()) as PageOf<ServiceReportDto>;
      const report = listed.items[0] as ServiceReportDto;
      expect(report).toMatchObject({ signedName: 'Kari Kunde', skippedPictureCount: 0 });
      expect(report.pictureCount).toBeGreaterThanOrEqual(1);
      await page.getByRole('button', { name: `${texts.open}: ${report.fileName}` }).click();
      const viewer = page.getByRole('dialog', { name: report.fileName });
      await expect(viewer.locator('iframe')).toBeVisible();
      await saveScreen(page, `service-report-viewer-desktop-${locale}`, { fullPage: false });
      await viewer
        .getByRole('button', { name: /Close|Lukk/ })
        .first()
        .click();

      const link = (await (
        await page.request.post('/api/download-links', {
          headers,
          data: { kind: 'service-report-pdf', id: report.id },
        })
      ).json()) as DownloadLinkDto;
      const pdf = await page.request.get(link.url);
      expect(pdf.status()).toBe(200);
      const pdfPath = path.join(scratch, 'report.pdf');
      await writeFile(pdfPath, await pdf.body());
      await run('pdftoppm', ['-png', '-r', '60', pdfPath, path.join(scratch, 'page')]);
      const pages = (await readdir(scratch)).filter((file) => file.endsWith('.png'));
      expect(pages.length).toBeGreaterThanOrEqual(1);
      for (const file of pages.sort()) {
        const image = await sharp(path.join(scratch, file)).metadata();
        // A4 portrait at 60 dpi: 496 × 702 pixels (pdftoppm rounds up a part of a pixel).
        expect(Math.abs((image.width ?? 0) - 496)).toBeLessThanOrEqual(1);
        expect(Math.abs((image.height ?? 0) - 702)).toBeLessThanOrEqual(1);
      }
      // The first page kept beside the screenshots, to look at.
      await saveImageBesideScreens(
        `service-report-pdf-page1-${locale}`,
        await sharp(path.join(scratch, pages.sort()[0] as string))
          .png()
          .toBuffer(),
      );
      const { stdout: text } = await run('pdftotext', ['-layout', pdfPath, '-']);
      for (const expected of [...texts.pdf, 'Loggbok finnes', 'Loggboken mangler'])
        expect(text).toContain(expected);
      expect(text).toContain(doorName);

      // The door's logbook: the visit, and the same on the print page.
      await page
        .getByRole('link', { name: new RegExp(`^${texts.logbook}: #${item.number} ${doorName}`) })
        .click();
      await expect(page).toHaveURL(new RegExp(`/service-logbook\\?serviceItemId=${item.id}`));
      const visit = page.getByTestId('logbook-visit').first();
      await expect(visit).toContainText(LOGBOOK_ROW);
      await expect(visit).toContainText('Loggboken mangler');
      await expect(visit.getByText('Ikke OK', { exact: true })).toBeVisible();
      await saveScreen(page, `service-logbook-desktop-${locale}`);
      await page.setViewportSize(PHONE);
      await saveScreen(page, `service-logbook-phone-${locale}`);
      await page.setViewportSize(DESKTOP);
      await page.getByRole('link', { name: texts.print }).click();
      await expect(page).toHaveURL(/\/print\?sheet=service-logbook/);
      await expect(page.getByRole('heading', { name: new RegExp(doorName) })).toBeVisible();
      await expect(page.getByTestId('logbook-visit').first()).toContainText(LOGBOOK_ROW);
      // Printed straight after a page load, the sheet has its texts too.
      await page.reload();
      await expect(page.getByRole('heading', { name: new RegExp(doorName) })).toBeVisible();
      await expect(page.getByTestId('logbook-visit').first()).toContainText(LOGBOOK_ROW);
      await saveScreen(page, `service-logbook-print-${locale}`);
      expect(consoleErrors).toEqual([]);
    } finally {
      session.close();
      await rm(scratch, { recursive: true, force: true });
    }
  });
}
