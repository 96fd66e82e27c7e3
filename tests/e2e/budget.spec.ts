// First-load weight of the home page: the gzip size (level 9) of every JS and CSS file the
// browser fetches, measured on the built files the server serves (SITE_DIST, dist/ by default),
// against the budget. An anonymous visitor loads no Supabase code: the portal entry fetches the
// auth module (and supabase-js with it) only when localStorage holds a session.
import { readdirSync, readFileSync } from 'node:fs'
import { pathToFileURL } from 'node:url'
import { resolve } from 'node:path'
import { gzipSync } from 'node:zlib'
import type { Browser, Response } from '@playwright/test'
import { test, expect } from './support/fixtures'
import { t } from './support/catalog'
import { findPage } from './support/pages'
import { recordRequests } from './support/requests'
import { Site } from './support/site'
import { siteDist } from './support/servers'
import { authStorageKey } from '../../src/config/supabase'

const KB = 1000
// The target (docs/benchmarks.md) was 110 KB, met at 109.7 KB; the wrong-role notice, the
// shared e-mail address rules and the footer's mailto helper brought it to 110.9 KB (missed by
// 0.9 KB, stated in docs/benchmarks.md): this holds it there until issue 24 takes it back down.
// It had reached 111,499 B when the sign-in pages' layout (decision 0054) made the site chunk
// export the frame's component to the app's chunk: one more name in its export list, +6 B; and
// 111,514 B when an area page's first render became a transition (start-app.tsx, which the public
// pages share: +9 B); and 111,560 B when the catalogs became hashed files (decision 0059): the app
// carries both catalogs' addresses (+46 B), and a visit after the first downloads no catalog (33 to
// 43 kB of brotli that every page had fetched again).
const budget = { js: 111.57 * KB, css: 20 * KB }
const dist = pathToFileURL(`${resolve(siteDist)}/`)
/** Class names that survive minification in supabase-js's bundle (auth, REST, realtime, storage). */
const supabaseJs = /GoTrueClient|PostgrestClient|RealtimeClient|StorageFileApi/

test.use({ locale: 'es-ES' })

test('the first load of / stays within the JS and CSS budget, with no Supabase code', async ({ page }) => {
  const loaded = new Map<string, 'js' | 'css'>()
  const apiCalls = recordRequests(page, /\/(auth|rest|storage)\/v1\//)
  page.on('response', (response) => {
    const { pathname } = new URL(response.url())
    const kind = pathname.endsWith('.js') ? 'js' : pathname.endsWith('.css') ? 'css' : undefined
    if (!kind) return
    expect(response.status(), pathname).toBe(200)
    loaded.set(pathname, kind)
  })

  const { site } = await Site.open(page, '/', 'es')
  expect(await page.evaluate((key) => localStorage.getItem(key), authStorageKey)).toBeNull()
  await expect(site.h1).toHaveText(t('es', findPage('/').h1))
  await page.waitForLoadState('networkidle') // every chunk the first view asks for, preloads included

  const totals = { js: 0, css: 0 }
  const withSupabaseLoaded: string[] = []
  const report: string[] = []
  for (const [pathname, kind] of loaded) {
    const source = readFileSync(new URL(`.${pathname}`, dist))
    const gzipped = gzipSync(source, { level: 9 }).length
    totals[kind] += gzipped
    report.push(`${pathname} ${(gzipped / KB).toFixed(1)} kB`)
    // supabase-js itself, not merely a mention (chunk names in the preload map, the tiny config module).
    if (kind === 'js' && supabaseJs.test(source.toString('utf8'))) withSupabaseLoaded.push(pathname)
  }
  test.info().annotations.push({
    type: 'first-load gzip',
    description: `JS ${(totals.js / KB).toFixed(1)} kB, CSS ${(totals.css / KB).toFixed(1)} kB\n${report.join('\n')}`,
  })

  // Loaded only once a session exists or an auth page opens (src/lib/auth/loader.ts, src/components/header/portal-link.tsx).
  expect(withSupabaseLoaded, 'chunks with supabase-js loaded by the anonymous home page').toEqual([])
  expect(apiCalls, 'Supabase API calls from an anonymous home page').toEqual([])
  // The markers still find supabase-js in the build (else the check above would prove nothing).
  const assets = new URL('assets/', dist)
  const withSupabase = readdirSync(assets).filter(
    (file) => file.endsWith('.js') && supabaseJs.test(readFileSync(new URL(file, assets), 'utf8')),
  )
  expect(withSupabase.length, 'chunks holding supabase-js in the build').toBeGreaterThan(0)
  expect([...loaded.values()].filter((kind) => kind === 'js').length).toBeGreaterThan(0)
  expect([...loaded.values()].filter((kind) => kind === 'css').length).toBeGreaterThan(0)
  expect(totals.js, `JS gzip bytes:\n${report.join('\n')}`).toBeLessThanOrEqual(budget.js)
  expect(totals.css, `CSS gzip bytes:\n${report.join('\n')}`).toBeLessThanOrEqual(budget.css)
})

/** Gzip bytes of the JavaScript a page's first load fetches, in a fresh context (nothing cached). */
async function firstLoadJs(browser: Browser, baseURL: string, path: string, h1: string): Promise<number> {
  const context = await browser.newContext({ baseURL, locale: 'es-ES' })
  const page = await context.newPage()
  const loaded = new Set<string>()
  page.on('response', (response: Response) => {
    const { pathname } = new URL(response.url())
    if (pathname.endsWith('.js')) loaded.add(pathname)
  })
  const { site } = await Site.open(page, path, 'es')
  await expect(site.h1).toHaveText(h1)
  await page.waitForLoadState('networkidle')
  await context.close()
  let total = 0
  for (const pathname of loaded) total += gzipSync(readFileSync(new URL(`.${pathname}`, dist)), { level: 9 }).length
  return total
}

// The case studies (decision 0041) are held to what the pages beside them cost: a case's first
// load, and the list's, weigh no more than a service page's (the home page's budget above is the
// issue's target for the home page only; service and legal pages were above it before).
test('a case study and the case studies list load no more JavaScript than a service page', async ({
  browser,
  baseURL,
}) => {
  const weigh = (path: string) => firstLoadJs(browser, baseURL!, `/es${path}`, t('es', findPage(path).h1))
  const service = await weigh('/services/data-engineering')
  for (const path of ['/case-studies', '/case-studies/industrial-manufacturer']) {
    const weight = await weigh(path)
    test.info().annotations.push({ type: 'first-load gzip', description: `${path} JS ${(weight / KB).toFixed(1)} kB` })
    expect(weight, `${path}: ${weight} bytes, a service page ${service}`).toBeLessThanOrEqual(service)
  }
})
