// Serves the built site: hashed assets cached for a year, precompressed files when the browser
// accepts them, the prerendered HTML of every public page and of the sign-in pages, and index.html
// (the app, rendered in the browser) for the other pages of the portal and the admin area. Unknown
// paths get the prerendered 404 page with status 404.
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { Hono, type Context } from 'hono'
import { getCookie } from 'hono/cookie'
import { bodyLimit } from 'hono/body-limit'
import { serveStatic } from '@hono/node-server/serve-static'
import { detectLocale, localeFromPath, localeStorageKey, locales, type Locale } from '../../../src/lib/locale'
import {
  prerenderedSignInPaths,
  privateAreaPrefixes,
  privatePagePaths,
  publicPagePaths,
  withoutLangPrefix,
} from '../../../src/lib/pages'
import {
  errorScreenFile,
  prerenderedDir,
  prerenderedNotFoundFile,
  prerenderedPageFile,
} from '../../../src/prerender/prerendered'
import { withErrorTemplate } from '../../../src/lib/html-document'
import { areaOfPath, areaShellFile } from '../../../src/prerender/area-shell-files'
import { robotsTxt, sitemapXml } from './seo-files'
import { preferredEncoding, prerenderedPages, withOrigin } from './prerendered'
import { contactPost, withFormToken as addFormToken, type SubmitContact } from './contact-post'
import { ssrBundle } from './ssr-bundle'

const publicPaths = new Set(publicPagePaths)
const signInPaths = new Set(prerenderedSignInPaths)
const appPaths = new Set(privatePagePaths)
const FILE_PATH = /\.[a-z0-9]+$/i

/** A path without its language prefix and trailing slashes: `/en/contact/` → `/contact`. */
function pagePath(pathname: string): string {
  const trimmed = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname
  return withoutLangPrefix(trimmed, locales) || '/'
}

/** A page of the app rendered in the browser: sign-in pages, the portal and the admin area. */
export function isAppPagePath(pathname: string): boolean {
  const path = pagePath(pathname)
  return appPaths.has(path) || privateAreaPrefixes.some((prefix) => path === prefix || path.startsWith(`${prefix}/`))
}

export function isKnownPagePath(pathname: string): boolean {
  return publicPaths.has(pagePath(pathname)) || isAppPagePath(pathname)
}

/**
 * The language of an unprefixed page, as the app would pick it: the stored choice (the `lang`
 * cookie the language switch sets), then the browser's languages, then Spanish.
 */
export function likelyLocale(pathname: string, acceptLanguage: string | undefined, cookie?: string): Locale {
  const browser = (acceptLanguage ?? '').split(',').map((part) => part.split(';')[0] ?? '')
  return detectLocale({ pathname, stored: cookie, browser })
}

/** The compiled catalogs' addresses (hashed assets, src/lib/catalog-urls.ts), from Vite's build manifest. */
export function catalogUrls(manifest: Record<string, { file: string } | undefined>): Record<Locale, string> {
  const entries = locales.map((locale) => {
    const file = manifest[`locales/${locale}/messages.json`]?.file
    if (!file) throw new Error(`The build manifest has no catalog for ${locale}; run npm run build`)
    return [locale, `/${file}`] as const
  })
  return Object.fromEntries(entries) as Record<Locale, string>
}

/**
 * Sets <html lang> before any script runs and starts the catalog download (`catalog`, its
 * address) in parallel with the app's JavaScript, instead of after it (the page cannot render
 * text without it).
 */
export function withLocaleHints(html: string, locale: Locale, catalog: string): string {
  return html
    .replace(/<html lang="[^"]*"/, `<html lang="${locale}"`)
    .replace('</head>', `  <link rel="preload" href="${catalog}" as="fetch" crossorigin="anonymous" />\n  </head>`)
}

/** Reads once and keeps the answer; a failed read is forgotten, so a later build is found. */
function keptUntilFailure<T>(read: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | undefined
  return () =>
    (pending ??= read().catch((error: unknown) => {
      pending = undefined
      throw error
    }))
}

export interface SiteOptions {
  dist: string
  siteUrl?: string
  /** Stores a contact message sent without JavaScript (contact-submit.ts). */
  submitContact: SubmitContact
  /** Signs the contact form's "started" field. */
  formSecret: string
  /** Largest contact form body accepted without JavaScript, in bytes. */
  contactFormMaxBytes: number
}

/** Folders of the build that are not for the browser: the SSR bundle, the prerendered pages, Vite's manifest. */
const internalFolders = ['/server/', `/${prerenderedDir}/`, '/.vite/']

