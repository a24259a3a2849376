import { randomUUID } from 'node:crypto';
import type { Page, ServiceItemDto, ServiceProjectSummaryDto } from '@karm/domain/contract';
import { apiSignIn } from './support/api';
import { addDays, formatDate, osloToday } from './support/dates';
import { expect, signInPage, test } from './support/fixtures';
import { saveScreen } from './support/screenshot';
import {
  E2E_ADMINS,
  E2E_PASSWORD,
  E2E_SERVICE_DISPATCH_PROJECTS,
  E2E_SERVICE_DISPATCH_USERS,
  E2E_SERVICE_DISPATCH_WORKERS,
} from './support/users';
import { PHONE } from './support/viewports';

// Issue 19, service assignment (the drawer item; /service-project-details without a project): a
// service leader finds an emergency door in the dispatch list, assigns it to a service worker for
// half a day today, and sees it in the resource planner in the project's colour — in English on a
// desktop and in Norwegian on a phone.

const DESKTOP = { width: 1366, height: 900 };
const TEMPLATE = 'Automatisk dør — årlig kontroll etter EN 16005';

const TEXTS = {
  en: {
    drawerItem: 'Service assignment',
    title: 'Service assignment',
    emergency: 'Emergency',
    search: 'Search by project, item or task',
    assign: (title: string) => `Assign ${title}`,
    dialog: 'Assign',
    worker: 'Service worker',
    half: '½ day',
    save: 'Save',
    booked: (name: string, date: string) => `Booked for ${name} on ${date}`,
    inPlanner: 'In the planner:',
    openPlanner: 'Open the planner',
    menu: 'Menu',
  },
  nb: {
    drawerItem: 'Serviceoppdrag',
    title: 'Serviceoppdrag',
    emergency: 'Akutt',
    search: 'Søk etter prosjekt, objekt eller oppgave',
    assign: (title: string) => `Tildel ${title}`,
    dialog: 'Tildel',
    worker: 'Servicetekniker',
    half: '½ dag',
    save: 'Lagre',
    booked: (name: string, date: string) => `Satt opp på ${name} ${date}`,
    inPlanner: 'I ressursplanen:',
    openPlanner: 'Åpne ressursplanen',
    menu: 'Meny',
  },
} as const;

