import type { ServiceAgreementOfProjectDto, ServiceTemplateDto } from '@karm/domain/contract';
import { addMonths } from '../packages/domain/src/rules/service-agreements';
import { apiSignIn } from './support/api';
import { formatDate, osloToday } from './support/dates';
import { expect, signInPage, test } from './support/fixtures';
import { saveScreen } from './support/screenshot';
import { E2E_PASSWORD, E2E_SERVICE_AGREEMENT_PROJECTS, E2E_SERVICE_AGREEMENT_USERS } from './support/users';
import { PHONE } from './support/viewports';

// Issue 19, service agreements: a leader on a phone opens the service agreement dialog from a service
// project's details, makes a quarterly agreement with a service worker, a price and the project's
// door, marks the first visit done, and sees the next visit a quarter later — in the dialog, on the
// details screen's button and in the "service due" list — in English and in Norwegian.

const DESKTOP = { width: 1366, height: 900 };
const TEMPLATE = 'Automatisk dør — årlig kontroll etter EN 16005';

const TEXTS = {
  en: {
    projectsTab: 'Service projects',
    close: 'Close',
    agreement: 'Service agreement',
    workers: 'Service workers',
    interval: 'Interval',
    quarterly: 'Quarterly',
    perVisit: 'Price per visit',
    items: 'Service items covered',
    contact: 'Contact for notices',
    save: 'Save',
    saved: 'Service agreement saved',
    visitsTab: 'Visits',
    mark: 'Mark visit done',
    visitDone: (date: string) => `Visit recorded: next visit ${date}`,
    nextOnButton: (date: string) => `Agreement · next visit ${date}`,
    due: 'Service due',
    within: 'Due within',
    weeks: '26 weeks',
  },
  nb: {
    projectsTab: 'Serviceprosjekter',
    close: 'Lukk',
    agreement: 'Serviceavtale',
    workers: 'Serviceteknikere',
    interval: 'Intervall',
    quarterly: 'Kvartalsvis',
    perVisit: 'Pris per besøk',
    items: 'Serviceobjekter som omfattes',
    contact: 'Kontakt for varsler',
    save: 'Lagre',
    saved: 'Serviceavtalen er lagret',
    visitsTab: 'Besøk',
    mark: 'Marker besøket som utført',
    visitDone: (date: string) => `Besøket er registrert: neste besøk ${date}`,
    nextOnButton: (date: string) => `Avtale · neste besøk ${date}`,
    due: 'Service som forfaller',
    within: 'Forfaller innen',
    weeks: '26 uker',
  },
} as const;

