import { isoWeekOf } from '../packages/domain/src/rules/iso-week';
import { isWorkingDay } from '../packages/domain/src/rules/planner/working-days';
import { apiSignIn, postJson } from './support/api';
import { addDays, formatDate, osloToday } from './support/dates';
import { expect, signInPage, test } from './support/fixtures';
import { saveScreen } from './support/screenshot';
import { CAPACITY_EMPLOYEES, E2E_CAPACITY_ADMIN, E2E_PASSWORD } from './support/users';
import { PHONE } from './support/viewports';

// Issue 14, capacity: in a company of its own (support/server.ts), a project's production lands in
// next week with one day of it booked in the planner (over the API: the planner screen is another
// journey's), and an open offer's weighted hours land the week after; an administrator raises the
// offer status's likelihood and the pipeline follows; the info dialog breaks the week down; the same
// in Norwegian and on a phone.

const DAY = 7.5;

/** The seven dates of the ISO week `weeks` weeks after this one. */
const weekAhead = (weeks: number) => {
  const today = osloToday();
  const weekday = (new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7;
  const monday = addDays(today, 7 * weeks - weekday);
  return Array.from({ length: 7 }, (_, index) => addDays(monday, index));
};

const hours = (value: number) => `${value.toLocaleString('en-GB', { maximumFractionDigits: 1 })} h`;

test('capacity shows a booking, unplanned demand and an offer weighted by its status’s likelihood', async ({
  page,
  consoleErrors,
}) => {
  test.setTimeout(120_000);
  const session = await apiSignIn(E2E_CAPACITY_ADMIN, E2E_PASSWORD);
  try {
    await session.request('user:update-profile', { locale: 'en' });
    const token = await signInPage(page, E2E_CAPACITY_ADMIN);
    const next = weekAhead(1);
    const afterNext = weekAhead(2);
    const nextWeek = isoWeekOf(next[0]!).week;
    const weekAfter = isoWeekOf(afterNext[0]!).week;
    const workingDays = next.filter(isWorkingDay).length;

    // A project delivered on Friday the week after next: production is due next week (one week
    // before, the default process), installation the week after.
    const project = await session.request('project:create', {
      name: 'E2E Kapasitet skole',
      deliveryDate: afterNext[4]!,
      productionHours: 30,
      installationHours: 15,
    } as never);
    const employees = await session.request('employee:get', {});
    const astrid = employees.find((employee) => employee.firstName === CAPACITY_EMPLOYEES[0].firstName)!;
    await session.request('plan:add', {
      cells: [{ employeeId: astrid.id, date: next.find(isWorkingDay)!, version: 0 }],
      subject: { kind: 'project', projectId: project.id },
      dayPart: 4,
    });
    // An open offer in "Sendt" (50 % until the admin says otherwise), delivered the week after next.
    const statuses = await (await page.request.get('/api/offer-statuses', { headers: { token } })).json();
    const sent = (statuses as { id: string; name: string }[]).find((status) => status.name === 'Sendt')!;
    await postJson(page, token, '/api/offers', {
      projectName: 'E2E Kapasitet kontorbygg',
      statusId: sent.id,
      expectedDeliveryDate: weekAhead(3)[4],
      productionHours: 20,
    });

    await page.goto('/capacity');
    await expect(page.getByRole('heading', { name: 'Capacity' })).toBeVisible();
    const production = page.locator('[data-capacity-table="produksjon"]');
    const rowOf = (week: number) => production.locator(`[data-week="${week}"]`);
    await expect(rowOf(nextWeek).locator('[data-available]')).toHaveText(hours(2 * workingDays * DAY));
    await expect(rowOf(nextWeek).locator('[data-booked]')).toHaveText(hours(DAY));
    await expect(rowOf(nextWeek).locator('[data-unplanned]')).toHaveText(hours(30 - DAY));
    await expect(rowOf(weekAfter).locator('[data-pipeline]')).toHaveText(hours(10));
    await expect(
      page.locator('[data-capacity-table="montasje"]').locator(`[data-week="${weekAfter}"] [data-unplanned]`),
    ).toHaveText(hours(15));
    await saveScreen(page, 'capacity-en');

    // An administrator sets "Sendt" to 80 %: the open capacity screen follows at once (pushes).
    const admin = await page.context().newPage();
    await admin.goto('/admin?tab=offers');
    const sentRow = admin.locator(`[data-status-id="${sent.id}"]`);
    await sentRow.getByRole('textbox', { name: 'Likelihood of Sendt in percent' }).fill('80');
    await sentRow.getByRole('button', { name: 'Save' }).click();
    await expect(admin.getByText('Status Sendt saved')).toBeVisible();
    await saveScreen(admin, 'capacity-likelihood-admin-en');
    await admin.close();
    await expect(rowOf(weekAfter).locator('[data-pipeline]')).toHaveText(hours(16));

    // The info dialog breaks next week down by project and employee.
    await page.getByRole('button', { name: `Open week ${nextWeek} of Production` }).click();
    const dialog = page.getByRole('dialog', { name: new RegExp(`^Production · week ${nextWeek} `) });
    const projectRow = dialog.locator(`[data-details-projects] [data-row-id="${project.id}"]`);
    await expect(projectRow.getByText(`${project.number} E2E Kapasitet skole`)).toBeVisible();
    await expect(projectRow.getByText(`Production · ${formatDate(next[4]!)}`)).toBeVisible();
    const astridRow = dialog.locator(`[data-details-employees] [data-row-id="${astrid.id}"]`);
    await expect(astridRow).toContainText(hours(DAY));
    await saveScreen(page, 'capacity-details-en');
    await dialog.getByRole('button', { name: 'Close' }).first().click();

    // The same in Norwegian, and on a phone.
    await session.request('user:update-profile', { locale: 'nb' });
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Kapasitet' })).toBeVisible();
    await expect(rowOf(weekAfter).locator('[data-pipeline]')).toHaveText(`${(16).toLocaleString('nb-NO')} t`);
    await saveScreen(page, 'capacity-nb');
    await page.setViewportSize(PHONE);
    await saveScreen(page, 'capacity-nb-phone', { fullPage: false });
    await page.getByRole('button', { name: `Åpne uke ${nextWeek} for Produksjon` }).click();
    await expect(
      page.getByRole('dialog', { name: new RegExp(`^Produksjon · uke ${nextWeek} `) }),
    ).toBeVisible();
    await saveScreen(page, 'capacity-details-nb-phone', { fullPage: false });
    expect(consoleErrors).toEqual([]);
  } finally {
    await session.request('user:update-profile', { locale: 'en' });
    session.close();
  }
});
