import type { ServiceItemDto } from '@karm/domain/contract';
import type { Locator, Page } from '@playwright/test';
import { apiSignIn } from './support/api';
import { expect, signInPage, test } from './support/fixtures';
import { saveScreen } from './support/screenshot';
import { E2E_PASSWORD, E2E_SERVICE_WORK_PROJECTS, E2E_SERVICE_WORK_USERS } from './support/users';
import { PHONE } from './support/viewports';

// Issue 19, service items on a map (SPEC §2 /service-project-details, §4): a leader on a phone places
// three items on the map, saves, moves one by dragging its marker and removes one (asked first),
// saves again, reloads and finds two items where they were left — in English and in Norwegian. The
// journeys run without network, so the map has no tiles (MAP_TILE_URL empty): markers only.

const DESKTOP = { width: 1366, height: 900 };
const TEMPLATE = 'Automatisk dør — årlig kontroll etter EN 16005';

const TEXTS = {
  en: {
    title: 'Service project details',
    dispatchTitle: 'Service assignment',
    template: 'Template',
    name: 'Name',
    floor: 'Floor',
    lat: 'Latitude',
    add: 'Add to map',
    save: 'Save',
    remove: 'Remove',
    removeTitle: 'Remove service item?',
    unsaved: (count: number) => `${count} unsaved change${count === 1 ? '' : 's'}`,
    saved: (count: number) => `${count} change${count === 1 ? '' : 's'} saved`,
    moved: 'Moved',
    removed: 'Removed',
    newPrefix: 'New:',
  },
  nb: {
    title: 'Serviceprosjektdetaljer',
    dispatchTitle: 'Serviceoppdrag',
    template: 'Mal',
    name: 'Navn',
    floor: 'Etasje',
    lat: 'Breddegrad',
    add: 'Legg til i kartet',
    save: 'Lagre',
    remove: 'Fjern',
    removeTitle: 'Fjerne serviceobjektet?',
    unsaved: (count: number) => `${count} ${count === 1 ? 'endring er' : 'endringer er'} ikke lagret`,
    saved: (count: number) => `${count} ${count === 1 ? 'endring' : 'endringer'} lagret`,
    moved: 'Flyttet',
    removed: 'Fjernet',
    newPrefix: 'Ny:',
  },
} as const;

const markerOf = (page: Page, title: string) => page.locator(`.leaflet-marker-icon[title="${title}"]`);

const centreOf = async (locator: Locator) => {
  const box = await locator.boundingBox();
  expect(box).not.toBeNull();
  return { x: box!.x + box!.width / 2, y: box!.y + box!.height / 2 };
};

