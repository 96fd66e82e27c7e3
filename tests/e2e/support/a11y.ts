// axe-core against WCAG 2.2 AA (and the 2.0/2.1 A/AA rules it builds on), with a readable
// failure message: rule, impact, help and the offending elements.
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { Page } from '@playwright/test'
import type { AxeResults } from 'axe-core'
import { expect } from './fixtures'

export const wcagTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')

type Violation = Pick<AxeResults['violations'][number], 'id' | 'impact' | 'help'> & {
  nodes: { target: string[]; failureSummary?: string }[]
}

/**
 * Runs axe-core in the page itself, loaded once per document: a wrapper that loads it on every scan
 * (as @axe-core/playwright does) spent half of each scan compiling it again, and scans were a third
 * of the end-to-end tier's time. No frames to merge in this app. Only violations come back.
 */
async function axeViolations(page: Page): Promise<Violation[]> {
  // Evaluated through the DevTools protocol, so the page's content security policy does not apply.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource)
  return page.evaluate(async (tags) => {
    const { axe } = window as unknown as { axe: typeof import('axe-core') }
    const results = await axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] })
    return results.violations.map(({ id, impact, help, nodes }) => ({
      id,
      impact,
      help,
      nodes: nodes.map(({ target, failureSummary }) => ({ target: target.map(String), failureSummary })),
    }))
  }, wcagTags)
}

export async function expectNoAxeViolations(page: Page, label: string): Promise<void> {
  // From the top of the page: a target scrolled half under the fixed header is not small, yet
  // axe's target-size counts it as obscured wherever the last action left the scroll.
  await page.evaluate(() => window.scrollTo(0, 0))
  // The router sets the title when a navigation settles; axe must not catch the moment between.
  await expect(page).toHaveTitle(/\S/)
  const violations = (await axeViolations(page)).map(
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
