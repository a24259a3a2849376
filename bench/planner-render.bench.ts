/// <reference lib="dom" />
/**
 * `npm run bench -- planner-render`: the resource planner in the system Chromium (build the web app
 * first: `npm run build`). A Karm server in this process serves the built app over a fresh in-memory
 * database with 150 employees in four work groups and this fortnight mostly booked (two half days or
 * a holiday now and then). A leader, who sees every group, opens /planner:
 *
 * - the time from the data's arrival (`planner:get` answered) to the grid of 150 × 14 cells in the
 *   DOM, and to the frame after it was drawn, read from the page's `performance.measure` entries
 *   (`karm:planner-render`, `karm:planner-painted`), over `RENDER_RUNS` (default 5) page loads and as
 *   many switches to the next fortnight and back (the grid replaced in place);
 * - selecting 50 cells by dragging a rectangle (5 employees × 10 days) and booking a project for half
 *   a day: the `plan:add` frames the page's socket sent (must be one) and the time from Save to the
 *   booked cells on screen.
 *
 * Figures are printed, never asserted.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { addDays, type IsoWeek, isoWeekOf, osloDateOf, startOfIsoWeek } from '@karm/domain/rules';
import { type Browser, chromium, type Page } from '@playwright/test';
import { startBenchServer } from './bench-server';
import { figuresOf, printFigures } from './measure';
import { seededRandom, seedPlannerStaff, seedPlanWeeks, WORK_GROUPS } from './planner-seed';
import { ROOT } from './server-process';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const EMPLOYEES = 150;
const PROJECTS = 60;
const RUNS = Number(process.env.RENDER_RUNS ?? 5);
const SELECTED_ROWS = 5;
const SELECTED_DAYS = 10;

const measureOf = (page: Page, name: string) =>
  page
    .waitForFunction((entry) => performance.getEntriesByName(entry).length > 0, name)
    .then(() =>
      page.evaluate((entry) => {
        const entries = performance.getEntriesByName(entry);
        const duration = entries.at(-1)?.duration ?? Number.NaN;
        performance.clearMeasures(entry);
        return duration;
      }, name),
    );

/** The grid of the fortnight from `firstDate` is on screen (the rows in view; the others are spacers). */
const gridShown = (page: Page, firstDate: string) =>
  page.waitForFunction(
    (date) =>
      document.querySelectorAll('tr[data-employee-row]').length > 0 &&
      document.querySelector(`td[data-date="${date}"]`) !== null,
    firstDate,
  );

