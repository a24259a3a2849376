import { randomUUID } from 'node:crypto';
import type {
  InvoiceConfirmationDto,
  Page as PageOf,
  ServiceItemDto,
  ServiceProjectSummaryDto,
} from '@karm/domain/contract';
import { apiSignIn } from './support/api';
import { expect, signInPage, test } from './support/fixtures';
import { saveScreen } from './support/screenshot';
import { E2E_EXPENSE_ADMIN, E2E_EXPENSE_PROJECTS, E2E_EXPENSE_USERS, E2E_PASSWORD } from './support/users';
import { PHONE } from './support/viewports';

// Issue 19, parts and hours: a technician on a phone records a part and the hours used on a service
// item; they show on the project's "Parts and hours" tab and in the project's invoice plan (its total
// grows by them with VAT) — in English and in Norwegian. The products are the demo company's own.

const TEMPLATE = 'Automatisk dør — årlig kontroll etter EN 16005';

const TEXTS = {
  en: {
    section: 'Parts and hours',
    add: 'Add part or hours',
    search: 'Search by name or number',
    quantity: /Quantity/,
    submit: 'Add',
    saved: 'Saved: the part or hours are on the project and its invoice plan',
    tab: 'Parts and hours',
    carries: 'The invoice plan includes every part and hour listed here.',
  },
  nb: {
    section: 'Deler og timer',
    add: 'Legg til del eller timer',
    search: 'Søk på navn eller nummer',
    quantity: /Antall/,
    submit: 'Legg til',
    saved: 'Lagret: delen eller timene ligger på prosjektet og i fakturaplanen',
    tab: 'Deler og timer',
    carries: 'Fakturaplanen tar med alle deler og timer som står her.',
  },
} as const;

for (const locale of ['en', 'nb'] as const) {
  const texts = TEXTS[locale];
  const username = locale === 'en' ? E2E_EXPENSE_USERS.technician : E2E_EXPENSE_USERS.technicianNb;
  const projectName = locale === 'en' ? E2E_EXPENSE_PROJECTS.technician : E2E_EXPENSE_PROJECTS.technicianNb;

  test(`a technician records a part and hours on a service item, carried to the invoice plan (${locale})`, async ({
    page,
    consoleErrors,
  }) => {
    test.setTimeout(150_000);
    const session = await apiSignIn(username, E2E_PASSWORD);
    const admin = await apiSignIn(E2E_EXPENSE_ADMIN, E2E_PASSWORD);
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
      expect(projectId, projectName).toBeTruthy();
      const templates = await session.request('admin-service:find-service-templates', {
        page: 1,
        pageSize: 50,
      });
      const template = templates.items.find((entry) => entry.name === TEMPLATE);
      const added = await page.request.post('/api/service-project/template/add', {
        headers,
        data: {
          id: randomUUID(),
          serviceTemplateId: template?.id,
          projectId,
          name: 'Varemottak',
          floor: '0',
        },
      });
      expect(added.status()).toBe(201);
      const item = (await added.json()) as ServiceItemDto;

      // The administrator planned the project's invoicing (once: a rerun finds the plan made).
      const planOf = async () => {
        const answer = await page.request.get(`/api/invoices-confirmations/project/${projectId}`, {
          headers: { token: admin.token },
        });
        return ((await answer.json()) as InvoiceConfirmationDto[]).find(
          (order) => order.confirmationKind === 'invoicePlan',
        );
      };
      if (!(await planOf())) {
        await admin.request('invoice-plan:save', {
          projectId,
          version: null,
          requestId: randomUUID(),
          paymentRules: [
            {
              description: 'Etter service',
              share: { type: 'percent', basisPoints: 10_000 },
              due: { kind: 'onOrder' },
            },
          ],
        });
      }
      const totalBefore = (await planOf())?.total ?? 0;

      await page.setViewportSize(PHONE);
      await signInPage(page, username);
      await page.goto(`/serviceItem?id=${item.id}`);
      const section = page.getByRole('region', { name: texts.section });
      await expect(section.getByRole('heading', { name: texts.section })).toBeVisible();

      const record = async (search: string, option: RegExp, quantity: string) => {
        await section.getByRole('button', { name: texts.add }).click();
        await section.getByPlaceholder(texts.search).fill(search);
        await page.getByRole('option', { name: option }).click();
        const field = section.getByRole('textbox', { name: texts.quantity });
        await field.fill(quantity);
        await section.getByRole('button', { name: texts.submit, exact: true }).click();
        await expect(page.getByText(texts.saved).first()).toBeVisible();
      };
      // Two brush strips (385 kr each) and one and a half hours (950 kr an hour).
      await record('Børsteliste', /BL-200 Børsteliste 200 cm/, '2');
      await record('Servicetime', /T-1 Servicetime montør/, '1,5');
      const cards = section.getByTestId('expense-card');
      await expect(cards).toHaveCount(2);
      await expect(section.getByTestId('item-expenses-sum')).toContainText('2\u00a0195,00\u00a0kr');
      await saveScreen(page, `expenses-item-${locale}-phone`, { fullPage: true });

      // On the project: its Parts and hours tab lists them.
      await page.goto(`/serviceProjects?open=${projectId}`);
      const dialog = page.getByRole('dialog', { name: new RegExp(projectName) });
      await dialog.getByRole('tab', { name: texts.tab }).click();
      await expect(dialog.getByTestId('project-expense')).toHaveCount(2);
      await expect(dialog.getByText(texts.carries)).toBeVisible();
      await expect(dialog.getByTestId('project-expenses-sum')).toContainText('2\u00a0195,00\u00a0kr');
      await saveScreen(page, `expenses-project-${locale}-phone`, { fullPage: false });

      // In the invoice plan: its total grew by both, with VAT 25 %.
      expect(((await planOf())?.total ?? 0) - totalBefore).toBe(2_743_75);
      expect(consoleErrors).toEqual([]);
    } finally {
      session.close();
      admin.close();
    }
  });
}
