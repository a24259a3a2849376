import { existsSync } from 'node:fs';

/**
 * The browsers the journeys run in: the machine's own, never a downloaded one (no network here).
 *
 * Most journeys run in Chromium's headless shell (Debian's `chromium-headless-shell`, the build
 * Playwright itself uses for headless runs): the same engine without the full browser's windowing
 * layer, about a sixth to a quarter less CPU per journey on this two-core machine (measured: the
 * accessibility walk 81 vs 94 s of CPU, the customer journeys 22 vs 30 s) — and the journeys are
 * bound by the browser's CPU. Where it is missing, the full Chromium runs them all.
 */
export const FULL_CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
export const JOURNEY_CHROMIUM =
  process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : FULL_CHROMIUM);

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
];

/**
 * For a journey that needs what only the full browser has (the headless shell has no Notification
 * API, so no Web Push): `test.use(inFullChromium)`.
 */
export const inFullChromium = { launchOptions: { executablePath: FULL_CHROMIUM, args: CHROMIUM_ARGS } };
