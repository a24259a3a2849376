import type { ProjectDto } from '@karm/domain/contract';
import type { Page } from '@playwright/test';
// The pure rule file, not `@karm/domain/rules` (see support/dates.ts).
import { isoWeekOf, isoWeeksInYear, startOfIsoWeek } from '../packages/domain/src/rules/iso-week';
import { type ApiSession, apiSignIn } from './support/api';
import { addDays, formatDate, osloToday } from './support/dates';
import { expect, signInPage, test } from './support/fixtures';
import { saveScreen } from './support/screenshot';
import { E2E_PASSWORD, E2E_PLANNER_USERS } from './support/users';
import { PHONE } from './support/viewports';

/**
 * The resource planner (issue 14), in a company of its own where each journey books its own
 * employees: booking seen live in a second browser, the overbooking question, push off into a task,
 * across the year end, the selection over a reload, work groups in the admin tab, a removed project
 * taking its plans, Norwegian, and a phone.
 */

const today = osloToday();
const thisWeek = isoWeekOf(today);
const monday = startOfIsoWeek(thisWeek.year, thisWeek.week);
/** The fortnight's days from this Monday: 0–6 this week, 7–13 the next. */
const dayOf = (index: number) => addDays(monday, index);

const LEADER = E2E_PLANNER_USERS.leader.username;
const ADMIN = E2E_PLANNER_USERS.admin.username;

// Journeys here open two browsers or prepare bookings over the API first: a minute each.
test.describe.configure({ timeout: 60_000 });

const cell = (page: Page, employee: string, date: string) =>
  page.getByRole('gridcell', {
    name: new RegExp(`^${employee}, ${formatDate(date).replaceAll('.', '\\.')}`),
  });

const withSession = async <T>(username: string, action: (session: ApiSession) => Promise<T>) => {
  const session = await apiSignIn(username, E2E_PASSWORD);
  try {
    return await action(session);
  } finally {
    session.close();
  }
};

/** A project of the planner company, made by its administrator; names are unique per run. */
const createProject = (
  admin: ApiSession,
  name: string,
  extra: { noteToPlanner?: string; deliveryDate?: string } = {},
) => admin.request('project:create', { name: `${name} ${Date.now() % 100_000}`, ...extra });

/** Books a project for a whole day on an employee's day over the API, as another leader would. */
const bookOverApi = async (admin: ApiSession, employee: string, date: string, project: ProjectDto) => {
  const planner = await admin.request('planner:get', isoWeekOf(date));
  const employeeId = planner.employees.find((candidate) => candidate.name === employee)?.id;
  if (!employeeId) throw new Error(`${employee} is not in the planner`);
  const version =
    planner.cells.find((candidate) => candidate.employeeId === employeeId && candidate.date === date)
      ?.version ?? 0;
  await admin.request('plan:add', {
    cells: [{ employeeId, date, version }],
    subject: { kind: 'project', projectId: project.id },
    dayPart: 4,
  });
};

const openPlanner = async (page: Page, username: string, path = '/planner') => {
  await signInPage(page, username);
  await page.goto(path);
  await expect(page.getByRole('grid')).toBeVisible();
};

