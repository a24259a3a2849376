import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from '@playwright/test';

/**
 * Screens are looked at by people: journeys save what they see under test-results/screens — the
 * whole page, or only what the window shows (`fullPage: false`, as a phone user sees it). In CI
 * nobody looks at them and the three hundred screenshots cost minutes of the run, so they are only
 * taken there when KARM_E2E_SCREENS=1 asks for them; a failing journey still gets its own.
 */
const SAVE_SCREENS = !process.env.CI || process.env.KARM_E2E_SCREENS === '1';
const SCREENS_FOLDER = path.join(import.meta.dirname, '../test-results/screens');

export const saveScreen = async (
  page: Page,
  name: string,
  { fullPage = true }: { fullPage?: boolean } = {},
) => {
  if (!SAVE_SCREENS) return;
  await page.screenshot({
    path: path.join(SCREENS_FOLDER, `${name}.png`),
    fullPage,
  });
};

/** An image made outside the page (a PDF page rendered to PNG) kept beside the screens, by the same rule. */
export const saveImageBesideScreens = async (name: string, png: Buffer) => {
  if (!SAVE_SCREENS) return;
  await mkdir(SCREENS_FOLDER, { recursive: true });
  await writeFile(path.join(SCREENS_FOLDER, `${name}.png`), png);
};
