// The app's one router: typed routes from the generated tree, the query client in context,
// and the app-wide defaults for pending, error and not-found screens.
import type { ReactNode } from 'react'
import { createRouter, type AnyRoute, type RouteComponent, type RouterHistory } from '@tanstack/react-router'
import { I18nProvider } from '@lingui/react'
import { detectBrowserLocale, i18n } from './lib/i18n'
import type { Locale } from './lib/locale'
import type { routeTree as everyRoute } from './routeTree.gen'
import { NotFoundPage } from './components/not-found/not-found-page'
import { RethrowError } from './components/error-screen/error-screen'
import { HydrationMark } from './lib/hydration'

/**
 * The context every route starts from. The portal's and the admin area's guards add the query
 * client (and the signed-in user) for the routes below them.
 */
export interface RouterContext {
  /** The language a path is shown in: the prerenderer decides it, the browser detects it. */
  resolveLocale: (pathname: string) => Locale
}

interface AppRouterOptions {
  /**
   * Every route (routeTree.gen.ts, for the pages rendered in the browser) or the public pages'
   * (site-route-tree.gen.ts, for the prerendered pages, decision 0025). Typed as every route:
   * the public pages' router is never asked for another (src/site-app.tsx).
   */
  routeTree: AnyRoute
  /** Shown while a route's code or data loads. */
  pendingComponent: RouteComponent
  history?: RouterHistory
  resolveLocale?: RouterContext['resolveLocale']
}

export function createAppRouter(options: AppRouterOptions) {
  return createRouter({
    routeTree: options.routeTree as typeof everyRoute,
    history: options.history,
    context: { resolveLocale: options.resolveLocale ?? detectBrowserLocale },
    defaultPreload: 'intent',
    // Loaders always run on preload and visit; TanStack Query owns the caching.
    defaultPreloadStaleTime: 0,
    defaultPendingComponent: options.pendingComponent,
    // Errors bubble to the root route, whose error screen replaces the whole app.
    defaultErrorComponent: RethrowError,
    defaultNotFoundComponent: NotFoundPage,
    notFoundMode: 'root',
    Wrap: ({ children }: { children: ReactNode }) => (
      <I18nProvider i18n={i18n}>
        <HydrationMark />
        {children}
      </I18nProvider>
    ),
  })
}

export type AppRouter = ReturnType<typeof createAppRouter>

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter
  }
}