test('books a project for two employees for half a day; a second browser sees it at once; prints the weeks', async ({
  page,
  browser,
}) => {
  const project = await withSession(ADMIN, (admin) =>
    createProject(admin, 'Skolebygg Nord', {
      noteToPlanner: 'Ring byggeleder først',
      deliveryDate: addDays(today, 2),
    }),
  );
  const watcherContext = await browser.newContext();
  const watcher = await watcherContext.newPage();
  await openPlanner(watcher, E2E_PLANNER_USERS.watcher.username);
  await openPlanner(page, LEADER);
  await expect(
    page.getByRole('columnheader', { name: `Week ${thisWeek.week}, ${thisWeek.year}` }),
  ).toBeVisible();

  const date = dayOf(8);
  await cell(page, 'Anne Booking', date).click();
  await cell(page, 'Bjørn Booking', date).click({ modifiers: ['Control'] });
  await expect(page.getByText('2 cells selected')).toBeVisible();
  await page.getByRole('button', { name: 'Book…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Book 2 cells' });
  await expect(dialog.getByText('2 cells: Anne Booking, Bjørn Booking.')).toBeVisible();
  await dialog.getByRole('combobox', { name: /Project/ }).fill(String(project.number));
  await page.getByRole('option', { name: `${project.number} – ${project.name}` }).click();
  await dialog.getByText('½ day').click();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('2 cells booked')).toBeVisible();
  await expect(dialog).toBeHidden();

  // The other leader's planner shows it without a reload, with the note to the planner.
  for (const name of ['Anne Booking', 'Bjørn Booking']) {
    const booked = cell(watcher, name, date);
    await expect(booked).toContainText(String(project.number));
    await expect(booked).toContainText('½');
    await expect(booked).toHaveAttribute('title', /Ring byggeleder først/);
  }
  await expect(watcher.locator(`[data-project-id="${project.id}"]`)).toContainText(
    formatDate(addDays(today, 2)),
  );
  await saveScreen(page, 'planner-booked-en', { fullPage: false });
  await watcherContext.close();

  // The week sheet for the workshop wall: the same fortnight on /print, A4 landscape, no drawer.
  await page.getByRole('link', { name: 'Print' }).click();
  await expect(page).toHaveURL(/\/print\?sheet=planner&year=\d+&week=\d+/);
  await expect(page.getByRole('heading', { name: new RegExp(`weeks ${thisWeek.week} and`) })).toBeVisible();
  await expect(page.getByRole('rowheader', { name: 'Anne Booking' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: /main navigation/i })).toHaveCount(0);
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('button', { name: 'Print' })).toBeHidden();
  await saveScreen(page, 'planner-print-en');
});

test('asks before a day holds more than a whole day, and shows the overbooking in red', async ({ page }) => {
  const date = dayOf(9);
  const second = await withSession(ADMIN, async (admin) => {
    await bookOverApi(admin, 'Olav Overbook', date, await createProject(admin, 'Barnehage Øst'));
    return createProject(admin, 'Kontorbygg Vest');
  });
  await openPlanner(page, LEADER);
  await cell(page, 'Olav Overbook', date).click();
  await page.getByRole('button', { name: 'Book…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Book 1 cell' });
  await dialog.getByRole('combobox', { name: /Project/ }).fill(String(second.number));
  await page.getByRole('option', { name: `${second.number} – ${second.name}` }).click();
  await dialog.getByRole('button', { name: 'Save' }).click();
  const question = page.getByRole('dialog', { name: 'Book more than a whole day?' });
  await expect(question.getByText(`Olav Overbook, ${formatDate(date)}: 2`)).toBeVisible();
  await question.getByRole('button', { name: 'Book anyway' }).click();
  await expect(page.getByText('1 cell booked')).toBeVisible();
  const overbooked = cell(page, 'Olav Overbook', date);
  await expect(overbooked).toHaveAttribute('data-overbooked', 'true');
  await expect(overbooked).toHaveAttribute('aria-label', /overbooked: 2 days/);
});

test('pushes a project off; a booking that finds no free working day becomes a task', async ({ page }) => {
  // The second week's Thursday is pushed off; its Friday is full and the weekend is no working day.
  const thursday = dayOf(10);
  const [pushed, full] = await withSession(ADMIN, async (admin) => {
    const projects = [
      await createProject(admin, 'Rådhusgata skyvedør'),
      await createProject(admin, 'Sagdalen skole'),
    ] as const;
    await bookOverApi(admin, 'Petra Pushoff', thursday, projects[0]);
    await bookOverApi(admin, 'Petra Pushoff', dayOf(11), projects[1]);
    return projects;
  });
  await openPlanner(page, LEADER);
  await cell(page, 'Petra Pushoff', thursday).click();
  await page.getByRole('button', { name: 'Push off…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Push off' });
  await expect(dialog.getByText(`up to ${formatDate(dayOf(13))}`)).toBeVisible();
  await dialog.getByRole('button', { name: 'Save' }).click();
  const result = page.getByRole('dialog', { name: 'Bookings that became tasks' });
  await expect(
    result.getByText(`${pushed.number} ${pushed.name} — Petra Pushoff, ${formatDate(thursday)}`),
  ).toBeVisible();
  await result.getByRole('button', { name: 'Close' }).click();
  // The cell now holds the task instead of the booking.
  const emptied = cell(page, 'Petra Pushoff', thursday);
  await expect(emptied).toHaveAttribute('aria-label', new RegExp(`Task: ${pushed.number} ${pushed.name}`));
  await expect(cell(page, 'Petra Pushoff', dayOf(11))).toContainText(String(full.number));
});

