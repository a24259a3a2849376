import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** The rules of WCAG 2.1 A and AA (issue 18): the level Karm promises. */
const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * Runs axe over the page (or the part `include` names) and returns its serious and critical
 * violations, one readable line each (rule, what it asks, where), so a failing journey says what to fix.
 */
export const seriousViolations = async (page: Page, where: string, include?: string) => {
  let builder = new AxeBuilder({ page }).withTags(WCAG_21_AA);
  if (include) builder = builder.include(include);
  const { violations } = await builder.analyze();
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${where}: ${violation.id} (${violation.impact}) — ${violation.help}: ${violation.nodes
          .slice(0, 4)
          .map((node) => `${node.target.join(' ')} ${node.failureSummary?.split('\n')[1]?.trim() ?? ''}`)
          .join(' | ')}`,
    );
};
