// Renders one page of the app to HTML, for the prerenderer (scripts/lib/prerender.mjs). The same
// router, routes and components as the browser: the browser then hydrates this markup.
import { renderToString } from 'react-dom/server'
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router'
import { createAppRouter } from './router'
import { i18n } from './lib/i18n'
import { localeFromPath, type Locale } from './lib/locale'

export interface RenderedPage {
  /** React's markup for #app; the <title>, <meta> and <link> tags it hoists come first. */
  appHtml: string
  lang: Locale
}

/** `url` is the path the page answers at; `locale` its language when the path has no prefix. */
export async function renderPage(url: string, locale: Locale): Promise<RenderedPage> {
  const router = createAppRouter({
    history: createMemoryHistory({ initialEntries: [url] }),
    resolveLocale: (pathname) => localeFromPath(pathname) ?? locale,
  })
  await router.load()
  const appHtml = renderToString(<RouterProvider router={router} />)
  return { appHtml, lang: i18n.locale as Locale }
}
export { provideCatalogs } from './lib/i18n'
export { prerenderTargets } from './lib/prerendered'
export { prerenderOrigin } from './lib/seo'
