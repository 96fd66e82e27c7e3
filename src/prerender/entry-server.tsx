// Renders pages of the app to HTML with the same router, routes and components as the browser,
// which then hydrates them: the prerenderer (scripts/lib/prerender.mjs) writes every public page
// with it at build time, and the server renders its answers to the contact form sent without
// JavaScript. Lingui's active language is global: callers render one page at a time.
import { renderToString } from 'react-dom/server'
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router'
import { createAppRouter } from '../router'
import { routeTree as siteRouteTree } from '../site-route-tree.gen'
import { routeTree as appRouteTree } from '../routeTree.gen'
import { PageSpinner } from '../components/spinner/spinner'
import { RoutePendingSpinner } from '../components/spinner/route-pending'
import { jsonLdText, organization } from '../features/site/structured-data'
import { siteConfig } from '../config/site'
import { activateLocale, i18n, provideCatalogs } from '../lib/i18n'
import type { Messages } from '@lingui/core'
import { localeFromPath, locales, type Locale } from '../lib/locale'
import { catalogUrl } from '../lib/catalog-urls'
import { fillTemplate, type DocumentMode } from '../lib/html-document'
import { I18nProvider } from '@lingui/react'
import { ErrorScreenView } from '../components/error-screen/error-screen'
import { withLangPrefix } from '../lib/pages'
import { linkProbeScript, isLinkPage } from '../features/accounts/link-on-open'
import {
  contactProblems,
  ContactSubmissionProvider,
  readContactForm,
  refusedFieldMessage,
  type ContactSubmission,
} from '../features/site/contact-form/submission'
import type { ContactField, ContactValues } from '../features/site/contact-form/rules'

export interface RenderOptions {
  /** The built index.html. */
  template: string
  /** The path the page answers at. */
  url: string
  /** Its language when the path has no prefix. */
  locale: Locale
  mode: DocumentMode
  /** The contact form's state, for the server's answer to a form sent without JavaScript. */
  contact?: ContactSubmission
  /** The inline script that starts the app on the page (src/prerender/page-bootstrap.ts). */
  bootstrap?: string
  /** The public site's routes (default), or the app's for the prerendered sign-in pages. */
  tree?: 'site' | 'app'
}

/** Reads the built catalogs (<dist>/assets/catalog-{lng}-{hash}.json): every render after this finds them at hand. */
export async function provideBuiltCatalogs(dist: string): Promise<void> {
  const { readFile } = await import('node:fs/promises')
  const entries = await Promise.all(
    locales.map(async (lng) => {
      const { messages } = JSON.parse(await readFile(`${dist}${catalogUrl(lng)}`, 'utf8')) as { messages: Messages }
      return [lng, messages] as const
    }),
  )
  provideCatalogs(Object.fromEntries(entries) as Record<Locale, Messages>)
}

/** The whole HTML document of a page, and the language it was rendered in. */
export async function renderDocument(options: RenderOptions): Promise<{ html: string; lang: Locale }> {
  // The routes the browser hydrates the page with: src/site-app.tsx's, or src/app.tsx's.
  const app = options.tree === 'app'
  const router = createAppRouter({
    routeTree: app ? appRouteTree : siteRouteTree,
    pendingComponent: app ? RoutePendingSpinner : PageSpinner,
    history: createMemoryHistory({ initialEntries: [options.url] }),
    resolveLocale: (pathname) => localeFromPath(pathname) ?? options.locale,
  })
  await router.load()
  const appHtml = renderToString(
    <ContactSubmissionProvider value={options.contact ?? null}>
      <RouterProvider router={router} />
    </ContactSubmissionProvider>,
  )
  const lang = i18n.locale as Locale
  const errorScreenHtml = renderErrorScreen(localeFromPath(options.url))
  return {
    html: fillTemplate(options.template, {
      lang,
      appHtml,
      mode: options.mode,
      errorScreenHtml,
      bootstrap: options.bootstrap,
      needsScript: app,
      headHtml: app
        ? isLinkPage(options.url)
          ? [`<script>${linkProbeScript()}</script>`]
          : []
        : [`<script type="application/ld+json">${jsonLdText(organization(lang))}</script>`],
    }),
    lang,
  }
}

/** The error screen in the active language, its home link in the given URL form. */
function renderErrorScreen(prefix: Locale | undefined): string {
  return renderToString(
    <I18nProvider i18n={i18n}>
      <ErrorScreenView homeHref={withLangPrefix('/', prefix)} />
    </I18nProvider>,
  )
}

/** The error screen for the pages rendered in the browser (sign-in, portal, admin). */
export async function errorScreenFragment(locale: Locale, prefixed: boolean): Promise<string> {
  await activateLocale(locale)
  return renderErrorScreen(prefixed ? locale : undefined)
}

/** The contact form's fields checked in a language, as the browser checks them. */
export async function checkContactForm(form: URLSearchParams, locale: Locale) {
  await activateLocale(locale)
  const values: ContactValues = readContactForm(form)
  return {
    values,
    problems: contactProblems(i18n, values),
    /** In the same language: the message for a field the database refused. */
    refused: (field: ContactField) => ({ field, message: refusedFieldMessage(i18n, field, values) }),
  }
}

export { errorScreenFile, inlineScriptsFile, prerenderTargets, signInPrerenderTargets } from './prerendered'
export { pageBootstrapScript, scriptHashSource } from './page-bootstrap'
export { linkProbeScript } from '../features/accounts/link-on-open'
export { showStaticErrorScreen } from '../lib/static-error-screen'
export { prerenderOrigin } from '../lib/seo'
export { locales } from '../lib/locale'
export { toRow as contactRow } from '../features/site/contact-form/rules'
export { classifyFailure as classifyContactFailure } from '../features/site/contact-form/send'
export { startedFieldName } from '../features/site/contact-form/submission'
export const siteName = siteConfig.name
export const siteHost = new URL(siteConfig.url).host
// The areas' frames (decision 0049).
export { areaShellDocument, areaShells } from './area-shell'
export { areaShellFile } from './area-shell-files'
