// Where each prerendered page lives in the build, shared by the prerenderer (which writes them)
// and the server (which sends them). Every public page exists four times: /es/x and /en/x, and
// the unprefixed /x in each language (its links stay unprefixed), plus the 404 page in each form.
import { locales, type Locale } from '../lib/locale'
import { prerenderedSignInPaths, publicPagePaths, withLangPrefix } from '../lib/pages'

export const prerenderedDir = 'prerendered'

/**
 * In the prerendered folder: the CSP sources (hashes) of the pages' inline scripts, which the
 * server adds to its Content-Security-Policy: `{ "scriptSources": ["'sha256-…'"] }`.
 */
export const inlineScriptsFile = 'inline-scripts.json'

/** An address no route answers: rendering it gives the 404 page in that URL form. */
const notFoundProbe = '/__not-found'

export interface PrerenderTarget {
  /** The address rendered (the 404 page is rendered at a probe address). */
  url: string
  locale: Locale
  /** Path of the HTML file, relative to the prerendered folder. */
  file: string
  notFound: boolean
  /** Which route tree renders it and which chunk hydrates it: the public site's, or the app's. */
  tree: 'site' | 'app'
}

function fileName(path: string): string {
  return path === '/' ? 'index.html' : `${path.slice(1)}.html`
}

function folder(locale: Locale, prefixed: boolean): string {
  return prefixed ? locale : `bare-${locale}`
}

/** The prerendered file for an unprefixed page path (`/contact`) shown in `locale`. */
export function prerenderedPageFile(path: string, locale: Locale, prefixed: boolean): string {
  return `${folder(locale, prefixed)}/${fileName(path)}`
}

export function prerenderedNotFoundFile(locale: Locale, prefixed: boolean): string {
  return `${folder(locale, prefixed)}/404.html`
}

export function prerenderTargets(paths: readonly string[] = publicPagePaths): PrerenderTarget[] {
  const targets: PrerenderTarget[] = []
  for (const locale of locales) {
    for (const prefixed of [true, false]) {
      for (const path of paths) {
        targets.push({
          url: prefixed ? withLangPrefix(path, locale) : path,
          locale,
          file: prerenderedPageFile(path, locale, prefixed),
          notFound: false,
          tree: 'site',
        })
      }
      targets.push({
        url: prefixed ? withLangPrefix(notFoundProbe, locale) : notFoundProbe,
        locale,
        file: prerenderedNotFoundFile(locale, prefixed),
        notFound: true,
        tree: 'site',
      })
    }
  }
  return targets
}

/** The sign-in pages in every URL form and language: rendered with the app's routes, which hydrate them. */
export function signInPrerenderTargets(paths: readonly string[] = prerenderedSignInPaths): PrerenderTarget[] {
  return locales.flatMap((locale) =>
    [true, false].flatMap((prefixed) =>
      paths.map((path) => ({
        url: prefixed ? withLangPrefix(path, locale) : path,
        locale,
        file: prerenderedPageFile(path, locale, prefixed),
        notFound: false,
        tree: 'app' as const,
      })),
    ),
  )
}

/** The error screen fragment for the pages the browser renders, per language and URL form. */
export function errorScreenFile(locale: Locale, prefixed: boolean): string {
  return `${folder(locale, prefixed)}/error-screen.html`
}
