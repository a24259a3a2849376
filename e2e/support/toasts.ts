import { expect, type Page } from '@playwright/test';

/**
 * The number in a toast matched whole by `pattern` (its first group). A toast lasts three seconds: the
 * text is read in the same look that finds it, never found first and read after, when on a slow
 * machine it may already be gone.
 */
export const numberInToast = async (page: Page, pattern: RegExp) => {
  let number = Number.NaN;
  await expect
    .poll(
      async () => {
        const texts = await page.getByText(pattern).allTextContents();
        const match = texts.map((text) => pattern.exec(text)).find((found) => found !== null);
        if (match) number = Number(match[1]);
        return !Number.isNaN(number);
      },
      { message: `a toast saying ${pattern}` },
    )
    .toBe(true);
  return number;
};
