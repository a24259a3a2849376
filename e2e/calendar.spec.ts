import type { Page } from '@playwright/test';
import { apiSignIn } from './support/api';
import { expect, signInPage, test } from './support/fixtures';
import { saveScreen } from './support/screenshot';
import { E2E_CALENDAR_ADMINS, E2E_PASSWORD } from './support/users';
import { PHONE } from './support/viewports';

// Issue 17, the calendar: a project's delivery and the red day 17 May show when browsing to May;
// switching the delivery layer off hides it; clicking it opens the project; dragging it to another
// day asks first and moves the project's delivery date. The same in Norwegian, and on a phone.

const TEXTS = {
  en: {
    title: 'Calendar',
    month: (year: number) => `May ${year}`,
    next: /^Next/,
    redDay: 'Constitution Day',
    deliveryDate: 'Delivery date',
    delivery: 'Delivery',
    move: 'Move delivery',
    saved: (date: string) => `is now ${date}`,
  },
  nb: {
    title: 'Kalender',
    month: (year: number) => `mai ${year}`,
    next: /^Neste/,
    redDay: 'Grunnlovsdag',
    deliveryDate: 'Leveringsdato',
    delivery: 'Levering',
    move: 'Flytt levering',
    saved: (date: string) => `er nå ${date}`,
  },
} as const;

/** Next May that is at least a month away, so the month is free of today's changes. */
const mayYear = () => {
  const now = new Date();
  return now.getUTCMonth() >= 3 ? now.getUTCFullYear() + 1 : now.getUTCFullYear();
};

/** Presses the calendar's "next" button until the month's title shows. */
const browseTo = async (page: Page, title: string, next: RegExp) => {
  const heading = page.locator('.karm-calendar').getByText(title, { exact: true });
  for (let step = 0; step < 14 && !(await heading.isVisible()); step += 1) {
    await page.locator('.karm-calendar').getByRole('button', { name: next }).first().click();
  }
  await expect(heading).toBeVisible();
};

for (const locale of ['en', 'nb'] as const) {
  test(`the calendar shows a delivery and the red day, opens the project and moves the delivery (${locale})`, async ({
    page,
    consoleErrors,
  }) => {
    test.setTimeout(120_000);
    const texts = TEXTS[locale];
    const year = mayYear();
    const session = await apiSignIn(E2E_CALENDAR_ADMINS[locale], E2E_PASSWORD);
    try {
      await session.request('user:update-profile', { locale });
      const name = `E2E Kalender ${locale} ${Date.now()}`;
      const project = await session.request('project:create', {
        name,
        deliveryDate: `${year}-05-12`,
      } as never);
      await signInPage(page, E2E_CALENDAR_ADMINS[locale]);
      await page.goto('/calendar');
      await expect(page.getByRole('heading', { name: texts.title, exact: true })).toBeVisible();
      await browseTo(page, texts.month(year), texts.next);

      const delivery = page.locator('.karm-calendar-projectDelivery', { hasText: name });
      await expect(delivery).toBeVisible();
      await expect(page.locator('.karm-calendar').getByText(texts.redDay)).toBeVisible();
      await saveScreen(page, `calendar-month-${locale}`);

      // The delivery layer off hides the delivery; on again shows it.
      const layer = page.locator('[data-layer="projectDelivery"]').locator('..').getByText(texts.delivery);
      await layer.click();
      await expect(delivery).toBeHidden();
      await layer.click();
      await expect(delivery).toBeVisible();

      // A project somebody else creates meanwhile shows up in the open calendar, without a reload.
      // (A name of its own: the other delivery's locator matches by part of its text.)
      const later = `E2E Levende ${locale} ${Date.now()}`;
      await session.request('project:create', { name: later, deliveryDate: `${year}-05-21` } as never);
      await expect(page.locator('.karm-calendar-projectDelivery', { hasText: later })).toBeVisible();

      // Dragging the delivery a week on asks first, then moves the project's delivery date.
      await delivery.dragTo(page.locator(`.karm-calendar [data-date="${year}-05-19"]`).first());
      const question = page.getByRole('dialog');
      await expect(question).toBeVisible();
      await saveScreen(page, `calendar-move-${locale}`);
      await question.getByRole('button', { name: texts.move }).click();
      await expect(page.getByText(texts.saved(`19.05.${year}`))).toBeVisible();
      const moved = await session.request('project:get', { id: project.id });
      expect(moved.deliveryDate).toBe(`${year}-05-19`);

      // Clicking the delivery opens the project's dialog.
      await page.locator('.karm-calendar-projectDelivery', { hasText: name }).click();
      await expect(page).toHaveURL(/\/projects/);
      const dialog = page.getByRole('dialog').filter({ hasText: name });
      await expect(dialog.getByRole('textbox', { name: texts.deliveryDate, exact: true })).toHaveValue(
        `19.05.${year}`,
      );

      // A phone opens the list view first.
      await page.setViewportSize(PHONE);
      await page.goto('/calendar');
      await browseTo(page, texts.month(year), texts.next);
      await expect(
        page.locator('.karm-calendar').getByText(new RegExp(`^${texts.delivery}: \\d+ ${name}$`)),
      ).toBeVisible();
      await saveScreen(page, `calendar-phone-${locale}`, { fullPage: false });
      expect(consoleErrors).toEqual([]);
    } finally {
      session.close();
    }
  });
}
