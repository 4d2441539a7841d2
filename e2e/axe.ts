import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** WCAG 2.2 AA, as axe names its rules' tags. */
const WCAG_22_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** Serious and critical violations of WCAG 2.2 AA on the page as it is now, one readable line per element. */
export async function violations(page: Page): Promise<string[]> {
  // Only violations are read: axe then keeps one example of each passed rule instead of every element.
  const results = await new AxeBuilder({ page })
    .withTags(WCAG_22_AA)
    .options({ resultTypes: ['violations'] })
    .analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) =>
      v.nodes.map((node) => `${v.impact} ${v.id} (${v.help}) at ${node.target.join(' ')}\n    ${node.failureSummary?.replace(/\n/g, '\n    ') ?? ''}`),
    );
}
