import { describe, expect, it } from 'vitest'
import { isServiceSlug, publicPagePaths, withLangPrefix, withoutLangPrefix } from '../../src/lib/pages'
import { isKnownPagePath, likelyLocale, withLocaleHints } from '../../supabase/server/static/site'
import { robotsTxt, sitemapXml } from '../../supabase/server/static/seo-files'
import {
  prerenderTargets,
  prerenderedNotFoundFile,
  prerenderedPageFile,
  signInPrerenderTargets,
} from '../../src/prerender/prerendered'
import { areaOfPath, areaShellFile } from '../../src/prerender/area-shell-files'
import { locales } from '../../src/lib/locale'

describe('prerendered files', () => {
  it('names one file per page, URL form and language, and the 404 page in each', () => {
    const targets = prerenderTargets()
    expect(targets).toHaveLength((publicPagePaths.length + 1) * 4)
    expect(new Set(targets.map((target) => target.file)).size).toBe(targets.length)
    expect(targets).toContainEqual({
      url: '/es/contact',
      locale: 'es',
      file: 'es/contact.html',
      notFound: false,
      tree: 'site',
    })
    expect(targets).toContainEqual({
      url: '/contact',
      locale: 'en',
      file: 'bare-en/contact.html',
      notFound: false,
      tree: 'site',
    })
    expect(targets).toContainEqual({ url: '/en', locale: 'en', file: 'en/index.html', notFound: false, tree: 'site' })
    expect(prerenderedPageFile('/', 'es', false)).toBe('bare-es/index.html')
    expect(prerenderedNotFoundFile('en', true)).toBe('en/404.html')
  })

  it('names the sign-in pages too, rendered with the app’s routes, beside the public ones', () => {
    const signIn = signInPrerenderTargets()
    expect(signIn).toHaveLength(6 * 4)
    expect(signIn).toContainEqual({
      url: '/en/admin/login',
      locale: 'en',
      file: 'en/admin/login.html',
      notFound: false,
      tree: 'app',
    })
    expect(signIn).toContainEqual({
      url: '/client-portal/forgot-password',
      locale: 'es',
      file: 'bare-es/client-portal/forgot-password.html',
      notFound: false,
      tree: 'app',
    })
    const files = new Set(prerenderTargets().map((target) => target.file))
    for (const target of signIn) expect(files.has(target.file), target.file).toBe(false)
  })
})

describe('page paths', () => {
  it('lists the seed’s eight public pages, the case studies and the three legal pages', () => {
    expect(publicPagePaths).toEqual([
      '/',
      '/services/business-intelligence',
      '/services/data-architecture',
      '/services/data-engineering',
      '/services/governance',
      '/specializations/financial-intelligence',
      '/specializations/customer-intelligence',
      '/case-studies',
      '/case-studies/regional-retail-chain',
      '/case-studies/industrial-manufacturer',
      '/case-studies/private-clinic-network',
      '/contact',
      '/legal/notice',
      '/legal/privacy',
      '/legal/cookies',
    ])
  })

  it('adds and removes language prefixes', () => {
    expect(withLangPrefix('/', 'en')).toBe('/en')
    expect(withLangPrefix('/contact', 'es')).toBe('/es/contact')
    expect(withLangPrefix('/contact', undefined)).toBe('/contact')
    expect(withoutLangPrefix('/en/contact', ['es', 'en'])).toBe('/contact')
    expect(withoutLangPrefix('/es', ['es', 'en'])).toBe('/')
    expect(withoutLangPrefix('/fr/contact', ['es', 'en'])).toBe('/fr/contact')
  })

  it('knows service slugs', () => {
    expect(isServiceSlug('governance')).toBe(true)
    expect(isServiceSlug('financial-intelligence')).toBe(false)
  })
})

