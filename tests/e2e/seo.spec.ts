// Every public URL as a crawler or a link preview fetches it, over plain HTTP with no script run:
// the page's language, title, description, canonical and hreflang set, Open Graph and Twitter
// tags with the page's share image (a real 1200×630 PNG), and JSON-LD blocks that parse and have
// the expected types.
import type { APIRequestContext } from '@playwright/test'
import { test, expect } from './support/fixtures'
import { t } from './support/catalog'
import { expectedTitle, pageUrl, publicPages, urlForms, type PublicPage } from './support/pages'
import { withLangPrefix } from '../../src/lib/pages'
import type { Locale } from '../../src/lib/locale'

const decode = (text: string) =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')

/** The head's tags as attribute maps. */
function tags(html: string, name: 'meta' | 'link'): Record<string, string>[] {
  const head = html.slice(0, html.indexOf('</head>'))
  return [...head.matchAll(new RegExp(`<${name} ([^>]*?)/?>`, 'g'))].map((match) =>
    Object.fromEntries(
      [...match[1]!.matchAll(/([\w:-]+)="([^"]*)"/g)].map((attr) => [attr[1]!.toLowerCase(), decode(attr[2]!)]),
    ),
  )
}

function meta(html: string, key: 'name' | 'property', value: string): string[] {
  return tags(html, 'meta')
    .filter((tag) => tag[key] === value)
    .map((tag) => tag.content ?? '')
}

function jsonLd(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (match) => JSON.parse(match[1]!) as Record<string, unknown>,
  )
}

function expectedTypes(path: string): string[] {
  if (path.startsWith('/services/')) return ['Organization', 'BreadcrumbList', 'Service', 'FAQPage']
  if (path.startsWith('/specializations/')) return ['Organization', 'BreadcrumbList', 'FAQPage']
  if (path.startsWith('/legal/')) return ['Organization', 'BreadcrumbList']
  if (path === '/case-studies') return ['Organization', 'BreadcrumbList', 'CollectionPage']
  if (path.startsWith('/case-studies/')) return ['Organization', 'BreadcrumbList', 'Article']
  return ['Organization']
}

/** Width and height from a PNG's IHDR chunk. */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG')
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) }
}

async function checkPage(request: APIRequestContext, origin: string, page: PublicPage, url: string, lng: Locale) {
  const response = await request.get(url, { headers: { 'Accept-Language': lng === 'en' ? 'en-GB,en;q=0.9' : 'es-ES' } })
  expect(response.status(), url).toBe(200)
  const html = await response.text()
  expect(html, url).toContain(`<html lang="${lng}"`)
  expect(decode(/<title>([^<]*)<\/title>/.exec(html)?.[1] ?? ''), url).toBe(expectedTitle(page, lng))
  expect(meta(html, 'name', 'description'), url).toEqual([t(lng, page.description)])
  expect(html, url).toContain(`<h1`)
  expect(html, url).toContain(t(lng, page.h1).replace(/&/g, '&amp;').replace(/'/g, '&#x27;'))

  const canonical = origin + withLangPrefix(page.path, lng)
  const links = tags(html, 'link')
  expect(
    links.filter((link) => link.rel === 'canonical').map((link) => link.href),
    url,
  ).toEqual([canonical])
  const alternates = Object.fromEntries(
    links.filter((link) => link.rel === 'alternate').map((link) => [link.hreflang, link.href]),
  )
  expect(alternates, url).toEqual({
    es: origin + withLangPrefix(page.path, 'es'),
    en: origin + withLangPrefix(page.path, 'en'),
    'x-default': origin + page.path,
  })

  expect(meta(html, 'property', 'og:title'), url).toEqual([expectedTitle(page, lng)])
  expect(meta(html, 'property', 'og:description'), url).toEqual([t(lng, page.description)])
  expect(meta(html, 'property', 'og:url'), url).toEqual([canonical])
  expect(meta(html, 'property', 'og:locale'), url).toEqual([lng === 'es' ? 'es_ES' : 'en_US'])
  expect(meta(html, 'name', 'twitter:card'), url).toEqual(['summary_large_image'])
  const [image] = meta(html, 'property', 'og:image')
  expect(image, url).toBe(`${origin}/og/${lng}${page.path === '/' ? '/home' : page.path}.png`)
  expect(meta(html, 'name', 'twitter:image'), url).toEqual([image])
  expect(meta(html, 'property', 'og:image:width'), url).toEqual(['1200'])
  expect(meta(html, 'property', 'og:image:height'), url).toEqual(['630'])

  const blocks = jsonLd(html)
  expect(blocks.map((block) => block['@type']).sort(), url).toEqual(expectedTypes(page.path).sort())
  for (const block of blocks) expect(block['@context'], url).toBe('https://schema.org')
  const organization = blocks.find((block) => block['@type'] === 'Organization')!
  expect(organization.contactPoint, url).toMatchObject({ '@type': 'ContactPoint', email: expect.any(String) })
  const faq = blocks.find((block) => block['@type'] === 'FAQPage')
  if (faq) expect((faq.mainEntity as unknown[]).length, url).toBeGreaterThan(0)
  const crumbs = blocks.find((block) => block['@type'] === 'BreadcrumbList')
  if (crumbs) {
    expect((crumbs.itemListElement as { item: string }[]).at(-1)!.item, url).toBe(canonical)
  }
  return image!
}

test('every public page in every URL form is complete as plain HTML', async ({ request, baseURL }) => {
  const origin = new URL(baseURL!).origin
  const images = new Set<string>()
  for (const page of publicPages) {
    for (const form of urlForms) {
      for (const lng of form === 'bare' ? (['es', 'en'] as const) : [form]) {
        images.add(await checkPage(request, origin, page, pageUrl(page.path, form), lng))
      }
    }
  }
  expect(images.size).toBe(publicPages.length * 2)
  for (const image of images) {
    const response = await request.get(image)
    expect(response.status(), image).toBe(200)
    expect(response.headers()['content-type'], image).toBe('image/png')
    expect(pngSize(await response.body()), image).toEqual({ width: 1200, height: 630 })
  }
})

test('an unprefixed page follows the language cookie, then Accept-Language, and says so in Vary', async ({
  request,
}) => {
  const lang = async (headers: Record<string, string>) => {
    const response = await request.get('/services/governance', { headers })
    expect(response.headers()['vary']).toMatch(/Accept-Language/)
    expect(response.headers()['vary']).toMatch(/Cookie/)
    return /<html lang="(\w+)"/.exec(await response.text())?.[1]
  }
  expect(await lang({ 'Accept-Language': 'en-US,en;q=0.8' })).toBe('en')
  expect(await lang({ 'Accept-Language': 'de-DE' })).toBe('es')
  expect(await lang({ 'Accept-Language': 'en-US', Cookie: 'lang=es' })).toBe('es')
  expect(await lang({ 'Accept-Language': 'es-ES', Cookie: 'lang=en' })).toBe('en')
  expect(await lang({ 'Accept-Language': 'es-ES', Cookie: 'lang=xx' })).toBe('es')
})

test('the sitemap lists the legal pages in both languages', async ({ request, baseURL }) => {
  const xml = await (await request.get('/sitemap.xml')).text()
  const origin = new URL(baseURL!).origin
  for (const path of ['/legal/notice', '/legal/privacy', '/legal/cookies']) {
    for (const lng of ['es', 'en'] as const) expect(xml).toContain(`<loc>${origin}/${lng}${path}</loc>`)
  }
})