for (const locale of ['en', 'nb'] as const) {
  const texts = TEXTS[locale];
  const journey = locale === 'en' ? 'leader' : 'leaderNb';
  const username = E2E_SERVICE_DISPATCH_USERS[journey];
  const worker = E2E_SERVICE_DISPATCH_WORKERS[journey];
  const workerName = `${worker.firstName} ${worker.lastName}`;
  const viewport = locale === 'en' ? DESKTOP : PHONE;

  test(`assigns an emergency item to a service worker and sees it in the planner (${locale})`, async ({
    page,
    consoleErrors,
  }) => {
    test.setTimeout(120_000);
    const session = await apiSignIn(username, E2E_PASSWORD);
    try {
      await session.request('user:update-profile', { locale });
      // The journey's service project, with a door of this run reported as an emergency.
      const suffix = randomUUID().slice(0, 6);
      const projects = await page.request.get(
        `/api/service-project/service-items/grouped-by-project?search=${encodeURIComponent(E2E_SERVICE_DISPATCH_PROJECTS[journey])}`,
        { headers: { token: session.token } },
      );
      const [summary] = ((await projects.json()) as Page<ServiceProjectSummaryDto>).items;
      expect(summary).toBeDefined();
      const project = { id: summary!.projectId, number: summary!.projectNumber };
      const templates = await session.request('admin-service:find-service-templates', {
        page: 1,
        pageSize: 50,
      });
      const template = templates.items.find((one) => one.name === TEMPLATE);
      expect(template).toBeDefined();
      const response = await page.request.post('/api/service-project/template/add', {
        headers: { token: session.token },
        data: {
          id: randomUUID(),
          serviceTemplateId: template?.id,
          projectId: project.id,
          name: `Nøddør ${suffix}`,
          floor: '2',
          location: { lat: 59.9331, lng: 10.7786 },
          emergencyType: 'emergency',
        },
      });
      expect(response.status(), await response.text()).toBe(201);
      const item = (await response.json()) as ServiceItemDto;
      const title = `${project.number}-${item.number} Nøddør ${suffix}`;

      await page.setViewportSize(viewport);
      await signInPage(page, username);
      // The drawer item opens the dispatch view.
      if (locale === 'nb') await page.getByRole('button', { name: texts.menu, exact: true }).click();
      await page.getByRole('link', { name: texts.drawerItem }).first().click();
      await expect(page).toHaveURL(/\/service-project-details$/);
      await expect(page.getByRole('heading', { name: texts.title })).toBeVisible();
      await page.getByRole('textbox', { name: texts.search }).fill(suffix);
      const entry = page.getByTestId('dispatch-entry').filter({ hasText: title });
      await expect(entry).toBeVisible();
      await expect(entry.getByText(`1. ${texts.emergency}`)).toBeVisible();
      await expect(page.getByTestId('service-map')).toBeVisible();
      await saveScreen(page, `service-dispatch-list-${locale}`, { fullPage: locale === 'en' });

      await entry.getByRole('button', { name: texts.assign(title) }).click();
      const dialog = page.getByRole('dialog', { name: texts.dialog });
      await dialog.getByRole('combobox', { name: texts.worker }).click();
      await page.getByRole('option', { name: workerName }).click();
      await dialog.getByText(texts.half).click();
      await saveScreen(page, `service-dispatch-assign-${locale}`, { fullPage: false });
      await dialog.getByRole('button', { name: texts.save, exact: true }).click();
      const today = formatDate(osloToday());
      await expect(page.getByText(texts.booked(workerName, today)).first()).toBeVisible();
      await expect(entry.getByTestId('dispatch-booked')).toHaveText(
        `${texts.inPlanner} ${workerName} ${today}`,
      );

      // The planner shows the booking on the worker's row today, named by project and item number.
      await page.getByRole('link', { name: texts.openPlanner }).click();
      await expect(page).toHaveURL(/\/planner\/\d{4}\/\d{1,2}$/);
      const row = page.getByRole('gridcell', {
        name: new RegExp(`^${workerName}, ${today.replaceAll('.', '\\.')}`),
      });
      await row.scrollIntoViewIfNeeded();
      await expect(row).toContainText(`${project.number}-${item.number}`);
      await expect(row.locator('[data-booking="serviceItem"]')).toBeVisible();
      await saveScreen(page, `service-dispatch-planner-${locale}`, { fullPage: false });
      expect(consoleErrors).toEqual([]);
    } finally {
      session.close();
    }
  });
}

// Issues 14, 17 and 19: a quarterly agreement whose last visit was made about three months ago has
// its next visit due within days. It lists once in service assignment as a due visit, the
// agreement's service worker has a suggested (dashed) plan in the planner, the leader accepts it,
// and the booking shows in the planner and on the calendar's layer of everybody's plans.
const VISIT_TEXTS = {
  en: {
    dueVisit: 'Due visit',
    accept: (title: string) => `Accept the suggested plan ${title}`,
    accepted: (name: string) => `Booked for ${name}`,
    plans: "Everybody's plans",
    next: /^Next/,
  },
  nb: {
    dueVisit: 'Forfalt besøk',
    accept: (title: string) => `Godta planforslaget ${title}`,
    accepted: (name: string) => `Booket for ${name}`,
    plans: 'Alles planer',
    next: /^Neste/,
  },
} as const;

