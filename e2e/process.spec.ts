import type { ProcessColumnDto, ProjectDto } from '@karm/domain/contract';
import type { Page } from '@playwright/test';
// The pure rule files, not `@karm/domain/rules`: its index pulls in dayjs plugins, which Node's ESM
// loader (used by Playwright for node_modules) cannot resolve without file extensions.
import {
  deliveryDateOfWeek,
  earliestReachableDeliveryDate,
} from '../packages/domain/src/rules/delivery-weeks';
import { isoWeekOf } from '../packages/domain/src/rules/iso-week';
import { processDate } from '../packages/domain/src/rules/process-dates';
import { type ApiSession, apiSignIn } from './support/api';
import { fridayWeeksAhead } from './support/dates';
import { expect, signInPage, test } from './support/fixtures';
import { saveScreen } from './support/screenshot';
import { E2E_BASE_URL, E2E_PASSWORD, E2E_USERS } from './support/users';

// The journeys share two users and switch their language, so they run one after another.
test.describe.configure({ mode: 'default' });

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

/** The business date (`YYYY-MM-DD`) of an instant in Oslo, as the server's clock reads it. */
const osloDateOf = (instant: Date | number) =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/Oslo',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(instant);

/** dd.MM.yyyy, as the app shows dates. */
const formatDate = (date: string) => date.split('-').reverse().join('.');

/** Sets the user's language over the API, then signs the page in (the app applies the profile's language). */
const signInWithLocale = async (page: Page, username: string, locale: 'en' | 'nb') => {
  const session = await apiSignIn(username, E2E_PASSWORD);
  await session.request('user:update-profile', { locale });
  session.close();
  await signInPage(page, username);
};

const withSession = async <T>(username: string, action: (session: ApiSession) => Promise<T>) => {
  const session = await apiSignIn(username, E2E_PASSWORD);
  try {
    return await action(session);
  } finally {
    session.close();
  }
};

/**
 * A project of the journey user's own (so "Mine" shows it), delivering about 20 weeks from now — far
 * beyond the process lead time — and the company's process columns in grid order.
 */
const createProject = (name: string) =>
  withSession(E2E_USERS.process, async (session) => {
    const { user } = await session.request('user:check-logged-in', session.token);
    const employees = await session.request('employee:get', {});
    const own = employees.find((employee) => employee.userId === user.id);
    if (!own) throw new Error(`${E2E_USERS.process} has no employee record`);
    const deliveryDate = fridayWeeksAhead(osloDateOf(new Date()), 20);
    const project = await session.request('project:create', {
      name,
      projectManagerId: own.id,
      deliveryDate,
    });
    const columns = [...(await session.request('process-columns:get', {}))].sort(
      (left, right) => left.position - right.position,
    );
    return { project, columns };
  });

const cell = (page: Page, columnName: string, project: ProjectDto) =>
  page.getByRole('button', { name: `${columnName}, ${project.number} ${project.name}:`, exact: false });

/** Opens project control with only this project in view. */
const openGrid = async (page: Page, project: ProjectDto, options: { all?: boolean; nb?: boolean } = {}) => {
  await page.goto('/project/control');
  await expect(
    page.getByRole('heading', { level: 1, name: options.nb ? 'Prosjektkontroll' : 'Project control' }),
  ).toBeVisible();
  if (options.all) {
    await page
      .getByRole('radiogroup', { name: options.nb ? 'Hvem sine prosjekter' : 'Whose projects' })
      .getByText(options.nb ? 'Alle' : 'All', { exact: true })
      .click();
  }
  await page
    .getByRole('textbox', { name: options.nb ? 'Søk etter prosjekter' : 'Search projects' })
    .fill(project.name);
  await expect(page.getByRole('rowheader', { name: new RegExp(project.name) })).toBeVisible();
  await expect(page.getByRole('rowheader')).toHaveCount(1);
};

const firstOf = (columns: ProcessColumnDto[], type: ProcessColumnDto['type']) => {
  const column = columns.find((candidate) => candidate.type === type);
  if (!column) throw new Error(`the company has no ${type} process column`);
  return column;
};