export function siteRoutes({ dist, siteUrl, submitContact, formSecret, contactFormMaxBytes }: SiteOptions) {
  const app = new Hono()
  const origin = (url: string) => siteUrl ?? new URL(url).origin
  const prerendered = prerenderedPages(dist)
  const visitorLocale = (c: Context) =>
    likelyLocale(c.req.path, c.req.header('Accept-Language'), getCookie(c, localeStorageKey))
  const indexHtml = keptUntilFailure(() => readFile(join(dist, 'index.html'), 'utf8'))
  const catalogs = keptUntilFailure(async () =>
    catalogUrls(
      JSON.parse(await readFile(join(dist, '.vite', 'manifest.json'), 'utf8')) as Parameters<typeof catalogUrls>[0],
    ),
  )
  const fragments = new Map<string, Promise<string | undefined>>()
  /**
   * A prerendered piece of the app's own pages: the error screen, an area's frame (absent from a
   * build without them).
   */
  const prerenderedText = (file: string) => {
    let pending = fragments.get(file)
    if (!pending) {
      pending = readFile(join(dist, prerenderedDir, file), 'utf8').catch(() => undefined)
      fragments.set(file, pending)
    }
    return pending
  }

  app.get('/sitemap.xml', (c) =>
    c.body(sitemapXml(origin(c.req.url)), 200, { 'Content-Type': 'application/xml; charset=utf-8' }),
  )
  app.get('/robots.txt', (c) => c.text(robotsTxt(origin(c.req.url))))

  const serveFile = serveStatic({ root: dist, precompressed: true })
  app.use('*', async (c, next) => {
    // Only paths that name a file (assets, favicon.svg, og/…) can be files;
    // page paths go to the pages below. The prerendered pages are sent only as pages.
    if (!FILE_PATH.test(c.req.path) || internalFolders.some((folder) => c.req.path.startsWith(folder))) return next()
    // Hashed file names change with their content, so they can be cached for good.
    const immutable = c.req.path.startsWith('/assets/')
    c.header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache')
    return serveFile(c, next)
  })

  // The contact form sent without JavaScript posts to its own page.
  const contactPaths = ['/contact', ...locales.map((lng) => `/${lng}/contact`)]
  const withFormToken = (html: string) => addFormToken(html, formSecret)
  const postContact = contactPost({
    submit: submitContact,
    bundle: ssrBundle(dist),
    secret: formSecret,
    locale: visitorLocale,
    withOrigin: (c, html) => withOrigin(html, origin(c.req.url)),
  })
  app.post(
    '*',
    bodyLimit({
      maxSize: contactFormMaxBytes,
      onError: (c) => c.text('El mensaje es demasiado largo. · The message is too long.', 413),
    }),
    (c, next) => (contactPaths.includes(c.req.path) ? postContact(c) : next()),
  )

  async function sendPrerendered(c: Context, file: string, status: 200 | 404, vary: string) {
    const perRequest = pagePath(c.req.path) === '/contact' ? withFormToken : undefined
    const encoding = preferredEncoding(c.req.header('Accept-Encoding'))
    const page = await prerendered(file, origin(c.req.url), encoding, perRequest)
    if (!page) return undefined
    c.header('Cache-Control', perRequest ? 'no-store' : 'no-cache')
    c.header('Vary', vary)
    c.header('Content-Type', 'text/html; charset=UTF-8')
    if (page.encoding !== 'identity') c.header('Content-Encoding', page.encoding)
    return c.body(page.body as Uint8Array<ArrayBuffer>, status)
  }

  app.get('*', async (c) => {
    if (FILE_PATH.test(c.req.path)) return c.text('Not Found', 404)
    const prefix = localeFromPath(c.req.path)
    const locale = visitorLocale(c)
    // An unprefixed page's language depends on the cookie and the browser's languages.
    const vary = prefix ? 'Accept-Encoding' : 'Accept-Encoding, Accept-Language, Cookie'
    const path = pagePath(c.req.path)
    // Public pages and the sign-in pages are prerendered; the rest is rendered in the browser.
    if (publicPaths.has(path) || signInPaths.has(path)) {
      const sent = await sendPrerendered(c, prerenderedPageFile(path, locale, prefix !== undefined), 200, vary)
      if (sent) return sent
    } else if (!isAppPagePath(c.req.path)) {
      const sent = await sendPrerendered(c, prerenderedNotFoundFile(locale, prefix !== undefined), 404, vary)
      if (sent) return sent
    }
    // Awaited before anything else, so a missing build is this request's error (not an
    // unhandled rejection), and forgotten, so a later build is found.
    const index = await indexHtml()
    // A page of the portal or the admin area: index.html with the area's frame already drawn (decision 0049).
    const area = areaOfPath(c.req.path, locales)
    const areaShell = area ? await prerenderedText(areaShellFile(area, locale)) : undefined
    const html = withLocaleHints(areaShell ?? index, locale, (await catalogs())[locale])
    const errorScreen = await prerenderedText(errorScreenFile(locale, prefix !== undefined))
    c.header('Cache-Control', 'no-cache')
    c.header('Vary', 'Accept-Language, Cookie')
    return c.html(errorScreen ? withErrorTemplate(html, errorScreen) : html, isKnownPagePath(c.req.path) ? 200 : 404)
  })
  return app
}
