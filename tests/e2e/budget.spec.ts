// First-load weight of the home page: the gzip size (level 9) of every JS and CSS file the
// browser fetches, measured on the built files in dist/, against the budget.
import { readFileSync } from 'node:fs'
import { gzipSync } from 'node:zlib'
import { test, expect } from './support/fixtures'
import { t } from './support/catalog'
import { findPage } from './support/pages'
import { Site } from './support/site'

const KB = 1000
const budget = { js: 150 * KB, css: 20 * KB }
const dist = new URL('../../dist/', import.meta.url)

test.use({ locale: 'es-ES' })

test('the first load of / stays within the JS and CSS budget, with no Supabase code', async ({ page }) => {
  const loaded = new Map<string, 'js' | 'css'>()
  page.on('response', (response) => {
    const { pathname } = new URL(response.url())
    const kind = pathname.endsWith('.js') ? 'js' : pathname.endsWith('.css') ? 'css' : undefined
    if (!kind) return
    expect(response.status(), pathname).toBe(200)
    loaded.set(pathname, kind)
  })

  const { site } = await Site.open(page, '/', 'es')
  await expect(site.h1).toHaveText(t('es', findPage('/').h1))
  await page.waitForLoadState('networkidle') // every chunk the first view asks for, preloads included

  const totals = { js: 0, css: 0 }
  const report: string[] = []
  for (const [pathname, kind] of loaded) {
    const source = readFileSync(new URL(`.${pathname}`, dist))
    const gzipped = gzipSync(source, { level: 9 }).length
    totals[kind] += gzipped
    report.push(`${pathname} ${(gzipped / KB).toFixed(1)} kB`)
    if (kind === 'js') expect(source.toString('utf8'), `${pathname} mentions supabase`).not.toContain('supabase')
  }
  test.info().annotations.push({
    type: 'first-load gzip',
    description: `JS ${(totals.js / KB).toFixed(1)} kB, CSS ${(totals.css / KB).toFixed(1)} kB\n${report.join('\n')}`,
  })

  expect([...loaded.values()].filter((kind) => kind === 'js').length).toBeGreaterThan(0)
  expect([...loaded.values()].filter((kind) => kind === 'css').length).toBeGreaterThan(0)
  expect(totals.js, `JS gzip bytes:\n${report.join('\n')}`).toBeLessThanOrEqual(budget.js)
  expect(totals.css, `CSS gzip bytes:\n${report.join('\n')}`).toBeLessThanOrEqual(budget.css)
})
