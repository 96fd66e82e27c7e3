// The build laid out for a static host (`npm run build:static`, scripts/lib/static-host.ts): every
// rule of `_redirects` leads to a file that exists, URLs in every form reach the right page in the
// right language (the rules read first-match-wins, as Netlify reads them), no page keeps the
// prerenderer's placeholder origin, and `_headers` carries the web tier's own security headers,
// with the same frame sources for dashboards (the Metabase site and DASHBOARD_FRAME_SOURCES).
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildStaticHost, listFiles } from '../../scripts/lib/static-host'
import { createWebTierApp } from '../../supabase/server/web-tier/app'
import { readWebTierEnv } from '../../supabase/server/web-tier/settings'
import { publicPagePaths, withLangPrefix } from '../../src/lib/pages'
import { prerenderOrigin } from '../../src/lib/seo'

const siteUrl = 'https://www.example.test'
const supabaseUrl = 'https://abcdefghijklmnop.supabase.co'
const metabaseSite = 'https://metabase.example.test/analytics'
const frameSources = ['https://bi.example.test', 'https://reports.example.test:8443']

interface Rule {
  from: string
  to: string
  status: number
  language?: string
}

function parseRedirects(text: string): Rule[] {
  return text
    .split('\n')
    .filter((line) => line.trim() !== '' && !line.startsWith('#'))
    .map((line) => {
      const [from, to, status, condition] = line.trim().split(/\s+/)
      return {
        from: from!,
        to: to!,
        status: Number.parseInt(status!, 10),
        language: condition?.replace(/^Language=/, ''),
      }
    })
}

/** The first rule that matches, as Netlify picks it: `*` at the end matches the rest of the path. */
function route(rules: Rule[], path: string, language: string): Rule | undefined {
  return rules.find((rule) => {
    if (rule.language && rule.language !== language) return false
    return rule.from.endsWith('/*') ? path.startsWith(rule.from.slice(0, -1)) : path === rule.from
  })
}

describe('the build for a static host', () => {
  let out: string
  let rules: Rule[]
  let files: Set<string>
  const read = (file: string) => readFileSync(join(out, file), 'utf8')

  beforeAll(async () => {
    if (!existsSync('dist/server/entry-server.js'))
      throw new Error('No built site in dist/: run `npm run build` first.')
    out = mkdtempSync(join(tmpdir(), 'cauce-static-'))
    await buildStaticHost({ dist: 'dist', out, siteUrl, supabaseUrl, frameSources, metabaseSite })
    rules = parseRedirects(read('_redirects'))
    files = new Set(listFiles(out))
  }, 60_000)
  afterAll(() => rmSync(out, { recursive: true, force: true }))

  it('leads every rule to a file that exists, and keeps the server-only parts out', () => {
    expect(rules.length).toBeGreaterThan(50)
    for (const rule of rules) expect(files, `${rule.from} → ${rule.to}`).toContain(rule.to)
    for (const file of files) {
      expect(file).not.toMatch(/^\/(server|prerendered|\.vite)\//)
      expect(file).not.toMatch(/\.(br|gz)$/)
      if (file.endsWith('.html')) expect(read(file), file).not.toContain(prerenderOrigin)
    }
  })

  it('answers every public page in its three forms in the right language, the app and the 404 page', () => {
    for (const path of publicPagePaths) {
      for (const [url, language, expected] of [
        [withLangPrefix(path, 'es'), 'en', 'es'],
        [withLangPrefix(path, 'en'), 'es', 'en'],
        [path, 'en', 'en'],
        [path, 'de', 'es'],
      ] as const) {
        const rule = route(rules, url, language)
        expect(rule?.status, url).toBe(200)
        const html = read(rule!.to)
        expect(html, `${url} (${language})`).toContain(`<html lang="${expected}"`)
        expect(html, url).toContain(`${siteUrl}/`)
      }
    }
    const portal = route(rules, '/en/client-portal/dashboard/projects/42', 'es')!
    expect(portal.status).toBe(200)
    expect(read(portal.to)).toContain('<div id="app"')
    expect(read(portal.to)).toContain('<html lang="en"')
    // The areas' pages come with the area's frame drawn, in the URL's or the reader's language (decision 0049).
    expect(read(portal.to)).toContain('data-area-shell="client"')
    expect(read(portal.to)).toContain('<title data-replaced>Client portal · Cauce Data</title>')
    const staffHome = route(rules, '/admin/dashboard', 'es')!
    expect(staffHome.status).toBe(200)
    expect(read(staffHome.to)).toContain('data-area-shell="staff"')
    expect(read(staffHome.to)).toContain('<html lang="es"')
    expect(read(route(rules, '/second-factor', 'en')!.to)).toContain('<div id="app"></div>')
    // The sign-in pages are prerendered: their form is in the HTML.
    const staff = read(route(rules, '/admin/login', 'en')!.to)
    expect(staff).toContain('<html lang="en"')
    expect(staff).toContain('<h1 id="sign-in-title"')
    expect(read(route(rules, '/es/client-portal/forgot-password', 'en')!.to)).toContain('<html lang="es"')
    // So are the pages an e-mail link opens, whose first state does not depend on the link (decision 0048).
    const reset = read(route(rules, '/reset-password', 'en')!.to)
    expect(reset).toContain('<html lang="en"')
    expect(reset).toContain('<h1 id="reset-title"')
    expect(read(route(rules, '/es/confirm', 'en')!.to)).toContain('<h1 id="confirm-title"')
    for (const [url, language, expected] of [
      ['/es/no-such-page', 'en', 'es'],
      ['/no-such-page', 'en', 'en'],
      ['/no-such-page', 'es', 'es'],
    ] as const) {
      const rule = route(rules, url, language)!
      expect(rule.status, url).toBe(404)
      expect(read(rule.to)).toContain(`<html lang="${expected}"`)
    }
  })

  it('sends the web tier’s own security headers, the project among the places the SPA may reach', async () => {
    const web = createWebTierApp(
      readWebTierEnv({
        NODE_ENV: 'test',
        SUPABASE_URL: supabaseUrl,
        SUPABASE_ANON_KEY: 'an-anon-key-for-the-test',
        DASHBOARD_FRAME_SOURCES: frameSources.join(' '),
        METABASE_SITE_URL: metabaseSite,
      }),
    )
    const served = (await web.request('/es')).headers
    const headers = read('_headers')
    for (const name of ['Content-Security-Policy', 'Strict-Transport-Security', 'X-Frame-Options', 'Referrer-Policy'])
      expect(headers, name).toContain(`${name}: ${served.get(name)}`)
    expect(headers).toContain(`connect-src 'self' ${supabaseUrl} wss://abcdefghijklmnop.supabase.co`)
    // Dashboards: the known providers, then the deployment's own origins and the Metabase site's.
    expect(headers).toMatch(
      /frame-src https:\/\/app\.powerbi\.com [^;]*https:\/\/bi\.example\.test https:\/\/reports\.example\.test:8443 https:\/\/metabase\.example\.test;/,
    )
    expect(headers).toMatch(/\/assets\/\*\n {2}Cache-Control: public, max-age=31536000, immutable/)
    expect(read('sitemap.xml')).toContain(`<loc>${siteUrl}/en/contact</loc>`)
  })
})
