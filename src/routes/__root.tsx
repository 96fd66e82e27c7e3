import { createRootRouteWithContext, HeadContent, Outlet } from '@tanstack/react-router'
import type { RouterContext } from '../router'
import { activateLocale } from '../lib/i18n'
import { ErrorScreen } from '../components/error-screen/error-screen'

export const Route = createRootRouteWithContext<RouterContext>()({
  // Runs on every navigation: the language follows the URL prefix, then the stored choice,
  // then the browser (or, while prerendering, the page's language). Activation is a no-op when
  // the locale is already active.
  beforeLoad: async ({ location, context }) => {
    await activateLocale(context.resolveLocale(location.pathname))
  },
  component: RootLayout,
  errorComponent: ErrorScreen,
})

function RootLayout() {
  return (
    <>
      <HeadContent />
      <Outlet />
    </>
  )
}
