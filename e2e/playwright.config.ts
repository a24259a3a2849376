import './support/run-environment';
import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, JOURNEY_CHROMIUM } from './support/browser';
import { E2E_BASE_URL } from './support/users';

export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  // Generous limits cost nothing while a journey passes; on a slow or busy machine they spare a
  // retry, which would cost the whole journey again.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  outputDir: 'test-results',
  globalTeardown: './support/global-teardown.ts',
  use: {
    baseURL: E2E_BASE_URL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    locale: 'en-GB',
    timezoneId: 'Europe/Oslo',
    // Each journey's browser would otherwise download the whole app into the service worker's
    // cache: only the installable client journey allows the worker (test.use there).
    serviceWorkers: 'block',
    // No dialog or menu animates (the theme respects the setting): fewer frames to paint, and no
    // waiting for an element to stop moving before it is clicked.
    reducedMotion: 'reduce',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: { executablePath: JOURNEY_CHROMIUM, args: CHROMIUM_ARGS },
      },
    },
  ],
  webServer: {
    command: 'npx tsx support/server.ts',
    url: `${E2E_BASE_URL}/api/health`,
    reuseExistingServer: false,
    // Two minutes on an idle machine; a busy one (several runs at once) may give itself longer.
    timeout: Number(process.env.KARM_E2E_START_TIMEOUT_MS ?? 120_000),
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
