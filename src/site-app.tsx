// The app of the prerendered public pages, which their inline script starts (src/prerender/page-bootstrap.ts):
// only the marketing pages' routes (site-route-tree.gen.ts), so a visitor's first load carries
// none of the sign-in pages', the portal's or the admin area's route definitions (decision 0025).
// Between public pages, navigation stays in the browser; any other address is loaded as a
// document, which the server answers with the page that has its routes (src/app.tsx).
import { routeTree } from './site-route-tree.gen'
import { PageSpinner } from './components/spinner/spinner'
import { isLocale } from './lib/locale'
import type { AppRouter } from './router'
import { startApp as start } from './start-app'

export function startApp(root: HTMLElement, prerenderedPage: boolean): Promise<void> {
  return start(root, prerenderedPage, { routeTree, pendingComponent: PageSpinner, prepare: leaveForOtherPages })
}

/**
 * Whether this router has the page at `pathname`: a whole match (the router's nearest partial one
 * carries the rest of the path as `**`), with a language segment that is one of ours.
 */
function hasPage(router: AppRouter, pathname: string): boolean {
  const [, params, found] = router.getMatchedRoutes(pathname)
  return found !== undefined && params['**'] === undefined && (params.lang === undefined || isLocale(params.lang))
}

function leaveForOtherPages(router: AppRouter) {
  router.history.block({
    // A blocker normally also asks before the tab closes; this one only redirects navigations.
    enableBeforeUnload: false,
    blockerFn: ({ nextLocation }) => {
      if (hasPage(router, nextLocation.pathname)) return false
      window.location.assign(nextLocation.href)
      return true
    },
  })
}