test('browses to week 1 of next year and back by ISO weeks', async ({ page }) => {
  const year = thisWeek.year;
  const last = isoWeeksInYear(year);
  await openPlanner(page, LEADER, `/planner/${year}/${last}`);
  await expect(page.getByRole('columnheader', { name: `Week 1, ${year + 1}` })).toBeVisible();
  await page.getByRole('link', { name: /^Next week/ }).click();
  await expect(page).toHaveURL(`/planner/${year + 1}/1`);
  await expect(page.getByRole('columnheader', { name: `Week 2, ${year + 1}` })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: /New Year's Day/ })).toHaveCount(
    // 1 January falls in week 1 unless it is a Friday to Sunday (then it belongs to the last week).
    isoWeekOf(`${year + 1}-01-01`).week === 1 ? 1 : 0,
  );
  await page.getByRole('link', { name: /^Previous week/ }).click();
  await expect(page).toHaveURL(`/planner/${year}/${last}`);
  await page.getByRole('link', { name: /^Previous week/ }).click();
  await expect(page).toHaveURL(`/planner/${year}/${last - 1}`);
  await expect(page.getByRole('columnheader', { name: `Week ${last - 1}, ${year}` })).toBeVisible();
  await page.getByRole('link', { name: 'This week' }).click();
  await expect(page).toHaveURL(`/planner/${thisWeek.year}/${thisWeek.week}`);
});

test('keeps the selected cells over a reload', async ({ page }) => {
  await openPlanner(page, LEADER);
  const stored = () => page.evaluate(() => localStorage.getItem('karm:planner'));
  const before = await stored();
  await cell(page, 'Rita Reload', dayOf(7)).click();
  await cell(page, 'Rita Reload', dayOf(9)).click({ modifiers: ['Shift'] });
  await expect(page.getByText('3 cells selected')).toBeVisible();
  // The encrypted store has written the selection before the page goes away.
  await expect.poll(stored).not.toBe(before);
  await page.reload();
  await expect(page.getByText('3 cells selected')).toBeVisible();
  await expect(cell(page, 'Rita Reload', dayOf(8))).toHaveAttribute('aria-selected', 'true');
  await cell(page, 'Rita Reload', dayOf(8)).press('Escape');
  await expect(page.getByText('No cells selected')).toBeVisible();
});

test('an administrator moves an employee to another work group; the planner regroups', async ({ page }) => {
  await signInPage(page, ADMIN);
  await page.goto('/admin?tab=resource-planner');
  const groups = page.locator('[data-collection="workGroup"]');
  await expect(groups.getByText('Installation')).toBeVisible();
  const select = page.getByRole('combobox', { name: 'Work group of Mona Mover' });
  await expect(select).toHaveValue('produksjon');
  await select.selectOption('service');
  await expect(page.getByText('Mona Mover moved to Service')).toBeVisible();
  await saveScreen(page, 'planner-admin-work-groups-en');
  await page.goto('/planner');
  await expect(page.getByRole('grid')).toBeVisible();
  // The row sits under the Service heading now.
  const groupOfMona = await page.evaluate(() => {
    const row = [...document.querySelectorAll('tr')].find((tr) => tr.textContent?.startsWith('Mona Mover'));
    let previous = row?.previousElementSibling;
    while (previous && !previous.querySelector('th[scope="colgroup"]'))
      previous = previous.previousElementSibling;
    return previous?.textContent ?? null;
  });
  expect(groupOfMona).toMatch(/^Service \(\d+\)$/);
  await withSession(ADMIN, async (session) => {
    const members = await session.request('planner:work-group-members');
    const mona = members.find((member) => member.name === 'Mona Mover');
    if (mona) {
      await session.request('planner:assign-work-group', {
        employeeId: mona.id,
        version: mona.version,
        workGroup: 'produksjon',
      });
    }
  });
});

