// Serves the built single-page app: hashed assets cached for a year, precompressed files when
// the browser accepts them, and index.html for every other path. Paths that are not pages
// get the same index.html (the app shows its 404 page) but with status 404, for crawlers.
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { Hono } from 'hono'
import { serveStatic } from '@hono/node-server/serve-static'
import { detectLocale, locales, type Locale } from '../../../src/lib/locale'
import { privateAreaPrefixes, privatePagePaths, publicPagePaths, withoutLangPrefix } from '../../../src/lib/pages'
import { robotsTxt, sitemapXml } from './seo-files'

const knownPaths = new Set([...publicPagePaths, ...privatePagePaths])
const FILE_PATH = /\.[a-z0-9]+$/i

export function isKnownPagePath(pathname: string): boolean {
  const trimmed = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname
  const path = withoutLangPrefix(trimmed, locales) || '/'
  return knownPaths.has(path) || privateAreaPrefixes.some((prefix) => path === prefix || path.startsWith(`${prefix}/`))
}

/** The language the app will most likely pick; only the browser knows a stored choice. */
export function likelyLocale(pathname: string, acceptLanguage: string | undefined): Locale {
  const browser = (acceptLanguage ?? '').split(',').map((part) => part.split(';')[0] ?? '')
  return detectLocale({ pathname, browser })
}

/**
 * Sets <html lang> before any script runs and starts the catalog download in parallel with the
 * app's JavaScript, instead of after it (the page cannot render text without it).
 */
export function withLocaleHints(html: string, locale: Locale): string {
  return html
    .replace(/<html lang="[^"]*"/, `<html lang="${locale}"`)
    .replace(
      '</head>',
      `  <link rel="preload" href="/locales/${locale}.json" as="fetch" crossorigin="anonymous" />\n  </head>`,
    )
}

export function siteRoutes({ dist, siteUrl }: { dist: string; siteUrl?: string }) {
  const app = new Hono()
  const origin = (url: string) => siteUrl ?? new URL(url).origin
  let indexHtml: Promise<string> | undefined

  app.get('/sitemap.xml', (c) =>
    c.body(sitemapXml(origin(c.req.url)), 200, { 'Content-Type': 'application/xml; charset=utf-8' }),
  )
  app.get('/robots.txt', (c) => c.text(robotsTxt(origin(c.req.url))))

  const serveFile = serveStatic({ root: dist, precompressed: true })
  app.use('*', async (c, next) => {
    // Only paths that name a file (assets, favicon.svg, locales/es.json) can be files;
    // page paths go straight to the app shell below.
    if (!FILE_PATH.test(c.req.path)) return next()
    // Hashed file names change with their content, so they can be cached for good.
    const immutable = c.req.path.startsWith('/assets/')
    c.header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache')
    return serveFile(c, next)
  })

  app.get('*', async (c) => {
    if (FILE_PATH.test(c.req.path)) return c.text('Not Found', 404)
    indexHtml ??= readFile(join(dist, 'index.html'), 'utf8')
    const locale = likelyLocale(c.req.path, c.req.header('Accept-Language'))
    c.header('Cache-Control', 'no-cache')
    c.header('Vary', 'Accept-Language')
    return c.html(withLocaleHints(await indexHtml, locale), isKnownPagePath(c.req.path) ? 200 : 404)
  })
  return app
}
