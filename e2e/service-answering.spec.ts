import { randomUUID } from 'node:crypto';
import type { Page as PageOf, ServiceItemDto, ServiceProjectSummaryDto } from '@karm/domain/contract';
import sharp from 'sharp';
import { apiSignIn } from './support/api';
import { expect, signInPage, test } from './support/fixtures';
import { saveScreen } from './support/screenshot';
import { E2E_PASSWORD, E2E_SERVICE_ANSWER_PROJECTS, E2E_SERVICE_ANSWER_USERS } from './support/users';
import { PHONE } from './support/viewports';

// Issue 19, answering (SPEC §2 route serviceItem, §5 comment and picture required): a technician on
// a phone opens a door's checklist from the service project, answers rows one at a time, picks
// "Ikke OK" on a row that asks for a comment, a picture and a deviation, takes the picture with the
// camera input, has the customer sign, and finds the deviation in quality control — in English and
// in Norwegian. The checklist itself is in the company's document language (Norwegian).

const TEMPLATE = 'Automatisk dør — årlig kontroll etter EN 16005';
const LOGBOOK_ROW = 'Loggbok finnes ved døren, forrige kontroll er signert';

const TEXTS = {
  en: {
    openChecklist: 'Open checklist',
    next: 'Next',
    all: 'All',
    saved: 'Answer saved',
    comment: 'Comment',
    takePicture: 'Take picture',
    save: 'Save “Ikke OK”',
    deviation: /Deviation \d+ created/,
    createsDeviation: 'This answer creates a deviation in quality control.',
    fault: 'Fault',
    saveSignature: 'Save signature',
    signature: 'Open Signature',
    progress: /\d+ of \d+ answered/,
    valueOf: 'Answer to Dørtype, fabrikat og modell',
  },
  nb: {
    openChecklist: 'Åpne sjekkliste',
    next: 'Neste',
    all: 'Alle',
    saved: 'Svaret er lagret',
    comment: 'Kommentar',
    takePicture: 'Ta bilde',
    save: 'Lagre «Ikke OK»',
    deviation: /Avvik \d+ opprettet/,
    createsDeviation: 'Dette svaret oppretter et avvik i kvalitetskontrollen.',
    fault: 'Feil',
    saveSignature: 'Lagre signatur',
    signature: 'Åpne Signatur',
    progress: /\d+ av \d+ besvart/,
    valueOf: 'Svar på Dørtype, fabrikat og modell',
  },
} as const;

/** A phone photo of the logbook: 1 600 × 1 200 JPEG. */
const photo = () =>
  sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#c8b48a' } })
    .composite([
      {
        input: Buffer.from(
          '<svg width="1600" height="1200"><rect x="300" y="200" width="1000" height="800" fill="#f5f1e6"/></svg>',
        ),
      },
    ])
    .jpeg()
    .toBuffer();