for (const locale of ['en', 'nb'] as const) {
  const texts = TEXTS[locale];
  const username = locale === 'en' ? E2E_SERVICE_WORK_USERS.leader : E2E_SERVICE_WORK_USERS.leaderNb;
  const projectName = locale === 'en' ? E2E_SERVICE_WORK_PROJECTS.leader : E2E_SERVICE_WORK_PROJECTS.leaderNb;

  test(`places, moves and removes service items on the map and saves them (${locale})`, async ({
    page,
    consoleErrors,
  }) => {
    test.setTimeout(120_000);
    const session = await apiSignIn(username, E2E_PASSWORD);
    try {
      await session.request('user:update-profile', { locale });
      await page.setViewportSize(PHONE);
      await signInPage(page, username);

      // Without a project a leader lands on the service assignment; its second tab lists the service projects.
      await page.goto('/service-project-details?tab=projects');
      await expect(page.getByRole('heading', { name: texts.dispatchTitle })).toBeVisible();
      await page.getByRole('link', { name: new RegExp(projectName) }).click();
      await expect(page).toHaveURL(/projectId=/);
      const projectId = new URL(page.url()).searchParams.get('projectId') as string;

      const map = page.getByTestId('service-map');
      await expect(map).toBeVisible();
      // Leaflet's own stylesheet is loaded: the map pane is positioned by it.
      await expect(page.locator('.leaflet-pane').first()).toHaveCSS('position', 'absolute');

      await page.getByRole('combobox', { name: texts.template }).click();
      await page.getByRole('option', { name: TEMPLATE }).click();
      const spots = [
        { name: 'Dør A', x: 0.25, y: 0.3 },
        { name: 'Dør B', x: 0.5, y: 0.7 },
        { name: 'Dør C', x: 0.75, y: 0.3 },
      ];
      for (const spot of spots) {
        await map.scrollIntoViewIfNeeded();
        const box = (await map.boundingBox())!;
        await page.mouse.click(box.x + box.width * spot.x, box.y + box.height * spot.y);
        await expect(page.getByRole('textbox', { name: texts.lat })).not.toHaveValue('');
        await page.getByRole('textbox', { name: texts.name }).fill(spot.name);
        await page.getByRole('textbox', { name: texts.floor }).fill('1');
        await page.getByRole('button', { name: texts.add }).click();
        await expect(markerOf(page, `${texts.newPrefix} ${spot.name}`)).toBeVisible();
      }
      await expect(page.getByTestId('unsaved-changes')).toHaveText(texts.unsaved(3));
      await saveScreen(page, `service-work-new-items-phone-${locale}`, { fullPage: false });
      await page.getByRole('button', { name: texts.save, exact: true }).click();
      await expect(page.getByText(texts.saved(3))).toBeVisible();
      await expect(page.getByTestId('unsaved-changes')).toHaveCount(0);

      const read = async () => {
        const response = await page.request.get(
          `/api/service-project/service-items/populated?projectId=${projectId}`,
          {
            headers: { token: session.token },
          },
        );
        return (await response.json()) as ServiceItemDto[];
      };
      const saved = await read();
      expect(saved.map((item) => item.name)).toEqual(['Dør A', 'Dør B', 'Dør C']);
      const [doorA, doorB, doorC] = saved as [ServiceItemDto, ServiceItemDto, ServiceItemDto];

      // Drag Dør B's marker: it is marked moved.
      const markerB = markerOf(page, `#${doorB.number} Dør B`);
      await map.scrollIntoViewIfNeeded();
      const from = await centreOf(markerB);
      await page.mouse.move(from.x, from.y);
      await page.mouse.down();
      for (let step = 1; step <= 8; step += 1) await page.mouse.move(from.x + step * 8, from.y - step * 6);
      await page.mouse.up();
      await expect(page.getByTestId('service-item').filter({ hasText: 'Dør B' })).toContainText(texts.moved);

      // Remove Dør C, after being asked.
      await page.getByRole('button', { name: `${texts.remove}: #${doorC.number} Dør C` }).click();
      const question = page.getByRole('dialog', { name: texts.removeTitle });
      await question.getByRole('button', { name: texts.remove }).click();
      await expect(page.getByTestId('service-item').filter({ hasText: 'Dør C' })).toContainText(
        texts.removed,
      );
      await expect(page.getByTestId('unsaved-changes')).toHaveText(texts.unsaved(2));
      await saveScreen(page, `service-work-changes-phone-${locale}`);
      await page.getByRole('button', { name: texts.save, exact: true }).click();
      await expect(page.getByText(texts.saved(2))).toBeVisible();

      await page.reload();
      await expect(markerOf(page, `#${doorA.number} Dør A`)).toBeVisible();
      await expect(markerOf(page, `#${doorB.number} Dør B`)).toBeVisible();
      await expect(page.locator('.leaflet-marker-icon')).toHaveCount(2);
      await expect(page.getByTestId('service-item')).toHaveCount(2);
      const after = await read();
      expect(after.map((item) => item.name)).toEqual(['Dør A', 'Dør B']);
      const [afterA, afterB] = after as [ServiceItemDto, ServiceItemDto];
      expect(afterA.location).toEqual(doorA.location);
      // Dragged up and to the right: further north and east than it was.
      expect(afterB.location!.lat).toBeGreaterThan(doorB.location!.lat);
      expect(afterB.location!.lng).toBeGreaterThan(doorB.location!.lng);
      expect(afterB.version).toBe(doorB.version + 1);
      await saveScreen(page, `service-work-phone-${locale}`, { fullPage: false });

      await page.setViewportSize(DESKTOP);
      await expect(map).toBeVisible();
      await saveScreen(page, `service-work-desktop-${locale}`);
      expect(consoleErrors).toEqual([]);
    } finally {
      session.close();
    }
  });
}
