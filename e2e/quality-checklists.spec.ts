import type { Locator, Page } from '@playwright/test';
import { apiSignIn } from './support/api';
import { expect, signInPage, test } from './support/fixtures';
import { saveScreen } from './support/screenshot';
import { E2E_CHECKLIST_USERS, E2E_PASSWORD, E2E_QUALITY_USERS } from './support/users';
import { PHONE } from './support/viewports';

// Issue 16, quality checklists: an administrator has built a quality checklist in the template
// editor; a leader opens a project, runs the checklist at a process step, answers an item "not OK",
// raises a deviation from it in one click, signs the checklist with a drawn signature and sees the
// signed PDF listed on the project's documents. In English and in Norwegian, on a desktop and a phone.

const TEXTS = {
  en: {
    projectsSearch: 'Search projects',
    allProjects: 'All',
    whose: 'Whose projects',
    qualityTab: 'Quality',
    run: 'Run checklist',
    startTitle: 'Run a checklist',
    template: 'Checklist template',
    step: 'Process step',
    inspection: 'Inspection',
    save: 'Save',
    notOk: 'Ikke OK',
    ok: 'OK',
    comment: 'Comment',
    raise: 'Raise deviation',
    deviation: /Deviation \d+/,
    complete: 'Complete and sign',
    signTitle: 'Complete and sign',
    signedName: 'Signed by',
    completedToast: /Checklist \d+ completed and signed/,
    showPdf: 'Show PDF',
    completed: 'Completed',
    filesSearch: 'Search by name',
    search: 'Search',
    close: 'Close',
  },
  nb: {
    projectsSearch: 'Søk etter prosjekter',
    allProjects: 'Alle',
    whose: 'Hvem sine prosjekter',
    qualityTab: 'Kvalitet',
    run: 'Kjør sjekkliste',
    startTitle: 'Kjør en sjekkliste',
    template: 'Sjekklistemal',
    step: 'Prosesssteg',
    inspection: 'Kontroll',
    save: 'Lagre',
    notOk: 'Ikke OK',
    ok: 'OK',
    comment: 'Kommentar',
    raise: 'Opprett avvik',
    deviation: /Avvik \d+/,
    complete: 'Fullfør og signer',
    signTitle: 'Fullfør og signer',
    signedName: 'Signert av',
    completedToast: /Sjekkliste \d+ fullført og signert/,
    showPdf: 'Vis PDF',
    completed: 'Fullført',
    filesSearch: 'Søk på navn',
    search: 'Søk',
    close: 'Lukk',
  },
} as const;

const pick = async (page: Page, field: Locator, option: string) => {
  await field.click();
  await page.getByRole('option', { name: option, exact: true }).click();
};

/** An administrator's checklist template (purpose "checklist") with two items, and a project. */
const prepare = async (stamp: number, locale: 'en' | 'nb') => {
  const admin = await apiSignIn(E2E_QUALITY_USERS.manager, E2E_PASSWORD);
  try {
    const create = (input: object) => admin.request('admin-service:create', input as never);
    let template = await create({
      entity: 'template',
      name: `E2E Før levering ${locale} ${stamp}`,
      info: '',
      purpose: 'checklist',
    });
    template = await create({ entity: 'group', templateId: template.id, name: 'Dører' });
    const groupId = template.groups[0]!.id;
    for (const name of ['Karm i lodd', 'Glass uten riper']) {
      template = await create({ entity: 'row', groupId, name, type: 'singleAnswer' });
      const rowId = template.groups[0]!.rows.at(-1)!.id;
      await create({ entity: 'answer', rowId, name: 'OK', color: '#2f9e44' });
      await create({
        entity: 'answer',
        rowId,
        name: 'Ikke OK',
        color: '#e03131',
        isCommentRequired: true,
        isDeviationRequired: true,
      });
    }
    const project = await admin.request('project:create', {
      name: `E2E Sjekkliste ${locale} ${stamp}`,
    } as never);
    return { templateName: template.name, project: project as { id: string; number: number; name: string } };
  } finally {
    admin.close();
  }
};