test('choose a delivery week, edit a cell, and a second browser sees both without reloading', async ({
  page,
  browser,
  consoleErrors,
}) => {
  test.setTimeout(120_000);
  const stamp = Date.now();
  const { project, columns } = await createProject(`E2E Prosess ${stamp}`);
  const first = columns[0]!;
  const completed = firstOf(columns, 'completed');

  // The second browser (a colleague) watches everybody's projects, filtered to the new one.
  const otherContext = await browser.newContext({
    baseURL: E2E_BASE_URL,
    locale: 'en-GB',
    timezoneId: 'Europe/Oslo',
  });
  const other = await otherContext.newPage();
  await signInWithLocale(other, E2E_USERS.processSecond, 'en');
  await openGrid(other, project, { all: true });
  await other.evaluate(() => Object.assign(window, { karmNotReloaded: true }));

  await signInWithLocale(page, E2E_USERS.process, 'en');
  await openGrid(page, project);
  const original = project.deliveryDate!;
  await expect(cell(page, first.nameEn, project)).toContainText(
    formatDate(processDate(original, first.factor)),
  );
  await expect(
    page.getByRole('rowheader').getByText(`${formatDate(original)} · week ${isoWeekOf(original).week}`),
  ).toBeVisible();
  await saveScreen(page, 'process-en-grid');

  // Move the delivery two weeks (both far beyond the lead time): every process date moves with it.
  const { year, week } = isoWeekOf(original);
  const newWeek = week <= 50 ? week + 2 : week - 2;
  const newDelivery = deliveryDateOfWeek(year, newWeek);
  await page.getByRole('button', { name: `Delivery week for ${project.number} ${project.name}` }).click();
  const weekDialog = page.getByRole('dialog', { name: `Delivery week — ${project.number} ${project.name}` });
  await expect(
    weekDialog.getByRole('button', { name: `Week ${week}, ${formatDate(original)}` }),
  ).toHaveAttribute('aria-pressed', 'true');
  await saveScreen(page, 'process-en-delivery-week');
  await weekDialog.getByRole('button', { name: `Week ${newWeek}, ${formatDate(newDelivery)}` }).click();
  await expect(
    page.getByText(`Delivery date set to ${formatDate(newDelivery)} (week ${newWeek})`),
  ).toBeVisible();
  await expect(weekDialog).toBeHidden();
  for (const column of columns) {
    await expect(cell(page, column.nameEn, project)).toContainText(
      formatDate(processDate(newDelivery, column.factor)),
    );
  }
  await expect(cell(other, first.nameEn, project)).toContainText(
    formatDate(processDate(newDelivery, first.factor)),
  );

  // Edit a cell: a completed date and a comment.
  const today = osloDateOf(new Date());
  const comment = `Tegninger sendt ${stamp}`;
  await cell(page, completed.nameEn, project).click();
  const editDialog = page.getByRole('dialog', {
    name: `${completed.nameEn} — ${project.number} ${project.name}`,
  });
  await expect(editDialog.getByRole('textbox', { name: 'Process date' })).toHaveValue(
    formatDate(processDate(newDelivery, completed.factor)),
  );
  await editDialog.getByRole('textbox', { name: 'Completed' }).fill(formatDate(today));
  await editDialog.getByRole('textbox', { name: 'Completed' }).press('Tab');
  await editDialog.getByRole('textbox', { name: 'Comment' }).fill(comment);
  await saveScreen(page, 'process-en-edit');
  await editDialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Process saved')).toBeVisible();
  await expect(editDialog).toBeHidden();
  const edited = cell(page, completed.nameEn, project);
  await expect(edited).toHaveAttribute('data-state', 'done');
  await expect(edited).toHaveAttribute('title', comment);
  await expect(edited).toContainText(`✓ ${formatDate(today)}`);
  await saveScreen(page, 'process-en-grid-edited');

  // The colleague's grid got the pushes, without a reload.
  const seen = cell(other, completed.nameEn, project);
  await expect(seen).toHaveAttribute('data-state', 'done');
  await expect(seen).toHaveAttribute('title', comment);
  await expect(seen).toHaveAccessibleName(/has a comment$/);
  expect(await other.evaluate(() => 'karmNotReloaded' in window)).toBe(true);
  await saveScreen(other, 'process-en-second-browser');
  await otherContext.close();
  expect(consoleErrors).toEqual([]);
});