for (const locale of ['en', 'nb'] as const) {
  const texts = TEXTS[locale];
  const username =
    locale === 'en' ? E2E_SERVICE_AGREEMENT_USERS.leader : E2E_SERVICE_AGREEMENT_USERS.leaderNb;
  const projectName =
    locale === 'en' ? E2E_SERVICE_AGREEMENT_PROJECTS.leader : E2E_SERVICE_AGREEMENT_PROJECTS.leaderNb;

  test(`a quarterly agreement shows the next visit after a completed one (${locale})`, async ({
    page,
    consoleErrors,
  }) => {
    test.setTimeout(120_000);
    const session = await apiSignIn(username, E2E_PASSWORD);
    try {
      await session.request('user:update-profile', { locale });
      await page.setViewportSize(PHONE);
      await signInPage(page, username);

      // A leader lands on the service assignment; the service projects are its second tab.
      await page.goto('/service-project-details?tab=projects');
      await expect(page.getByRole('tab', { name: texts.projectsTab })).toHaveAttribute(
        'aria-selected',
        'true',
      );
      await page.getByRole('textbox').first().fill(projectName);
      await page.getByRole('link', { name: new RegExp(projectName) }).click();
      await expect(page).toHaveURL(/projectId=/);
      const projectId = new URL(page.url()).searchParams.get('projectId') as string;

      // The project has one door, placed as the service work screen does.
      const templates = await session.request('admin-service:find-service-templates', {
        page: 1,
        pageSize: 50,
      });
      const template = templates.items.find((one: ServiceTemplateDto) => one.name === TEMPLATE);
      const added = await page.request.post('/api/service-project/template/add', {
        headers: { token: session.token },
        data: { id: crypto.randomUUID(), serviceTemplateId: template?.id, projectId, name: 'Hovedinngang' },
      });
      expect(added.status(), await added.text()).toBe(201);

      await page.getByTestId('open-service-agreement').click();
      const dialog = page.getByRole('dialog', { name: new RegExp(texts.agreement) });
      await expect(dialog).toBeVisible();
      await dialog.getByLabel(texts.workers, { exact: true }).click();
      await page.getByRole('option').first().click();
      await page.keyboard.press('Escape');
      await dialog.getByRole('combobox', { name: texts.interval }).click();
      await page.getByRole('option', { name: texts.quarterly }).click();
      await dialog.getByRole('textbox', { name: texts.perVisit }).fill('4850');
      await dialog.getByLabel(texts.items, { exact: true }).click();
      await page.getByRole('option', { name: /Hovedinngang/ }).click();
      await page.keyboard.press('Escape');
      await dialog.getByRole('textbox', { name: texts.contact }).fill('Kari Bakken');
      await saveScreen(page, `service-agreement-form-phone-${locale}`, { fullPage: false });
      await dialog.getByRole('button', { name: texts.save, exact: true }).click();
      await expect(page.getByText(texts.saved)).toBeVisible();

      // The first visit is the start date (today); done today, the next falls a quarter later.
      const today = osloToday();
      const next = formatDate(addMonths(today, 3));
      await dialog.getByRole('tab', { name: texts.visitsTab }).click();
      await expect(dialog.getByTestId('agreement-next-visit')).toHaveText(formatDate(today));
      await dialog.getByRole('button', { name: texts.mark }).click();
      await expect(page.getByText(texts.visitDone(next))).toBeVisible();
      await dialog.getByRole('tab', { name: texts.visitsTab }).click();
      await expect(dialog.getByTestId('agreement-next-visit')).toHaveText(next);
      await expect(dialog.getByTestId('agreement-last-visit')).toHaveText(formatDate(today));
      await saveScreen(page, `service-agreement-visits-phone-${locale}`, { fullPage: false });

      const stored = await page.request.get(`/api/service-agreements/of-project?projectId=${projectId}`, {
        headers: { token: session.token },
      });
      const { agreement } = (await stored.json()) as ServiceAgreementOfProjectDto;
      expect(agreement).toMatchObject({
        interval: 'quarterly',
        pricePerVisitOre: 485_000,
        lastVisitDate: today,
      });
      expect(agreement?.itemIds).toHaveLength(1);

      await dialog.getByRole('button', { name: texts.close }).click();
      await expect(page.getByTestId('open-service-agreement')).toHaveText(texts.nextOnButton(next));
      await saveScreen(page, `service-agreement-button-phone-${locale}`, { fullPage: false });

      // The due list, a quarter and more ahead, shows the project's next visit.
      await page.goto('/service-due');
      await expect(page.getByRole('heading', { name: texts.due })).toBeVisible();
      await page.getByRole('combobox', { name: texts.within }).click();
      await page.getByRole('option', { name: texts.weeks }).click();
      const row = page.locator(`tr[data-due-project="${projectName}"]`);
      await expect(row).toContainText(next);
      await saveScreen(page, `service-due-phone-${locale}`, { fullPage: false });
      await page.setViewportSize(DESKTOP);
      await saveScreen(page, `service-due-desktop-${locale}`);
      await row.click();
      await expect(page.getByRole('dialog', { name: new RegExp(texts.agreement) })).toBeVisible();
      await saveScreen(page, `service-agreement-desktop-${locale}`);
      expect(consoleErrors).toEqual([]);
    } finally {
      session.close();
    }
  });
}