describe('server: which paths are pages (200) and which are not (404)', () => {
  it.each([
    '/',
    '/es',
    '/en/',
    '/contact',
    '/en/services/governance',
    '/es/specializations/customer-intelligence',
    '/en/case-studies',
    '/es/case-studies/private-clinic-network',
    '/client-portal/login',
    '/en/client-portal/forgot-password',
    '/es/admin/forgot-password',
    '/es/reset-password',
    '/admin',
    '/en/client-portal/dashboard',
    '/es/client-portal/dashboard/projects/1a000000-0000-4000-8000-000000000001',
    '/admin/dashboard/leads',
  ])('%s is a page', (path) => expect(isKnownPagePath(path)).toBe(true))
  it.each([
    '/fr',
    '/fr/contact',
    '/es/nope',
    '/services/unknown',
    '/case-studies/unknown',
    '/en/en/contact',
    '/client-portal/nope',
    '/admin/x',
  ])('%s is not a page', (path) => expect(isKnownPagePath(path)).toBe(false))
})

describe('sitemap.xml and robots.txt', () => {
  const xml = sitemapXml('https://example.test')

  it('lists every public page in both languages with its alternates', () => {
    expect(xml.match(/<url>/g)).toHaveLength(publicPagePaths.length * 2)
    expect(xml).toContain('<loc>https://example.test/es/services/governance</loc>')
    expect(xml).toContain('<loc>https://example.test/en</loc>')
    expect(xml).toContain('<loc>https://example.test/es/case-studies</loc>')
    expect(xml).toContain('<loc>https://example.test/en/case-studies/industrial-manufacturer</loc>')
    expect(xml).toContain('hreflang="x-default" href="https://example.test/contact"')
    expect(xml).toContain('hreflang="en" href="https://example.test/en/contact"')
  })

  it('points robots.txt at the sitemap and keeps private areas out', () => {
    const robots = robotsTxt('https://example.test')
    expect(robots).toContain('Sitemap: https://example.test/sitemap.xml')
    expect(robots).toContain('Disallow: /admin')
  })
})

describe('server: the language of a page', () => {
  const shell = '<!doctype html>\n<html lang="es">\n  <head>\n    <title>x</title>\n  </head>\n</html>'

  it('guesses the language from the prefix, then Accept-Language, then Spanish', () => {
    expect(likelyLocale('/en/contact', 'es-ES,es;q=0.9')).toBe('en')
    expect(likelyLocale('/contact', 'en-GB,en;q=0.9,es;q=0.5')).toBe('en')
    expect(likelyLocale('/contact', 'es-419,es;q=0.9')).toBe('es')
    expect(likelyLocale('/contact', 'de-DE')).toBe('es')
    expect(likelyLocale('/', undefined)).toBe('es')
  })

  it('lets the language cookie win over Accept-Language on unprefixed paths, never over a prefix', () => {
    expect(likelyLocale('/contact', 'en-GB', 'es')).toBe('es')
    expect(likelyLocale('/contact', 'es-ES', 'en')).toBe('en')
    expect(likelyLocale('/contact', 'en-GB', 'fr')).toBe('en')
    expect(likelyLocale('/es/contact', 'en-GB', 'en')).toBe('es')
  })

  it('sets <html lang> and preloads that catalog', () => {
    const html = withLocaleHints(shell, 'en', '/assets/catalog-en-Ab12.json')
    expect(html).toContain('<html lang="en">')
    expect(html).toContain(
      '<link rel="preload" href="/assets/catalog-en-Ab12.json" as="fetch" crossorigin="anonymous" />',
    )
    expect(html.indexOf('preload')).toBeLessThan(html.indexOf('</head>'))
  })
})

describe('the areas’ prerendered frames (decision 0049)', () => {
  it('finds the area of every page below the portal and the admin area, in every URL form, and of no other', () => {
    for (const [path, area] of [
      ['/client-portal/dashboard', 'client'],
      ['/es/client-portal/dashboard/', 'client'],
      ['/en/client-portal/dashboard/projects/42/conversation', 'client'],
      ['/admin/dashboard', 'staff'],
      ['/es/admin/dashboard/projects/42/documents', 'staff'],
    ] as const)
      expect(areaOfPath(path, locales), path).toBe(area)
    for (const path of ['/client-portal/login', '/es/admin', '/admin/dashboards', '/second-factor', '/es', '/'])
      expect(areaOfPath(path, locales), path).toBeUndefined()
    expect(areaShellFile('staff', 'en')).toBe('area-shells/staff-en.html')
  })
})