for (const locale of ['en', 'nb'] as const) {
  test(`a checklist is run on a project, raises a deviation and is signed as a PDF (${locale})`, async ({
    page,
  }) => {
    test.setTimeout(150_000);
    const texts = TEXTS[locale];
    const stamp = Date.now();
    const { templateName, project } = await prepare(stamp, locale);
    const session = await apiSignIn(E2E_CHECKLIST_USERS[locale], E2E_PASSWORD);
    await session.request('user:update-profile', { locale });
    session.close();
    await signInPage(page, E2E_CHECKLIST_USERS[locale]);

    // The project's Quality tab: its deviations and checklists; a checklist is run on it.
    await page.goto('/projects');
    await page.getByLabel(texts.whose).getByText(texts.allProjects, { exact: true }).click();
    await page.getByRole('textbox', { name: texts.projectsSearch }).fill(String(stamp));
    await page.getByRole('row').filter({ hasText: project.name }).click();
    const projectDialog = page.getByRole('dialog', { name: new RegExp(project.name) });
    await projectDialog.getByRole('tab', { name: texts.qualityTab }).click();
    await projectDialog.getByRole('button', { name: texts.run }).click();
    const start = page.getByRole('dialog', { name: texts.startTitle });
    await pick(page, start.getByRole('combobox', { name: texts.template }), templateName);
    await pick(page, start.getByRole('combobox', { name: texts.step }), texts.inspection);
    await saveScreen(page, `quality-checklist-start-${locale}`);
    await start.getByRole('button', { name: texts.save }).click();

    const run = page.getByRole('dialog', { name: new RegExp(templateName) });
    await expect(run).toBeVisible();
    const frame = run.locator('[data-checklist-item="Karm i lodd"]');
    await frame.getByRole('button', { name: texts.ok, exact: true }).click();
    await expect(frame.getByRole('button', { name: texts.ok, exact: true })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    const glass = run.locator('[data-checklist-item="Glass uten riper"]');
    await glass.getByRole('textbox', { name: texts.comment }).fill('Ripe i nedre rute');
    await glass.getByRole('button', { name: texts.notOk }).click();
    await expect(glass.getByRole('button', { name: texts.notOk })).toHaveAttribute('aria-pressed', 'true');

    // One click raises the deviation, prefilled from the item and the project; it opens to refine.
    await glass.getByRole('button', { name: texts.raise }).click();
    const deviation = page.getByRole('dialog', { name: /Glass uten riper/ }).last();
    await expect(deviation.getByRole('textbox', { name: /Title|Tittel/ })).toHaveValue('Glass uten riper');
    await saveScreen(page, `quality-checklist-deviation-${locale}`);
    await deviation.getByRole('button', { name: texts.close }).first().click();
    await expect(glass.getByRole('button', { name: texts.deviation })).toBeVisible();
    await saveScreen(page, `quality-checklist-run-${locale}`);

    // Signed with a drawn signature; the PDF is kept on the project.
    await run.getByRole('button', { name: texts.complete }).click();
    const sign = page.getByRole('dialog', { name: texts.signTitle });
    await expect(sign.getByRole('textbox', { name: texts.signedName })).not.toHaveValue('');
    const pad = sign.locator('[data-signature-pad]');
    const box = (await pad.boundingBox())!;
    await page.mouse.move(box.x + 20, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 3, box.y + 15, { steps: 5 });
    await page.mouse.move(box.x + box.width / 2, box.y + box.height - 15, { steps: 5 });
    await page.mouse.up();
    await saveScreen(page, `quality-checklist-sign-${locale}`);
    await sign.getByRole('button', { name: texts.save }).click();
    await expect(page.getByText(texts.completedToast)).toBeVisible();
    await expect(run.locator('[data-completed]')).toBeVisible();
    await run.getByRole('button', { name: texts.showPdf }).click();
    const viewer = page.locator('iframe[title^="Sjekkliste"], iframe[title^="Checklist"]');
    await expect(viewer).toBeVisible();
    const pdf = await page.request.get((await viewer.getAttribute('src')) ?? '');
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    await page.keyboard.press('Escape');

    // The signed PDF is among the project's documents.
    await page.goto('/files');
    await page.getByRole('textbox', { name: texts.filesSearch }).fill('sjekkliste-');
    await expect(page.getByRole('row').filter({ hasText: project.name }).first()).toBeVisible();

    // The Checklists tab lists it as completed; the phone shows the same.
    await page.goto('/quality?tab=checklists');
    await page.getByRole('textbox', { name: texts.search, exact: true }).fill(String(stamp));
    await expect(
      page.getByRole('row').filter({ hasText: templateName }).getByText(texts.completed),
    ).toBeVisible();
    await saveScreen(page, `quality-checklists-list-${locale}`);
    await page.setViewportSize(PHONE);
    await page.getByRole('row').filter({ hasText: templateName }).click();
    await expect(page.getByRole('dialog', { name: new RegExp(templateName) })).toBeVisible();
    await saveScreen(page, `quality-checklist-phone-${locale}`);
  });
}
