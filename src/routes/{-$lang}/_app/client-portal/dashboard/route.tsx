import { createFileRoute } from '@tanstack/react-router'
import { QueryClientProvider } from '@tanstack/react-query'
import { appQueryClient } from '@/lib/query-client'
import { PortalLayout, prefetchPortalShell } from '@/areas/portal/portal-layout'
import { GuardError } from '@/features/accounts/guard-screens'
import { AfterFrame, ClientShellPending } from '@/components/app-shell/app-shell-pending'

// Everything under /client-portal/dashboard is for signed-in clients of an organization.
// While the guard waits, the shell's frame shows with skeletons (no whole-page spinner).
export const Route = createFileRoute('/{-$lang}/_app/client-portal/dashboard')({
  // The guard comes with the auth code, on first use: the public pages' bundle stays small.
  beforeLoad: async (options) => (await import('@/lib/auth/guards')).requireAudience('client', options),
  // The shell's own data starts beside the page's loader (parent and child loaders run together).
  loader: ({ context: { queryClient, profile } }) => prefetchPortalShell(queryClient, profile),
  errorComponent: GuardError,
  pendingComponent: ClientShellPending,
  component: PortalRoute,
})

function PortalRoute() {
  return (
    <AfterFrame pending={<ClientShellPending />}>
      <QueryClientProvider client={appQueryClient()}>
        <PortalLayout />
      </QueryClientProvider>
    </AfterFrame>
  )
}
