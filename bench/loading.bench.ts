/// <reference lib="dom" />
/**
 * `npm run bench -- loading`: what a first visit costs in the browser. Starts Karm as a user does
 * (`npm start`, on a fresh demo database) and opens it in the system Chromium:
 *
 * - /login in a new browser context (empty cache): the JavaScript and CSS sent over the wire (encoded
 *   body sizes, i.e. after compression), and the page's Largest Contentful Paint;
 * - the signed-in dashboard with a cold HTTP cache: after signing in through the form, the browser
 *   cache is emptied and disabled and the page reloaded; its Largest Contentful Paint is read from a
 *   PerformanceObserver;
 * - the same dashboard warm: the service worker installed and controlling, the HTTP cache on.
 *
 * `LOADING_RUNS` (default 5) repeats both in new contexts; the medians are printed.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Browser, chromium, type Page, type Request } from '@playwright/test';
import { launchServer, serverCommand, stopServer, waitHealthy } from './server-process';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

declare global {
  interface Window {
    karmLcp?: { time: number; element: string };
  }
}

/** Registered before any page script: keeps the latest largest-contentful-paint entry. */
const observeLcp = () => {
  new PerformanceObserver((list) => {
    const entries = list.getEntries() as (PerformanceEntry & { element?: Element | null })[];
    const last = entries.at(-1);
    if (last)
      window.karmLcp = {
        time: last.startTime,
        element: last.element
          ? `${last.element.tagName.toLowerCase()} "${last.element.textContent?.slice(0, 40)}"`
          : '?',
      };
  }).observe({ type: 'largest-contentful-paint', buffered: true });
};

const readLcp = async (page: Page) => {
  // LCP entries arrive with the next frames after the content; give them a moment.
  await page.waitForTimeout(500);
  return page.evaluate(() => window.karmLcp ?? { time: Number.NaN, element: 'none' });
};

type Transfer = { js: number; css: number; files: number; encodings: Set<string> };

const loadLogin = async (browser: Browser, url: string) => {
  const context = await browser.newContext();
  await context.addInitScript(observeLcp);
  const page = await context.newPage();
  const pending: Promise<void>[] = [];
  const transfer: Transfer = { js: 0, css: 0, files: 0, encodings: new Set() };
  const count = (request: Request) => {
    pending.push(
      (async () => {
        const response = await request.response();
        if (!response) return;
        const isJs = request.url().endsWith('.js');
        const isCss = request.url().endsWith('.css');
        if (!isJs && !isCss) return;
        const { responseBodySize } = await request.sizes();
        const encoding = (await response.headerValue('content-encoding')) ?? 'identity';
        transfer.encodings.add(encoding);
        if (isCss) transfer.css += responseBodySize;
        if (isJs) {
          transfer.js += responseBodySize;
          transfer.files++;
        }
      })(),
    );
  };
  page.on('requestfinished', count);
  await page.goto(`${url}/login`, { waitUntil: 'networkidle' });
  await page.getByRole('button', { name: 'Sign in' }).waitFor();
  const lcp = await readLcp(page);
  page.off('requestfinished', count);
  await Promise.all(pending);
  return { context, page, transfer, lcp };
};

const signedInDashboardCold = async (page: Page) => {
  await page.getByLabel('E-mail or username').fill('admin');
  await page.getByLabel(/^Password/).fill(process.env.DEMO_ADMIN_PASSWORD ?? 'karm-demo');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
  // Cold HTTP cache for the measured load; the session itself stays stored.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.clearBrowserCache');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await page.reload();
  await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
  // The widgets' own answers are part of the load: the project figures are the largest text there.
  await page.locator('[data-widget="projects"] [data-figure]').first().waitFor();
  return readLcp(page);
};

/**
 * The same dashboard warm: the installable client's service worker has precached the app shell (it
 * installs after the first load, `lib/service-worker.ts`) and controls the page, and the HTTP cache is
 * on again — a returning user opening Karm. Only the API answers come from the server.
 */
const signedInDashboardWarm = async (page: Page) => {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: false });
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  // A worker controls the pages loaded after it activated: this reload is the first of them.
  await page.reload();
  await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
  const isControlled = await page.evaluate(() => navigator.serviceWorker.controller !== null);
  if (!isControlled) throw new Error('the service worker does not control the page');
  await page.reload();
  await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
  await page.locator('[data-widget="projects"] [data-figure]').first().waitFor();
  const fromWorker = await page.evaluate(
    () =>
      performance
        .getEntriesByType('resource')
        .filter((entry) => (entry as PerformanceResourceTiming).workerStart > 0 && entry.name.endsWith('.js'))
        .length,
  );
  return { ...(await readLcp(page)), fromWorker };
};

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

export const run = async () => {
  const runs = Number(process.env.LOADING_RUNS ?? 5);
  const dataDir = await mkdtemp(path.join(tmpdir(), 'karm-loading-'));
  console.log(`server: ${serverCommand()}  browser: ${CHROMIUM}`);
  const server = await launchServer(dataDir);
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  });
  try {
    await waitHealthy(server, 300_000);
    const loginLcps: number[] = [];
    const dashboardLcps: number[] = [];
    const warmLcps: number[] = [];
    for (let index = 0; index < runs; index++) {
      const login = await loadLogin(browser, server.url);
      const dashboard = await signedInDashboardCold(login.page);
      const warm = await signedInDashboardWarm(login.page);
      await login.context.close();
      loginLcps.push(login.lcp.time);
      dashboardLcps.push(dashboard.time);
      warmLcps.push(warm.time);
      const { transfer } = login;
      console.log(
        `run ${index + 1}: /login JS ${kb(transfer.js)} over the wire (` +
          `${transfer.files} files, ${[...transfer.encodings].join('/')}), CSS ${kb(transfer.css)}; ` +
          `LCP /login ${login.lcp.time.toFixed(0)} ms, dashboard (cold cache) ${dashboard.time.toFixed(0)} ms ` +
          `[${dashboard.element}], warm (service worker) ${warm.time.toFixed(0)} ms ` +
          `(${warm.fromWorker} scripts through the worker)`,
      );
    }
    console.log(
      `median of ${runs}: LCP /login ${median(loginLcps).toFixed(0)} ms, ` +
        `signed-in dashboard (cold cache) ${median(dashboardLcps).toFixed(0)} ms, ` +
        `warm (service worker) ${median(warmLcps).toFixed(0)} ms`,
    );
  } finally {
    await browser.close();
    await stopServer(server);
    await rm(dataDir, { recursive: true, force: true });
  }
};
