import path from 'node:path';
import type { Page } from '@playwright/test';

/** Screens are looked at by people too: journeys save what they see under test-results/screens. */
export const saveScreen = (page: Page, name: string) =>
  page.screenshot({
    path: path.join(import.meta.dirname, '../test-results/screens', `${name}.png`),
    fullPage: true,
  });
