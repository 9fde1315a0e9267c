import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/**
 * Serious and critical axe-core violations, with the offending selectors for the failure message. Two checks axe
 * leaves out count too: `label-content-name-mismatch` (experimental, off by default: a control's name must hold
 * the text it shows, WCAG 2.5.3) and `heading-order` (rated moderate: a page's headings skip no level).
 */
export async function seriousViolations(page: Page) {
  // A toast sliding in or out is half transparent: its colours are judged once it has settled or gone.
  await page
    .waitForFunction(() => Array.from(document.querySelectorAll<HTMLElement>('[data-sonner-toast]')).every((toast) => toast.dataset.removed !== 'true' && toast.getAnimations().length === 0), undefined, { timeout: 5000 })
    .catch(() => undefined);
  const results = await new AxeBuilder({ page }).options({ rules: { 'label-content-name-mismatch': { enabled: true } } }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical' || v.id === 'heading-order')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
