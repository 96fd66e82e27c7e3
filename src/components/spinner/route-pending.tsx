import { useRouterState } from '@tanstack/react-router'
import { ClientShellPending, StaffShellPending } from '@/components/app-shell/app-shell-pending'
import { PageSpinner } from './spinner'

/**
 * The router's default pending screen. On a first load every route of the URL is pending at
 * once and the router shows this rather than a guard's own, so it words the admin guard's wait.
 */
export function RoutePendingSpinner() {
  const pathname = useRouterState({ select: (state) => state.location.pathname })
  const staffArea = /^(\/(es|en))?\/admin\/dashboard(\/|$)/.test(pathname)
  const clientArea = /^(\/(es|en))?\/client-portal\/dashboard(\/|$)/.test(pathname)
  // The applications keep their frame while they load: skeletons, never a whole-page spinner.
  if (staffArea) return <StaffShellPending />
  if (clientArea) return <ClientShellPending />
  return <PageSpinner />
}
