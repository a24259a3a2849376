import type { Page } from '@playwright/test';
import { apiSignIn, postJson } from './support/api';
import { addDays, formatDate, osloToday } from './support/dates';
import { expect, signInPage, test } from './support/fixtures';
import { saveScreen } from './support/screenshot';
import { employeeIdOf } from './support/tasks';
import { E2E_PASSWORD, E2E_TASK_USERS } from './support/users';
import { PHONE } from './support/viewports';

// Issue 14, tasks: a leader creates a task, finds it among the overdue ones, marks it done and
// undoes it (from the toast and from the done list), and deletes it after being asked; a technician
// sees only their own task and its done button; the same screen in Norwegian and on a phone.

/** Picks a filter of the segmented control (its radio inputs are hidden behind their labels). */
const showFilter = (page: Page, label: string) =>
  page
    .locator('label')
    .filter({ hasText: new RegExp(`^${label}$`) })
    .click();

type Task = { id: string; name: string };

test('a leader creates a task, marks it done and undoes it, and deletes it after being asked', async ({
  page,
  consoleErrors,
}) => {
  test.setTimeout(90_000);
  const session = await apiSignIn(E2E_TASK_USERS.leader, E2E_PASSWORD);
  try {
    await session.request('user:update-profile', { locale: 'en' });
    await signInPage(page, E2E_TASK_USERS.leader);
    const name = `E2E Bytt dørpumpe ${Date.now()}`;
    const yesterday = addDays(osloToday(), -1);

    await page.goto('/tasks');
    await expect(page.getByRole('heading', { name: 'Tasks' })).toBeVisible();
    await page.getByRole('button', { name: 'New task' }).click();
    const dialog = page.getByRole('dialog', { name: 'New task' });
    // A new task is a service-item emergency unless another type is picked (SPEC §9).
    await expect(dialog.getByRole('combobox', { name: 'Type' })).toHaveValue('Service item – emergency');
    await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
    await dialog.getByRole('textbox', { name: 'Date' }).fill(formatDate(yesterday));
    await dialog.getByRole('textbox', { name: 'Date' }).press('Tab');
    await dialog.getByRole('textbox', { name: 'Immediate action' }).fill('Sperr av døra');
    await saveScreen(page, 'tasks-dialog-en');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText(`Task ${name} created`)).toBeVisible();

    // Dated yesterday: among the overdue ones, in red, dd.MM.yyyy.
    await page.getByRole('textbox', { name: 'Search tasks' }).fill(name);
    await showFilter(page, 'Overdue');
    const row = page.locator('tr', { hasText: name });
    await expect(row.getByText(formatDate(yesterday))).toBeVisible();
    await expect(row.getByText('overdue')).toBeVisible();
    await saveScreen(page, 'tasks-list-en');

    // Mark done, then Undo from the toast (SPEC §4: undo possible).
    await row.getByRole('button', { name: `Mark ${name} done` }).click();
    const toast = page.locator('.mantine-Notification-root', { hasText: `${name} marked done` });
    await expect(toast).toBeVisible();
    await expect(row).toBeHidden();
    await toast.getByRole('button', { name: 'Undo' }).click();
    await expect(page.getByText(`${name} is pending again`)).toBeVisible();
    await expect(row).toBeVisible();

    // Done again, and undone from the done list.
    await row.getByRole('button', { name: `Mark ${name} done` }).click();
    await showFilter(page, 'Done');
    const doneRow = page.locator('tr', { hasText: name });
    await doneRow.getByRole('button', { name: `Undo done: ${name}` }).click();
    await expect(page.getByText(`${name} is pending again`).first()).toBeVisible();
    await expect(doneRow).toBeHidden();

    // The drawer shows the task; deleting it asks first, and "Cancel" keeps it.
    await showFilter(page, 'All');
    await page.locator('tr', { hasText: name }).getByText(name).click();
    const drawer = page.getByRole('dialog', { name });
    await expect(drawer.getByText('Sperr av døra')).toBeVisible();
    await saveScreen(page, 'tasks-drawer-en');
    await drawer.getByRole('button', { name: 'Delete' }).click();
    const question = page.getByRole('dialog', { name: 'Delete the task?' });
    await expect(question).toBeVisible();
    await question.getByRole('button', { name: 'Cancel' }).click();
    await expect(drawer).toBeVisible();
    await drawer.getByRole('button', { name: 'Delete' }).click();
    await question.getByRole('button', { name: 'Delete task' }).click();
    await expect(page.getByText(`Task ${name} deleted`)).toBeVisible();
    await expect(page.locator('tr', { hasText: name })).toHaveCount(0);
    expect(consoleErrors).toEqual([]);
  } finally {
    session.close();
  }
});