for (const locale of ['en', 'nb'] as const) {
  const texts = TEXTS[locale];
  const username =
    locale === 'en' ? E2E_SERVICE_ANSWER_USERS.technician : E2E_SERVICE_ANSWER_USERS.technicianNb;
  const projectName =
    locale === 'en' ? E2E_SERVICE_ANSWER_PROJECTS.technician : E2E_SERVICE_ANSWER_PROJECTS.technicianNb;

  test(`answers a checklist on a phone with a required comment, a picture and a signature (${locale})`, async ({
    page,
  }) => {
    test.setTimeout(150_000);
    const session = await apiSignIn(username, E2E_PASSWORD);
    try {
      await session.request('user:update-profile', { locale });
      const headers = { token: session.token };
      // The door to check: added to the technician's service project on the automatic door template.
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
      expect(template).toBeDefined();
      const added = await page.request.post('/api/service-project/template/add', {
        headers,
        data: {
          id: randomUUID(),
          serviceTemplateId: template?.id,
          projectId,
          name: 'Inngang nord',
          floor: '1',
        },
      });
      expect(added.status()).toBe(201);
      const item = (await added.json()) as ServiceItemDto;

      await page.setViewportSize(PHONE);
      await signInPage(page, username);
      await page.goto(`/service-project-details?projectId=${projectId}`);
      await page.getByRole('link', { name: `${texts.openChecklist}: #${item.number} Inngang nord` }).click();
      await expect(page).toHaveURL(new RegExp(`/serviceItem\\?id=${item.id}`));
      await expect(page.getByRole('heading', { name: `${item.number}. Inngang nord` })).toBeVisible();
      await expect(page.getByTestId('answer-progress')).toHaveText(texts.progress);

      // One row at a time on a phone: the door type, typed and kept when moving on.
      await page.getByRole('textbox', { name: texts.valueOf }).fill('Dorma ES 200, skyvedør');
      await page.getByRole('button', { name: texts.next }).click();
      await expect(page.getByText(texts.saved).first()).toBeVisible();
      await page.getByRole('button', { name: texts.next }).click();
      await page.getByRole('radio', { name: 'Automatisk' }).click();
      await expect(page.getByRole('radio', { name: 'Automatisk' })).toHaveAttribute('aria-checked', 'true');
      await page.getByRole('button', { name: texts.next }).click();

      // The logbook is missing: "Ikke OK" asks for a comment and a picture and raises a deviation.
      await expect(page.getByText(LOGBOOK_ROW)).toBeVisible();
      await page.getByRole('radio', { name: 'Ikke OK' }).click();
      await expect(page.getByText(texts.createsDeviation)).toBeVisible();
      const save = page.getByRole('button', { name: texts.save });
      await expect(save).toBeDisabled();
      await page.getByRole('textbox', { name: texts.comment }).fill('Loggboken er borte, ny er bestilt');
      await page
        .getByLabel(texts.takePicture)
        .setInputFiles({ name: 'IMG_2041.jpg', mimeType: 'image/jpeg', buffer: await photo() });
      await expect(page.getByRole('button', { name: /Open Picture|Åpne Bilde/ })).toBeVisible();
      await expect(page.getByRole('img', { name: /Picture|Bilde/ })).toBeVisible();
      await saveScreen(page, `service-answering-required-phone-${locale}`, { fullPage: false });
      await expect(save).toBeEnabled();
      await save.click();
      const deviationLink = page.getByRole('link', { name: texts.deviation });
      await expect(deviationLink).toBeVisible();
      await expect(page.getByTestId('item-status')).toHaveText(texts.fault);
      await saveScreen(page, `service-answering-deviation-phone-${locale}`, { fullPage: false });

      // All rows at once: the customer signs at the end of the checklist.
      await page
        .locator('label')
        .filter({ hasText: new RegExp(`^${texts.all}$`) })
        .click();
      const pad = page.getByTestId('signature-pad').first();
      await pad.scrollIntoViewIfNeeded();
      const box = await pad.boundingBox();
      expect(box).not.toBeNull();
      if (box) {
        await page.mouse.move(box.x + 30, box.y + 120);
        await page.mouse.down();
        for (let step = 1; step <= 12; step += 1) {
          await page.mouse.move(box.x + 30 + step * 22, box.y + 120 - Math.sin(step) * 50);
        }
        await page.mouse.up();
      }
      await page.getByRole('button', { name: texts.saveSignature }).first().click();
      await expect(page.getByRole('button', { name: texts.signature })).toBeVisible();
      await saveScreen(page, `service-answering-all-phone-${locale}`);

      // The same screen on a wide screen: all rows by group.
      await page.setViewportSize({ width: 1366, height: 900 });
      await page.evaluate(() => window.scrollTo(0, 0));
      await saveScreen(page, `service-answering-desktop-${locale}`, { fullPage: false });
      await page.setViewportSize(PHONE);

      // The deviation is in quality control, with the door and the row in its title.
      await page
        .getByRole('button', { name: /Open Picture|Åpne Bilde/ })
        .first()
        .scrollIntoViewIfNeeded();
      await deviationLink.click();
      await expect(page.getByText(new RegExp(`Inngang nord: ${LOGBOOK_ROW}`)).first()).toBeVisible();
    } finally {
      session.close();
    }
  });
}
