import ical from 'node-ical';
import { isoWeekOf } from '../packages/domain/src/rules/iso-week';
import { type ApiSession, apiSignIn, setLocale } from './support/api';
import { addDays, formatDate, osloToday } from './support/dates';
import { expect, signInPage, test } from './support/fixtures';
import { mailsTo } from './support/mails';
import { saveScreen } from './support/screenshot';
import { employeeIdOf, postTask } from './support/tasks';
import { E2E_PASSWORD, E2E_SUBSCRIPTION_USERS } from './support/users';
import { PHONE } from './support/viewports';

// Issue 18, subscriptions (/convert/subscriptions): a technician makes their calendar feed address,
// the ICS it serves parses and holds the day the leader planned them on; they switch on the e-mail
// for a task given to them, the leader gives them one, and the mail arrives — in English and in
// Norwegian, on a desktop and on a phone.

const TEXTS = {
  en: {
    title: 'Subscriptions',
    plans: 'My plans (resource planner)',
    deliveries: "The company's deliveries",
    notAllowed: 'Not available with your role',
    makeAddress: 'Make calendar address',
    done: 'I have copied it',
    taskSwitch: 'A task given to me: E-mail',
    saved: 'Notifications saved',
    subject: 'Karm: New task: ',
    on: 'On since',
  },
  nb: {
    title: 'Abonnementer',
    plans: 'Mine planer (ressursplanlegger)',
    deliveries: 'Firmaets leveringer',
    notAllowed: 'Ikke tilgjengelig for din rolle',
    makeAddress: 'Lag kalenderadresse',
    done: 'Jeg har kopiert den',
    taskSwitch: 'En oppgave gitt til meg: E-post',
    saved: 'Varslene er lagret',
    subject: 'Karm: Ny oppgave: ',
    on: 'På siden',
  },
} as const;

/** The leader books the technician all day on `date` with a task of its own, as the planner would. */
const planDay = async (leader: ApiSession, employeeId: string, date: string, name: string) => {
  const task = await postTask(leader, { name, date });
  const week = isoWeekOf(date);
  const planner = await leader.request('planner:get', week);
  const cell = planner.cells.find(
    (candidate) => candidate.employeeId === employeeId && candidate.date === date,
  );
  await leader.request('plan:add', {
    cells: [{ employeeId, date, version: cell?.version ?? 0 }],
    subject: { kind: 'task', taskId: task.id },
    dayPart: 4,
    isOverbookingConfirmed: true,
  });
};

for (const locale of ['en', 'nb'] as const) {
  test(`${locale}: a calendar feed holds my planned day, and a task given to me arrives by e-mail`, async ({
    page,
    consoleErrors,
  }) => {
    test.setTimeout(180_000);
    const text = TEXTS[locale];
    const users = E2E_SUBSCRIPTION_USERS[locale];
    const stamp = Date.now().toString(36);
    const plannedDay = addDays(osloToday(), 2);
    const plannedName = `Montere dør ${stamp}`;

    const leader = await apiSignIn(users.leader, E2E_PASSWORD);
    const technician = await apiSignIn(users.technician, E2E_PASSWORD);
    try {
      // A retry starts over: no feed, nothing switched on.
      await technician.request('subscriptions:feed-revoke');
      await technician.request('subscriptions:notifications-save', { email: [], push: [], isDigest: false });
      await technician.request('user:update-profile', { locale });
      const employeeId = await employeeIdOf(leader, users.technician);
      await planDay(leader, employeeId, plannedDay, plannedName);

      await setLocale(users.technician, locale);
      await signInPage(page, users.technician);
      await page.goto('/convert/subscriptions');
      await expect(page.getByRole('heading', { level: 1, name: text.title })).toBeVisible();
      // A technician does not read the company's deliveries: the layer says so and stays off.
      const deliveries = page.getByRole('checkbox', { name: text.deliveries });
      await expect(deliveries).toBeDisabled();
      await expect(page.getByText(text.notAllowed)).toBeVisible();
      await expect(page.getByRole('checkbox', { name: text.plans })).toBeChecked();

      await page.getByRole('button', { name: text.makeAddress }).click();
      const address = (await page.getByTestId('feed-address').textContent())?.trim() ?? '';
      expect(address).toMatch(/\/api\/feeds\/[A-Za-z0-9_-]{43}\.ics$/);
      await saveScreen(page, `subscriptions-address-${locale}`);
      await page.getByRole('button', { name: text.done }).click();
      await expect(page.getByTestId('feed-state')).toContainText(text.on);

      // The calendar program's view: the ICS parses and holds the planned day as a whole day.
      const response = await page.request.get(address);
      expect(response.status()).toBe(200);
      expect(response.headers()['content-type']).toContain('text/calendar');
      const calendar = ical.sync.parseICS(await response.text());
      const events = Object.values(calendar).filter(
        (entry): entry is ical.VEvent => entry !== undefined && entry.type === 'VEVENT',
      );
      const planned = events.find((event) => String(event.summary) === plannedName);
      expect(
        planned,
        `${plannedName} in ${events.map((event) => String(event.summary)).join(', ')}`,
      ).toBeDefined();
      expect(planned?.datetype).toBe('date');
      const start = planned!.start;
      const day = `${start.getFullYear()}-${String(start.getMonth() + 1).padStart(2, '0')}-${String(start.getDate()).padStart(2, '0')}`;
      expect(day).toBe(plannedDay);

      // The e-mail for a task given to me: switched on, then the leader gives one.
      // The switch shows the saved state: it turns on when the server has the choice, not at the click.
      await page.getByRole('switch', { name: text.taskSwitch }).click({ force: true });
      await expect(page.getByText(text.saved).first()).toBeVisible();
      await expect(page.getByRole('switch', { name: text.taskSwitch })).toBeChecked();
      const taskName = `Bytt pumpe ${stamp}`;
      await postTask(leader, { name: taskName, date: plannedDay, assigneeId: employeeId });
      await expect
        .poll(
          async () => (await mailsTo(`${users.technician}@e2e.test`)).find((mail) => mail.includes(taskName)),
          {
            timeout: 60_000,
          },
        )
        .toContain(`${text.subject}${taskName}`);
      const mail = (await mailsTo(`${users.technician}@e2e.test`)).find((candidate) =>
        candidate.includes(taskName),
      );
      expect(mail).toContain(formatDate(plannedDay));
      expect(mail).toContain('/convert/subscriptions');

      await saveScreen(page, `subscriptions-${locale}`);
      await page.setViewportSize(PHONE);
      await saveScreen(page, `subscriptions-${locale}-phone`);
      expect(consoleErrors).toEqual([]);
    } finally {
      leader.close();
      technician.close();
    }
  });
}