test('deleting a project asks with the count of its plans, and open planners let them go', async ({
  page,
  browser,
}) => {
  const project = await withSession(ADMIN, async (admin) => {
    const made = await createProject(admin, 'Riving lager');
    await bookOverApi(admin, 'Randi Remove', dayOf(7), made);
    await bookOverApi(admin, 'Randi Remove', dayOf(8), made);
    return made;
  });
  const watcherContext = await browser.newContext();
  const watcher = await watcherContext.newPage();
  await openPlanner(watcher, E2E_PLANNER_USERS.watcher.username);
  await expect(cell(watcher, 'Randi Remove', dayOf(8))).toContainText(String(project.number));

  await signInPage(page, ADMIN);
  await page.goto(`/projects?open=${project.id}`);
  const dialog = page.getByRole('dialog', { name: `Project ${project.number} – ${project.name}` });
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog', { name: 'Delete?' }).getByRole('button', { name: 'Delete' }).click();
  const question = page.getByRole('dialog', { name: 'The project has active plans' });
  await expect(question.getByText('The project has 2 active plans; remove them too?')).toBeVisible();
  await question.getByRole('button', { name: 'Delete with plans' }).click();
  await expect(page.getByText(`Project ${project.number} deleted`)).toBeVisible();
  await expect(cell(watcher, 'Randi Remove', dayOf(8))).not.toContainText(String(project.number));
  await expect(cell(watcher, 'Randi Remove', dayOf(7))).toHaveAttribute('aria-label', /: free$/);
  await watcherContext.close();
});

test('the planner in Norwegian: book an absence, then the week sheet', async ({ page }) => {
  const username = E2E_PLANNER_USERS.norwegian.username;
  await withSession(username, (session) => session.request('user:update-profile', { locale: 'nb' }));
  await openPlanner(page, username);
  await expect(page.getByRole('heading', { name: 'Ressursplanlegger' })).toBeVisible();
  await expect(page.getByRole('link', { name: /^Forrige uke/ })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: /^Montasje \(\d+\)$/ })).toBeVisible();
  const date = dayOf(7);
  await cell(page, 'Nils Norsk', date).click();
  await expect(page.getByText('1 celle valgt')).toBeVisible();
  await page.getByRole('button', { name: 'Book …' }).click();
  const dialog = page.getByRole('dialog', { name: 'Book 1 celle' });
  await dialog.getByText('Fravær').click();
  await dialog.getByText('Ferie').click();
  await dialog.getByText('½ dag').click();
  await saveScreen(page, 'planner-book-dialog-nb', { fullPage: false });
  await dialog.getByRole('button', { name: 'Lagre' }).click();
  await expect(page.getByText('1 celle booket')).toBeVisible();
  await expect(cell(page, 'Nils Norsk', date)).toContainText('Ferie');
  await saveScreen(page, 'planner-nb', { fullPage: false });
  await page.getByRole('link', { name: 'Skriv ut' }).click();
  await expect(
    page.getByRole('heading', { name: new RegExp(`^Ressursplanlegger — uke ${thisWeek.week} og`) }),
  ).toBeVisible();
  await expect(page.getByText('Ferie ½')).toHaveCount(0);
  await expect(page.getByText(/½\s*Ferie/)).toBeVisible();
  await saveScreen(page, 'planner-print-nb');
});

test.describe('on a phone', () => {
  test.use({ viewport: PHONE, hasTouch: true, isMobile: true });

  test('a tap selects a cell; the grid scrolls sideways with the names in view', async ({ page }) => {
    await openPlanner(page, LEADER);
    const target = cell(page, 'Tor Touch', dayOf(1));
    await target.scrollIntoViewIfNeeded();
    await target.tap();
    await expect(target).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByText('1 cell selected')).toBeVisible();
    await expect(page.getByRole('rowheader', { name: 'Tor Touch' })).toBeInViewport();
    await saveScreen(page, 'planner-phone-en', { fullPage: false });
    await target.tap();
    await expect(target).toHaveAttribute('aria-selected', 'false');
  });
});
