import { describe, expect, it } from 'vitest'
import { isServiceSlug, publicPagePaths, withLangPrefix, withoutLangPrefix } from '../../src/lib/pages'
import { isKnownPagePath } from '../../supabase/server/static/site'
import { robotsTxt, sitemapXml } from '../../supabase/server/static/seo-files'

describe('page paths', () => {
  it('lists the seed’s eight public pages', () => {
    expect(publicPagePaths).toEqual([
      '/',
      '/services/business-intelligence',
      '/services/data-architecture',
      '/services/data-engineering',
      '/services/governance',
      '/specializations/financial-intelligence',
      '/specializations/customer-intelligence',
      '/contact',
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
  it.each(['/', '/es', '/en/', '/contact', '/en/services/governance', '/es/specializations/customer-intelligence'])(
    '%s is a page',
    (path) => expect(isKnownPagePath(path)).toBe(true),
  )
  it.each(['/fr', '/fr/contact', '/es/nope', '/services/unknown', '/en/en/contact'])('%s is not a page', (path) =>
    expect(isKnownPagePath(path)).toBe(false),
  )
})

describe('sitemap.xml and robots.txt', () => {
  const xml = sitemapXml('https://example.test')

  it('lists every public page in both languages with its alternates', () => {
    expect(xml.match(/<url>/g)).toHaveLength(publicPagePaths.length * 2)
    expect(xml).toContain('<loc>https://example.test/es/services/governance</loc>')
    expect(xml).toContain('<loc>https://example.test/en</loc>')
    expect(xml).toContain('hreflang="x-default" href="https://example.test/contact"')
    expect(xml).toContain('hreflang="en" href="https://example.test/en/contact"')
  })

  it('points robots.txt at the sitemap and keeps private areas out', () => {
    const robots = robotsTxt('https://example.test')
    expect(robots).toContain('Sitemap: https://example.test/sitemap.xml')
    expect(robots).toContain('Disallow: /admin')
  })
})
