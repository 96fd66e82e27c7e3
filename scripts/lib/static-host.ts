// The built site laid out for a static host with Netlify's rules files (`_redirects`, `_headers`),
// for those who would rather not run the web tier. Every public page and sign-in page in its three
// URL forms, the 404 page per language, the SPA's shell per language for the portal, the admin area
// and the pages that read their link (password reset, confirmation), and the web tier's security
// headers (one definition: they are read from its middleware). What a static host cannot do is
// listed in the README ("Deploy").
import { cpSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { Hono } from 'hono'
import { locales, type Locale } from '../../src/lib/locale'
import {
  prerenderedSignInPaths,
  privateAreaPrefixes,
  privatePagePaths,
  publicPagePaths,
  withLangPrefix,
} from '../../src/lib/pages'
import {
  errorScreenFile,
  prerenderedDir,
  prerenderedNotFoundFile,
  prerenderedPageFile,
} from '../../src/prerender/prerendered'
import { withErrorTemplate } from '../../src/lib/html-document'
import { areaShellFile, areaShells, type AreaShell } from '../../src/prerender/area-shell-files'
import { withOrigin } from '../../supabase/server/static/prerendered'
import {
  apiSources,
  dashboardFrameSources,
  inlineScriptSources,
  securityHeaders,
} from '../../supabase/server/static/security-headers'
import { catalogUrls, withLocaleHints } from '../../supabase/server/static/site'
import { robotsTxt, sitemapXml } from '../../supabase/server/static/seo-files'

export interface StaticHostOptions {
  /** The build (`npm run build` with VITE_SUPABASE_URL and VITE_SUPABASE_ANON_KEY set). */
  dist: string
  out: string
  /** The site's public origin: canonical links, share images, sitemap. */
  siteUrl: string
  /** The Supabase project the SPA was built for. */
  supabaseUrl: string
  /** More origins dashboards may be framed from (DASHBOARD_FRAME_SOURCES, decision 0039). */
  frameSources?: string[]
  /** The Metabase site (METABASE_SITE_URL), whose embedded dashboards the portal frames. */
  metabaseSite?: string
}

/** Pages prerendered as HTML: the public ones and the sign-in pages (decision 0031). */
const prerenderedPaths = [...publicPagePaths, ...prerenderedSignInPaths]
const signInPaths = new Set(prerenderedSignInPaths)

/** Where the unprefixed pages and the SPA's shells go: never linked, reached only through rewrites. */
const hidden = '_pages'
/** The language a rule chooses for an unprefixed URL: English for English readers, else Spanish. */
const fallbackLocale: Locale = 'es'
const otherLocales = locales.filter((locale) => locale !== fallbackLocale)

/** /es → es/index.html, /es/contact → es/contact.html: where any static host finds them. */
const prefixedFile = (path: string, locale: Locale) => (path === '/' ? `${locale}/index.html` : `${locale}${path}.html`)
const shellFile = (locale: Locale, prefixed: boolean) => `/${hidden}/app-${prefixed ? '' : 'bare-'}${locale}.html`
/** The SPA's shell with an area's frame drawn (decision 0049), for that area's pages. */
const areaShellPage = (area: AreaShell, locale: Locale, prefixed: boolean) =>
  `/${hidden}/area-${area}-${prefixed ? '' : 'bare-'}${locale}.html`
const bareFile = (file: string) => `/${hidden}/${file}`

/** One rewrite per language for an unprefixed path: the others' with a Language condition first. */
function negotiated(from: string, to: (locale: Locale) => string, status: '200!' | '404') {
  return [
    ...otherLocales.map((locale) => `${from}  ${to(locale)}  ${status}  Language=${locale}`),
    `${from}  ${to(fallbackLocale)}  ${status}`,
  ]
}

export function redirectsFile(): string {
  const lines = ['# Written by `npm run build:static` (scripts/lib/static-host.ts). Netlify syntax.']
  lines.push('', '# Prerendered pages: under /es and /en as they are; unprefixed, in the reader’s language.')
  for (const locale of locales)
    for (const path of prerenderedPaths)
      lines.push(`${withLangPrefix(path, locale)}  /${prefixedFile(path, locale)}  200!`)
  for (const path of prerenderedPaths)
    lines.push(...negotiated(path, (locale) => bareFile(prerenderedPageFile(path, locale, false)), '200!'))
  lines.push('', '# The other sign-in pages: the SPA, with its shell in the right language.')
  const areaPaths = new Set(areaShells.map(({ prefix }) => prefix))
  const appPaths = [
    ...privatePagePaths.filter((path) => !signInPaths.has(path)),
    ...privateAreaPrefixes.filter((prefix) => !areaPaths.has(prefix)).map((prefix) => `${prefix}/*`),
  ]
  for (const locale of locales)
    for (const path of appPaths) lines.push(`${withLangPrefix(path, locale)}  ${shellFile(locale, true)}  200!`)
  for (const path of appPaths) lines.push(...negotiated(path, (locale) => shellFile(locale, false), '200!'))
  lines.push('', '# The portal and the admin area: the SPA with the area’s frame drawn, in the right language.')
  for (const { area, prefix } of areaShells) {
    for (const path of [prefix, `${prefix}/*`]) {
      for (const locale of locales)
        lines.push(`${withLangPrefix(path, locale)}  ${areaShellPage(area, locale, true)}  200!`)
      lines.push(...negotiated(path, (locale) => areaShellPage(area, locale, false), '200!'))
    }
  }
  lines.push('', '# Anything else: the 404 page in the language of its URL.')
  for (const locale of locales) lines.push(`/${locale}/*  /${prerenderedNotFoundFile(locale, true)}  404`)
  lines.push(...negotiated('/*', (locale) => bareFile(prerenderedNotFoundFile(locale, false)), '404'))
  return `${lines.join('\n')}\n`
}

/** The web tier's security headers, taken from its own middleware. */
async function securityHeaderLines(dist: string, supabaseUrl: string, frames: FrameOptions): Promise<string[]> {
  const app = new Hono()
  app.use(
    '*',
    securityHeaders(
      inlineScriptSources(dist),
      apiSources(supabaseUrl),
      dashboardFrameSources({ extra: frames.frameSources, metabaseSite: frames.metabaseSite }),
    ),
  )
  app.get('*', (c) => c.text(''))
  const response = await app.request('/')
  return [...response.headers]
    .filter(([name]) => name !== 'content-type')
    .map(([name, value]) => `  ${name.replace(/(^|-)\w/g, (part) => part.toUpperCase())}: ${value}`)
}

type FrameOptions = Pick<StaticHostOptions, 'frameSources' | 'metabaseSite'>

export async function headersFile(dist: string, supabaseUrl: string, frames: FrameOptions = {}): Promise<string> {
  return [
    '# Written by `npm run build:static` (scripts/lib/static-host.ts). Netlify syntax.',
    '/*',
    ...(await securityHeaderLines(dist, supabaseUrl, frames)),
    '  Cache-Control: no-cache',
    '/assets/*',
    '  Cache-Control: public, max-age=31536000, immutable',
    '',
  ].join('\n')
}

function write(path: string, text: string) {
  mkdirSync(dirname(path), { recursive: true })
  writeFileSync(path, text)
}

/** Writes the static host's copy of the site into `out`; returns how many HTML files it holds. */
export async function buildStaticHost({
  dist,
  out,
  siteUrl,
  supabaseUrl,
  frameSources = [],
  metabaseSite,
}: StaticHostOptions): Promise<number> {
  const origin = new URL(siteUrl).origin
  rmSync(out, { recursive: true, force: true })
  // Everything the browser loads, as built; not the SSR bundle, the prerendered folder or precompressed copies.
  cpSync(dist, out, {
    recursive: true,
    filter: (source) => {
      const relative = source.slice(dist.length).replace(/\\/g, '/')
      return !/^\/(server|\.vite|prerendered)(\/|$)/.test(relative) && !/\.(br|gz)$/.test(relative)
    },
  })
  let pages = 0
  const page = (target: string, html: string) => {
    write(join(out, target), withOrigin(html, origin))
    pages++
  }
  const prerendered = (file: string) => readFileSync(join(dist, prerenderedDir, file), 'utf8')
  const catalogs = catalogUrls(JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8')))
  for (const locale of locales) {
    for (const path of prerenderedPaths) {
      page(prefixedFile(path, locale), prerendered(prerenderedPageFile(path, locale, true)))
      page(bareFile(prerenderedPageFile(path, locale, false)), prerendered(prerenderedPageFile(path, locale, false)))
    }
    page(prerenderedNotFoundFile(locale, true), prerendered(prerenderedNotFoundFile(locale, true)))
    page(bareFile(prerenderedNotFoundFile(locale, false)), prerendered(prerenderedNotFoundFile(locale, false)))
    const index = readFileSync(join(dist, 'index.html'), 'utf8')
    for (const prefixed of [true, false]) {
      page(
        shellFile(locale, prefixed),
        withErrorTemplate(
          withLocaleHints(index, locale, catalogs[locale]),
          prerendered(errorScreenFile(locale, prefixed)),
        ),
      )
      for (const { area } of areaShells)
        page(
          areaShellPage(area, locale, prefixed),
          withErrorTemplate(
            withLocaleHints(prerendered(areaShellFile(area, locale)), locale, catalogs[locale]),
            prerendered(errorScreenFile(locale, prefixed)),
          ),
        )
    }
  }
  write(join(out, '_redirects'), redirectsFile())
  write(join(out, '_headers'), await headersFile(dist, supabaseUrl, { frameSources, metabaseSite }))
  write(join(out, 'sitemap.xml'), sitemapXml(origin))
  write(join(out, 'robots.txt'), robotsTxt(origin))
  return pages
}

/** Every file under `dir`, as paths from it with a leading slash. */
export function listFiles(dir: string, base = dir): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? listFiles(join(dir, entry.name), base)
      : [join(dir, entry.name).slice(base.length).replace(/\\/g, '/')],
  )
}
