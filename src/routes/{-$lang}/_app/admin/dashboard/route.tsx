import { createFileRoute } from '@tanstack/react-router'
import { QueryClientProvider } from '@tanstack/react-query'
import { appQueryClient } from '@/lib/query-client'
import { AdminLayout, prefetchAdminShell } from '@/areas/admin/admin-layout'
import { GuardError } from '@/features/accounts/guard-screens'
import { AfterFrame, StaffShellPending } from '@/components/app-shell/app-shell-pending'

// Everything under /admin/dashboard is for active staff (admin or super_admin).
// While the guard waits, the shell's frame shows with skeletons (no whole-page spinner).
export const Route = createFileRoute('/{-$lang}/_app/admin/dashboard')({
  // The guard comes with the auth code, on first use: the public pages' bundle stays small.
  beforeLoad: async (options) => (await import('@/lib/auth/guards')).requireAudience('staff', options),
  // The shell's own data starts beside the page's loader (parent and child loaders run together).
  loader: ({ context: { queryClient, profile } }) => prefetchAdminShell(queryClient, profile),
  errorComponent: GuardError,
  pendingComponent: StaffShellPending,
  component: AdminRoute,
})

function AdminRoute() {
  return (
    <AfterFrame pending={<StaffShellPending />}>
      <QueryClientProvider client={appQueryClient()}>
        <AdminLayout />
      </QueryClientProvider>
    </AfterFrame>
  )
}
