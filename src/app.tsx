// The app with every route, which main.tsx starts on the pages rendered in the browser: sign-in,
// the client portal and the admin area. From here, every navigation stays in the browser.
import { routeTree } from './routeTree.gen'
import { RoutePendingSpinner } from './components/spinner/route-pending'
import { startApp as start } from './start-app'

export function startApp(root: HTMLElement, prerenderedPage: boolean): Promise<void> {
  return start(root, prerenderedPage, { routeTree, pendingComponent: RoutePendingSpinner })
}
