import path from 'node:path';
import type { Page } from '@playwright/test';

/**
 * Screens are looked at by people too: journeys save what they see under test-results/screens —
 * the whole page, or only what the window shows (`fullPage: false`, as a phone user sees it).
 */
export const saveScreen = (page: Page, name: string, { fullPage = true }: { fullPage?: boolean } = {}) =>
  page.screenshot({
    path: path.join(import.meta.dirname, '../test-results/screens', `${name}.png`),
    fullPage,
  });
