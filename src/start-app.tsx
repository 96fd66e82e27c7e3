// The app's start, for both entries: src/site-app.tsx (the public pages' routes), which a
// prerendered page's inline script loads (src/prerender/page-bootstrap.ts), and src/app.tsx (every
// route), which main.tsx loads. A public page arrives prerendered (#app[data-prerendered="hydrate"]): the router
// loads the same route in the page's language and React hydrates the markup. The 404 page
// ("render": prerendered at a probe address, so its route tree need not match this one) is
// rendered afresh over its own markup once its route is loaded. Every other page (sign-in,
// portal, admin) is rendered here, after the visitor's language is active (I18nProvider renders
// nothing until then).
import { StrictMode, startTransition, type ReactNode } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { RouterProvider } from '@tanstack/react-router'
import { createAppRouter, type AppRouter } from './router'
import { activateLocale, detectBrowserLocale, syncLocaleCookie } from './lib/i18n'
import { localeFromPath, normalizeLocale } from './lib/locale'
import { startInspector } from './lib/inspector'
import { bindAuthToApp } from './lib/auth/loader'
import { markHydrated, yieldToMain } from './lib/hydration'
import { clearQueryCache } from './lib/query-cache'
import { replacedHeadAttribute } from './lib/html-document'

/** The head tags a page's routes render: a page rendered afresh replaces the prerendered ones. */
const prerenderedHeadTags = [
  `[${replacedHeadAttribute}]`,
  'title',
  'meta[name="description"]',
  'meta[name="robots"]',
  'meta[property^="og:"]',
  'meta[name^="twitter:"]',
  'link[rel="canonical"]',
  'link[rel="alternate"]',
].join(', ')

export interface AppRoutes {
  routeTree: Parameters<typeof createAppRouter>[0]['routeTree']
  pendingComponent: Parameters<typeof createAppRouter>[0]['pendingComponent']
  /** Called with the router before it first loads a route. */
  prepare?: (router: AppRouter) => void
}

/**
 * Renders over what #app holds, as a transition: that stays on screen until the first render
 * commits, and the render (the router, an area's skeletons) comes in slices, not one long task.
 */
function renderAfresh(root: HTMLElement, app: ReactNode) {
  startTransition(() => createRoot(root).render(app))
}

/** Starts the app in #app: hydrates a prerendered page, renders any other. Throws when it cannot. */
export async function startApp(root: HTMLElement, prerenderedPage: boolean, routes: AppRoutes): Promise<void> {
  // A prerendered page is already on screen and the visitor may be using it: the start is split
  // into short tasks (loading the modules, creating the router, loading the route, hydrating in
  // slices), so a tap or a key press never waits long for the main thread.
  if (prerenderedPage) await yieldToMain()
  await startInspector()
  syncLocaleCookie()

  const prerendered = prerenderedPage ? root.getAttribute('data-prerendered') : null
  // The server chose the language of an unprefixed page (cookie, then Accept-Language); a choice
  // stored only in this browser (made before the cookie existed) can differ. Then the page is
  // rendered afresh in that language instead of hydrated in the other.
  const pageLocale = prerendered ? normalizeLocale(document.documentElement.lang) : undefined
  const mode =
    prerendered === 'hydrate' && pageLocale !== detectBrowserLocale(window.location.pathname) ? 'render' : prerendered
  // While hydrating, the first render must be in the page's language to match the markup.
  let hydrating = mode === 'hydrate'
  const resolveLocale = (pathname: string) =>
    hydrating && pageLocale ? (localeFromPath(pathname) ?? pageLocale) : detectBrowserLocale(pathname)
  const router = createAppRouter({
    routeTree: routes.routeTree,
    pendingComponent: routes.pendingComponent,
    resolveLocale,
  })
  routes.prepare?.(router)
  // Auth changes re-run the guards; a change of user empties the query cache first.
  bindAuthToApp({
    invalidate: () => void router.invalidate(),
    clearCache: clearQueryCache,
  })
  const app = (
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>
  )
  if (!prerendered) {
    // No catalog, no text: main.tsx then shows the prerendered error screen.
    await activateLocale(detectBrowserLocale(window.location.pathname))
    // An area's prerendered frame (decision 0049) is titled by the area: the page's title replaces it.
    for (const tag of document.head.querySelectorAll(`[${replacedHeadAttribute}]`)) tag.remove()
    renderAfresh(root, app)
    await markHydrated()
    return
  }
  // The catalog first: without it the app cannot start (the caller then shows the error screen,
  // or leaves a public page as it is), rather than hydrating a route whose language failed.
  await activateLocale(resolveLocale(window.location.pathname))
  await yieldToMain()
  await router.load()
  await yieldToMain()
  if (mode === 'hydrate') {
    // Render the root as the server did (no top-level Suspense boundary around the matches).
    router.ssr = { manifest: undefined }
    startTransition(() => {
      hydrateRoot(root, app)
    })
  } else {
    // React puts the page's own head tags back; the prerendered ones would stay beside them.
    for (const tag of document.head.querySelectorAll(prerenderedHeadTags)) tag.remove()
    renderAfresh(root, app)
  }
  await markHydrated()
  hydrating = false
}