for (const locale of ['en', 'nb'] as const) {
  const texts = { ...TEXTS[locale], ...VISIT_TEXTS[locale] };
  const journey = locale === 'en' ? 'leader' : 'leaderNb';
  const username = E2E_SERVICE_DISPATCH_USERS[journey];
  const worker = E2E_SERVICE_DISPATCH_WORKERS[journey];
  const workerName = `${worker.firstName} ${worker.lastName}`;

  test(`a due agreement visit is a dispatch entry and a suggested plan that is accepted (${locale})`, async ({
    page,
    consoleErrors,
  }) => {
    test.setTimeout(150_000);
    const session = await apiSignIn(username, E2E_PASSWORD);
    try {
      await session.request('user:update-profile', { locale });
      const headers = { token: session.token };
      const name = `E2E Avtale ${randomUUID().slice(0, 6)}`;
      const admin = await apiSignIn(E2E_ADMINS.serviceVisits, E2E_PASSWORD);
      const project = await admin
        .request('project:create', { name, isService: true } as never)
        .finally(() => admin.close());
      const workers = (await (await page.request.get('/api/employee/service', { headers })).json()) as {
        id: string;
        displayName: string;
      }[];
      const workerId = workers.find((one) => one.displayName === workerName)?.id;
      expect(workerId).toBeDefined();
      // The last visit 85 days ago: the next, a quarter on, is due within the week.
      const lastVisit = addDays(osloToday(), -85);
      const created = await page.request.post('/api/service-agreements', {
        headers,
        data: {
          projectId: project.id,
          serviceWorkerIds: [workerId],
          interval: 'quarterly',
          startDate: lastVisit,
        },
      });
      expect(created.status(), await created.text()).toBe(201);
      const agreement = (await created.json()) as { id: string; version: number };
      const done = await page.request.post(`/api/service-agreements/${agreement.id}/visits`, {
        headers,
        data: { version: agreement.version, date: lastVisit },
      });
      expect(done.status(), await done.text()).toBe(201);
      const title = `Service visit: ${project.number} ${name}`;

      await page.setViewportSize(locale === 'en' ? DESKTOP : PHONE);
      await signInPage(page, username);
      await page.goto('/service-project-details');
      if (locale === 'en') await page.getByText(texts.dueVisit, { exact: true }).click();
      await page.getByRole('textbox', { name: texts.search }).fill(name);
      const entry = page.getByTestId('dispatch-entry');
      await expect(entry).toHaveCount(1);
      await expect(entry.getByText(`1. ${texts.dueVisit}`)).toBeVisible();
      await expect(entry.getByTestId('dispatch-visit')).toContainText(workerName);
      await saveScreen(page, `service-dispatch-visit-${locale}`, { fullPage: locale === 'en' });

      // The planner: the suggestion is dashed on the worker's row until the leader accepts it.
      await page.goto('/planner');
      const suggestion = page.getByTestId('planner-suggestion').filter({ hasText: title });
      await expect(suggestion).toBeVisible();
      const day = (await suggestion.textContent())?.match(/\d{2}\.\d{2}\.\d{4}/)?.[0] ?? '';
      const cell = page.getByRole('gridcell', {
        name: new RegExp(`^${workerName}, ${day.replaceAll('.', '\\.')}`),
      });
      await cell.scrollIntoViewIfNeeded();
      await expect(cell.locator('[data-suggestion]').filter({ hasText: title })).toBeVisible();
      await saveScreen(page, `planner-suggestion-${locale}`, { fullPage: false });
      await suggestion.getByRole('button', { name: texts.accept(title) }).click();
      await expect(page.getByText(texts.accepted(workerName)).first()).toBeVisible();
      await expect(suggestion).toHaveCount(0);
      await expect(cell.locator('[data-suggestion]').filter({ hasText: title })).toHaveCount(0);
      await expect(cell).toContainText(title);

      // The calendar's layer of everybody's plans shows the booking on its day.
      // A phone opens the list view, which lists every entry of the month (no "+ more").
      await page.setViewportSize(PHONE);
      await page.goto('/calendar');
      // The layer choice is kept per user: switch it on only when a previous run left it off.
      const layer = page.locator('[data-layer="allPlans"]');
      await expect(layer).toBeAttached();
      if (!(await layer.isChecked())) await layer.locator('..').getByText(texts.plans).click();
      const month = day.split('.')[1];
      if (Number(month) !== Number(osloToday().slice(5, 7)))
        await page.locator('.karm-calendar').getByRole('button', { name: texts.next }).first().click();
      const planned = page.locator('.karm-calendar-allPlans', { hasText: title });
      await expect(planned).toBeVisible();
      await expect(planned).toContainText(workerName);
      await saveScreen(page, `calendar-plans-${locale}`, { fullPage: false });
      expect(consoleErrors).toEqual([]);
    } finally {
      session.close();
    }
  });
}