test('a week the process cannot reach gets postponed, with the message', async ({ page }) => {
  const stamp = Date.now();
  const { project, columns } = await createProject(`E2E Utsatt ${stamp}`);
  const realToday = osloDateOf(new Date());
  // A page whose clock is six weeks behind the server's offers weeks the server knows are too early —
  // as a page left open since then would. The server then postpones to the first reachable week.
  const staleNow = Date.now() - 6 * WEEK_MS;
  const staleToday = osloDateOf(staleNow);
  const tooEarly = earliestReachableDeliveryDate({ today: staleToday, columns });
  const postponed = earliestReachableDeliveryDate({ today: realToday, columns });
  expect(tooEarly < postponed).toBe(true);

  await signInWithLocale(page, E2E_USERS.process, 'en');
  await page.clock.setFixedTime(staleNow);
  await openGrid(page, project);
  await page.getByRole('button', { name: `Delivery week for ${project.number} ${project.name}` }).click();
  const dialog = page.getByRole('dialog', { name: `Delivery week — ${project.number} ${project.name}` });

  // The picker opens on the delivery's year; go to the year of the too-early week.
  const target = isoWeekOf(tooEarly);
  const shown = isoWeekOf(project.deliveryDate!).year;
  for (let year = shown; year > target.year; year -= 1)
    await dialog.getByRole('button', { name: 'Previous year' }).click();
  for (let year = shown; year < target.year; year += 1)
    await dialog.getByRole('button', { name: 'Next year' }).click();
  const earlyWeek = dialog.getByRole('button', { name: `Week ${target.week}, ${formatDate(tooEarly)}` });
  await expect(earlyWeek).toBeEnabled();
  if (target.week > 1) {
    const before = deliveryDateOfWeek(target.year, target.week - 1);
    await expect(
      dialog.getByRole('button', { name: `Week ${target.week - 1}, ${formatDate(before)}` }),
    ).toBeDisabled();
  }
  await earlyWeek.click();

  const alert = dialog.getByRole('alert');
  await expect(alert).toContainText('Not possible to reach delivery date; delivery date will get postponed');
  await expect(alert).toContainText(
    `New delivery date: ${formatDate(postponed)} (week ${isoWeekOf(postponed).week})`,
  );
  await saveScreen(page, 'process-en-postponed');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(
    page.getByRole('rowheader').getByText(`${formatDate(postponed)} · week ${isoWeekOf(postponed).week}`),
  ).toBeVisible();

  const saved = await withSession(E2E_USERS.process, (session) =>
    session.request('project:get', { id: project.id }),
  );
  expect(saved.deliveryDate).toBe(postponed);
});

test('project control in Norwegian', async ({ page }) => {
  const stamp = Date.now();
  const { project, columns } = await createProject(`E2E Norsk prosess ${stamp}`);
  const completed = firstOf(columns, 'completed');
  const ordered = firstOf(columns, 'orderedReceived');
  try {
    await signInWithLocale(page, E2E_USERS.process, 'nb');
    await openGrid(page, project, { nb: true });
    await expect(page.getByRole('columnheader', { name: completed.nameNo, exact: true })).toBeVisible();
    await expect(
      page
        .getByRole('rowheader')
        .getByText(`${formatDate(project.deliveryDate!)} · uke ${isoWeekOf(project.deliveryDate!).week}`),
    ).toBeVisible();
    await saveScreen(page, 'process-nb-grid');

    await page.getByRole('button', { name: `Leveringsuke for ${project.number} ${project.name}` }).click();
    const weekDialog = page.getByRole('dialog', { name: `Leveringsuke — ${project.number} ${project.name}` });
    await expect(weekDialog.getByText(/Prosessen trenger \d+ uker?/)).toBeVisible();
    await saveScreen(page, 'process-nb-delivery-week');
    await weekDialog.getByRole('button', { name: 'Avbryt' }).click();

    await page
      .getByRole('button', { name: `${ordered.nameNo}, ${project.number} ${project.name}:`, exact: false })
      .click();
    const editDialog = page.getByRole('dialog', {
      name: `${ordered.nameNo} — ${project.number} ${project.name}`,
    });
    await expect(editDialog.getByRole('textbox', { name: 'Bestilt' })).toBeVisible();
    await expect(editDialog.getByRole('textbox', { name: 'Mottatt' })).toBeVisible();
    await editDialog.getByRole('textbox', { name: 'Bestilt' }).fill(formatDate(osloDateOf(new Date())));
    // Moving on to the comment closes the calendar (Tab would open the next date field's calendar).
    await editDialog.getByRole('textbox', { name: 'Kommentar' }).fill('Bestilt hos leverandør');
    await saveScreen(page, 'process-nb-edit');
    await editDialog.getByRole('button', { name: 'Lagre' }).click();
    await expect(page.getByText('Prosessen er lagret')).toBeVisible();
    await expect(
      page.getByRole('button', {
        name: `${ordered.nameNo}, ${project.number} ${project.name}:`,
        exact: false,
      }),
    ).toContainText(`Bestilt ${formatDate(osloDateOf(new Date()))}`);
  } finally {
    // Leave the shared user in English for whatever runs next.
    await withSession(E2E_USERS.process, (session) =>
      session.request('user:update-profile', { locale: 'en' }),
    );
  }
});

test('a project opens from its name in the grid, over the grid', async ({ page, consoleErrors }) => {
  const { project } = await createProject(`E2E Åpne prosjekt ${Date.now()}`);
  await signInWithLocale(page, E2E_USERS.process, 'en');
  await openGrid(page, project);
  await page.getByRole('button', { name: `Open project ${project.number} ${project.name}` }).click();
  const dialog = page.getByRole('dialog', { name: `Project ${project.number} – ${project.name}` });
  await expect(dialog).toBeVisible();
  await saveScreen(page, 'process-project-dialog');
  await dialog.getByRole('button', { name: 'Close' }).first().click();
  await expect(page.getByRole('rowheader', { name: new RegExp(project.name) })).toBeVisible();
  expect(consoleErrors).toEqual([]);
});