test('a technician sees only their own task, with its done button, also on a phone', async ({
  page,
  consoleErrors,
}) => {
  test.setTimeout(60_000);
  const leader = await apiSignIn(E2E_TASK_USERS.leader, E2E_PASSWORD);
  try {
    const technicianEmployee = await employeeIdOf(leader, E2E_TASK_USERS.technician);
    const leaderEmployee = await employeeIdOf(leader, E2E_TASK_USERS.leader);
    const stamp = Date.now();
    await signInPage(page, E2E_TASK_USERS.technician);
    const post = (data: unknown) => postJson<Task>(page, leader.token, '/api/tasks', data);
    const own = await post({
      name: `E2E Egen service ${stamp}`,
      date: osloToday(),
      assigneeId: technicianEmployee,
    });
    const others = await post({ name: `E2E Andres ${stamp}`, date: osloToday(), assigneeId: leaderEmployee });

    await page.goto('/tasks');
    const ownRow = page.locator('tr', { hasText: own.name });
    await expect(ownRow.getByRole('button', { name: `Mark ${own.name} done` })).toBeVisible();
    await showFilter(page, 'All');
    await expect(ownRow).toBeVisible();
    await expect(page.locator('tr', { hasText: others.name })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'New task' })).toHaveCount(0);
    await page.setViewportSize(PHONE);
    await saveScreen(page, 'tasks-technician-phone', { fullPage: false });
    await ownRow.getByRole('button', { name: `Mark ${own.name} done` }).click();
    await expect(page.getByText(`${own.name} marked done`)).toBeVisible();
    expect(consoleErrors).toEqual([]);
  } finally {
    leader.close();
  }
});

test('the tasks screen in Norwegian, on a phone', async ({ page, consoleErrors }) => {
  test.setTimeout(60_000);
  const session = await apiSignIn(E2E_TASK_USERS.leaderNb, E2E_PASSWORD);
  try {
    await session.request('user:update-profile', { locale: 'nb' });
    const token = await signInPage(page, E2E_TASK_USERS.leaderNb);
    const task = await postJson<Task>(page, token, '/api/tasks', {
      name: `E2E Ring kunden ${Date.now()}`,
      date: addDays(osloToday(), 2),
      description: 'Avtal montasjedato',
    });
    await page.setViewportSize(PHONE);
    await page.goto('/tasks');
    await expect(page.getByRole('heading', { name: 'Oppgaver' })).toBeVisible();
    await page.getByRole('textbox', { name: 'Søk i oppgaver' }).fill(task.name);
    const row = page.locator('tr', { hasText: task.name });
    await expect(row.getByText('Serviceobjekt – akutt')).toBeVisible();
    await saveScreen(page, 'tasks-nb-phone', { fullPage: false });
    await row.getByRole('button', { name: `Merk ${task.name} utført` }).click();
    const toast = page.locator('.mantine-Notification-root', { hasText: `${task.name} er merket utført` });
    await toast.getByRole('button', { name: 'Angre' }).click();
    await expect(page.getByText(`${task.name} venter igjen`)).toBeVisible();
    await row.getByText(task.name).click();
    const drawer = page.getByRole('dialog', { name: task.name });
    await expect(drawer.getByText('Avtal montasjedato')).toBeVisible();
    await saveScreen(page, 'tasks-drawer-nb-phone', { fullPage: false });
    expect(consoleErrors).toEqual([]);
  } finally {
    await session.request('user:update-profile', { locale: 'en' });
    session.close();
  }
});
