import type { Page } from '@playwright/test';
// The pure rule file, not `@karm/domain/rules` (see support/dates.ts).
import { isoWeekOf, startOfIsoWeek } from '../packages/domain/src/rules/iso-week';
import { type ApiSession, apiSignIn } from './support/api';
import { addDays, formatDate, osloToday } from './support/dates';
import { expect, signInPage, test } from './support/fixtures';
import { saveScreen } from './support/screenshot';
import { E2E_ADMINS, E2E_PASSWORD, E2E_PLANNER_USERS } from './support/users';

/**
 * Issue 18: the planner and the process grid work by keyboard alone, with a focus one can see —
 * select a cell, open its dialog, assign, save. Past the first focus, every step is a key press.
 */

const withSession = async <T>(username: string, action: (session: ApiSession) => Promise<T>) => {
  const session = await apiSignIn(username, E2E_PASSWORD);
  try {
    return await action(session);
  } finally {
    session.close();
  }
};

/** The focused element's accessible name as the tests read it (its label, or its text). */
const focusedName = (page: Page) =>
  page.evaluate(() => {
    const focused = document.activeElement;
    if (!focused) return '';
    const labelledBy = focused.getAttribute('aria-labelledby');
    const label =
      focused.getAttribute('aria-label') ??
      (labelledBy ? document.getElementById(labelledBy)?.textContent : null) ??
      (focused.id ? document.querySelector(`label[for="${focused.id}"]`)?.textContent : null);
    return (label ?? focused.textContent ?? '').trim();
  });

/** Presses a key until the focused element's name matches (a bounded walk, so a trap fails the test). */
const pressUntilFocused = async (page: Page, key: string, name: RegExp, most = 60) => {
  for (let presses = 0; presses < most; presses++) {
    if (name.test(await focusedName(page))) return;
    await page.keyboard.press(key);
  }
  throw new Error(`${key} never reached ${name}; focus is on "${await focusedName(page)}"`);
};

/** The focused element shows where it is: an outline or a ring, not the browser's nothing. */
const expectVisibleFocus = async (page: Page) => {
  const ring = await page.evaluate(() => {
    const focused = document.activeElement;
    if (!focused) return null;
    const style = getComputedStyle(focused);
    return { outline: style.outlineStyle, width: style.outlineWidth, shadow: style.boxShadow };
  });
  expect(ring, 'focus ring').not.toBeNull();
  expect(ring!.outline !== 'none' && ring!.width !== '0px' ? true : ring!.shadow !== 'none').toBe(true);
};

test('books a project in the planner by keyboard alone', async ({ page }) => {
  test.setTimeout(Math.max(test.info().timeout, 90_000));
  const { username } = E2E_PLANNER_USERS.keyboard;
  const project = await withSession(E2E_PLANNER_USERS.admin.username, (admin) =>
    admin.request('project:create', { name: `Tastatur ${Date.now() % 100_000}` }),
  );
  const today = osloToday();
  const week = isoWeekOf(today);
  // Thursday next week: a working day in the fortnight the planner opens on.
  const date = addDays(startOfIsoWeek(week.year, week.week), 10);
  await signInPage(page, username);
  await page.goto('/planner');
  await expect(page.getByRole('grid')).toBeVisible();

  // Tab into the grid (one tab stop), then the arrows: Home is the fortnight's first day.
  await page.getByRole('heading', { level: 1 }).click();
  await pressUntilFocused(page, 'Tab', /^[^,]+, \d\d\.\d\d\.\d{4}/);
  await page.keyboard.press('Home');
  for (let day = 0; day < 10; day++) await page.keyboard.press('ArrowRight');
  const cellName = new RegExp(`^Kari Keyboard, ${formatDate(date).replaceAll('.', '\\.')}`);
  await pressUntilFocused(page, 'ArrowDown', cellName, 80);
  await expectVisibleFocus(page);
  await page.keyboard.press(' ');
  const cell = page.getByRole('gridcell', { name: cellName });
  await expect(cell).toHaveAttribute('aria-selected', 'true');
  await saveScreen(page, 'keyboard-planner-selected', { fullPage: false });

  // Enter opens the booking dialog with the project picker focused: type, pick, save.
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Book 1 cell' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('combobox', { name: /Project/ })).toBeFocused();
  await page.keyboard.type(String(project.number));
  await expect(page.getByRole('option', { name: `${project.number} – ${project.name}` })).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(dialog.getByRole('combobox', { name: /Project/ })).toHaveValue(
    `${project.number} – ${project.name}`,
  );
  await pressUntilFocused(page, 'Tab', /^Save$/);
  await expectVisibleFocus(page);
  await saveScreen(page, 'keyboard-planner-dialog', { fullPage: false });
  await page.keyboard.press('Enter');
  await expect(page.getByText('1 cell booked')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(cell).toContainText(String(project.number));
});

test('edits a process cell by keyboard alone', async ({ page }) => {
  test.setTimeout(Math.max(test.info().timeout, 90_000));
  const username = E2E_ADMINS.accessibilityEn;
  const name = `E2E Tastatur ${Date.now()}`;
  const { project, column } = await withSession(username, async (session) => {
    const { user } = await session.request('user:check-logged-in', session.token);
    const employees = await session.request('employee:get', {});
    const own = employees.find((employee) => employee.userId === user.id);
    const created = await session.request('project:create', {
      name,
      projectManagerId: own?.id ?? null,
      deliveryDate: addDays(osloToday(), 140),
    });
    const columns = await session.request('process-columns:get', {});
    const completed = columns.find((candidate) => candidate.type === 'completed');
    if (!completed) throw new Error('the demo company has no "completed" process column');
    await session.request('user:update-profile', { locale: 'en', theme: 'light' });
    return { project: created, column: completed };
  });
  await signInPage(page, username);
  await page.goto('/project/control');
  await expect(page.getByRole('heading', { level: 1, name: 'Project control' })).toBeVisible();

  // The search box by Tab from the heading, then the project's cell by Tab.
  await page.getByRole('heading', { level: 1 }).click();
  await pressUntilFocused(page, 'Tab', /^Search projects/);
  await page.keyboard.type(name);
  await expect(page.getByRole('rowheader')).toHaveCount(1);
  const cellName = new RegExp(`^${column.nameEn}, ${project.number} ${project.name}:`);
  await pressUntilFocused(page, 'Tab', cellName, 80);
  await expectVisibleFocus(page);
  await saveScreen(page, 'keyboard-process-cell', { fullPage: false });

  // Enter opens the cell's dialog; the completed date is typed, Save pressed with Enter.
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: `${column.nameEn} — ${project.number} ${project.name}` });
  await expect(dialog).toBeVisible();
  await pressUntilFocused(page, 'Tab', /^Completed/);
  const today = formatDate(osloToday());
  await page.keyboard.type(today);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeVisible();
  await pressUntilFocused(page, 'Tab', /^Save$/);
  await expectVisibleFocus(page);
  await page.keyboard.press('Enter');
  await expect(page.getByText('Process saved')).toBeVisible();
  await expect(dialog).toBeHidden();
  const cell = page.getByRole('button', { name: cellName });
  await expect(cell).toHaveAttribute('data-state', 'done');
  await expect(cell).toContainText(`✓ ${today}`);
});