/** Counts the `plan:add` frames the page's socket sends (Socket.IO packets `42<ack id>["plan:add",…]`). */
const countPlanAdds = (page: Page) => {
  const counter = { frames: 0 };
  page.on('websocket', (socket) =>
    socket.on('framesent', ({ payload }) => {
      if (typeof payload === 'string' && /^42\d*\["plan:add"/.test(payload)) counter.frames++;
    }),
  );
  return counter;
};

export const run = async () => {
  if (!existsSync(path.join(ROOT, 'packages/web/dist/index.html'))) {
    throw new Error('No web build: run `npm run build` first');
  }
  const server = await startBenchServer();
  let browser: Browser | undefined;
  try {
    const leader = await server.signedInUser({ role: 'leader' });
    const today = osloDateOf(server.clock.now());
    const week = isoWeekOf(today);
    const next = isoWeekOf(addDays(today, 7));
    const afterNext = isoWeekOf(addDays(today, 14));
    const { projectIds, employeeIds } = await seedPlannerStaff(server.ctx, leader.companyId, {
      employees: EMPLOYEES,
      projects: PROJECTS,
    });
    // The first five rows (the first five of the first work group, by name) have next week free,
    // for the booking of 50 cells.
    const free = employeeIds.filter((_, index) => index % WORK_GROUPS.length === 0).slice(0, SELECTED_ROWS);
    const random = seededRandom();
    const made =
      (await seedPlanWeeks(server.ctx, leader.companyId, {
        employeeIds,
        projectIds,
        weeks: [week],
        random,
        isVaried: true,
      })) +
      (await seedPlanWeeks(server.ctx, leader.companyId, {
        employeeIds: employeeIds.filter((id) => !free.includes(id)),
        projectIds,
        weeks: [next, afterNext],
        random,
        isVaried: true,
      }));
    console.log(
      `database: ${server.ctx.database.kind}, employees: ${EMPLOYEES}, plan weeks: ${made}, projects: ${projectIds.length}, browser: ${CHROMIUM}`,
    );

    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
      ],
    });
    const context = await browser.newContext({
      viewport: { width: 1920, height: 1080 },
      locale: 'en-GB',
      timezoneId: 'Europe/Oslo',
    });
    const page = await context.newPage();
    const planAdds = countPlanAdds(page);
    await page.goto(`${server.url}/login`);
    await page.waitForFunction(() => typeof (window as { karm?: unknown }).karm === 'object');
    await page.evaluate(
      (token) =>
        (window as unknown as { karm: { adoptSession: (t: string) => Promise<void> } }).karm.adoptSession(
          token,
        ),
      leader.token,
    );
    const firstDay = (isoWeek: IsoWeek) => startOfIsoWeek(isoWeek.year, isoWeek.week);

    const loads: number[] = [];
    const loadsPainted: number[] = [];
    const switches: number[] = [];
    const switchesPainted: number[] = [];
    for (let index = 0; index < RUNS; index++) {
      await page.goto(`${server.url}/planner/${week.year}/${week.week}`);
      await gridShown(page, firstDay(week));
      loads.push(await measureOf(page, 'karm:planner-render'));
      loadsPainted.push(await measureOf(page, 'karm:planner-painted'));
      // Forward a week: the fortnight's data arrives and the grid is replaced in place.
      await page.getByRole('link', { name: /^Next week/ }).click();
      await gridShown(page, firstDay(afterNext));
      switches.push(await measureOf(page, 'karm:planner-render'));
      switchesPainted.push(await measureOf(page, 'karm:planner-painted'));
    }
    if (process.env.PROFILE) {
      const cdp = await context.newCDPSession(page);
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
      await page.goto(`${server.url}/planner/${week.year}/${week.week}`);
      await gridShown(page, firstDay(week));
      await cdp.send('Profiler.start');
      await page.getByRole('link', { name: /^Next week/ }).click();
      await gridShown(page, firstDay(afterNext));
      await measureOf(page, 'karm:planner-painted');
      const { profile } = await cdp.send('Profiler.stop');
      const self = new Map<string, number>();
      const byId = new Map(profile.nodes.map((node) => [node.id, node]));
      const dt = profile.timeDeltas ?? [];
      (profile.samples ?? []).forEach((id, index) => {
        const node = byId.get(id)!;
        const key = `${node.callFrame.functionName || '(anon)'} ${node.callFrame.url.split('/').pop()}:${node.callFrame.lineNumber}:${node.callFrame.columnNumber}`;
        self.set(key, (self.get(key) ?? 0) + (dt[index] ?? 0) / 1000);
      });
      console.log(
        [...self.entries()]
          .sort((a, b) => b[1] - a[1])
          .slice(0, 40)
          .map(([k, v]) => `${v.toFixed(1)} ms ${k}`)
          .join('\n'),
      );
    }
    const drawn = await page.evaluate(() => ({
      rows: document.querySelectorAll('tr[data-employee-row]').length,
      cells: document.querySelectorAll('td[role="gridcell"]').length,
    }));
    console.log(
      `rows drawn of ${EMPLOYEES} (the rest are spacers until scrolled to): ${drawn.rows}, cells: ${drawn.cells}`,
    );
    printFigures('planner, 150 × 14, page load: data → grid in the DOM', figuresOf(loads));
    printFigures('planner, 150 × 14, page load: data → painted', figuresOf(loadsPainted));
    printFigures('planner, 150 × 14, next week: data → grid in the DOM', figuresOf(switches));
    printFigures('planner, 150 × 14, next week: data → painted', figuresOf(switchesPainted));

    // 50 cells of next week: the first five employees, Monday to the Wednesday after, by dragging.
    await page.goto(`${server.url}/planner/${next.year}/${next.week}`);
    await gridShown(page, firstDay(next));
    const cellOf = (row: number, day: number) =>
      page.locator(`td[data-employee="${free[row]}"][data-date="${addDays(firstDay(next), day)}"]`);
    // Both corners are in view on this screen: the mouse goes from one to the other as a hand would.
    const centre = async (row: number, day: number) => {
      const box = await cellOf(row, day).boundingBox();
      if (!box) throw new Error(`cell ${row}, ${day} is not on screen`);
      return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    };
    const from = await centre(0, 0);
    const to = await centre(SELECTED_ROWS - 1, SELECTED_DAYS - 1);
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    await page.mouse.move(to.x, to.y, { steps: 10 });
    await page.mouse.up();
    await page.getByText('50 cells selected').waitFor();
    await page.getByRole('button', { name: 'Book…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Book 50 cells' });
    await dialog.getByRole('combobox', { name: /Project/ }).click();
    await page.getByRole('option').first().click();
    await dialog.getByText('½ day').click();
    const framesBefore = planAdds.frames;
    const started = performance.now();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('50 cells booked').waitFor();
    await page.waitForFunction(
      (cells) => cells.every((selector) => document.querySelector(selector)?.textContent?.includes('½')),
      [0, SELECTED_ROWS - 1].flatMap((row) =>
        [0, SELECTED_DAYS - 1].map(
          (day) => `td[data-employee="${free[row]}"][data-date="${addDays(firstDay(next), day)}"]`,
        ),
      ),
    );
    const roundTrip = performance.now() - started;
    console.log(
      `select 50 cells by dragging, book a project for ½ day: plan:add frames sent=${planAdds.frames - framesBefore}, Save → cells booked on screen ${roundTrip.toFixed(0)} ms`,
    );
    await context.close();
  } finally {
    await browser?.close();
    await server.close();
  }
};
