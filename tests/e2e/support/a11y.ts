// axe-core against WCAG 2.2 AA (and the 2.0/2.1 A/AA rules it builds on), with a readable
// failure message: rule, impact, help and the offending elements.
import type { Page } from '@playwright/test'
import { AxeBuilder } from '@axe-core/playwright'
import { expect } from './fixtures'

export const wcagTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']

export async function expectNoAxeViolations(page: Page, label: string): Promise<void> {
  // From the top of the page: a target scrolled half under the fixed header is not small, yet
  // axe's target-size counts it as obscured wherever the last action left the scroll.
  await page.evaluate(() => window.scrollTo(0, 0))
  // The router sets the title when a navigation settles; axe must not catch the moment between.
  await expect(page).toHaveTitle(/\S/)
  // Legacy mode runs axe in the page itself: the default mode opens a blank page per scan to merge
  // frame results, which this app (no iframes) does not need, at twice the time. Only violations
  // are reported in full: passes and the rest would cross the wire for nothing.
  const results = await new AxeBuilder({ page })
    .setLegacyMode(true)
    .options({ runOnly: { type: 'tag', values: wcagTags }, resultTypes: ['violations'] })
    .analyze()
  const violations = results.violations.map(
    (violation) =>
      `${violation.id} (${violation.impact ?? 'n/a'}): ${violation.help}\n` +
      violation.nodes.map((node) => `    ${node.target.join(' ')} — ${node.failureSummary ?? ''}`).join('\n'),
  )
  expect(violations, `axe violations on ${label}`).toEqual([])
}

/**
 * The accessible names Chromium itself computes for the page (its accessibility tree, what screen
 * readers get), with the role of each. Text nodes are left out: only what names an element.
 */
export async function chromiumNames(page: Page): Promise<{ role: string; name: string }[]> {
  const session = await page.context().newCDPSession(page)
  try {
    const { nodes } = await session.send('Accessibility.getFullAXTree')
    return nodes.flatMap((node) => {
      const role = String(node.role?.value ?? '')
      const name = node.name?.value
      if (node.ignored || typeof name !== 'string' || !name || ['StaticText', 'InlineTextBox'].includes(role)) return []
      return [{ role, name }]
    })
  } finally {
    await session.detach()
  }
}
