import { createFileRoute } from '@tanstack/react-router'
import { requireAudience } from '../../../../../auth/guards'
import { AdminLayout } from '../../../../../features/admin/admin-layout'
import { GuardPending, GuardError } from '../../../../../features/auth/guard-screens'

// Everything under /admin/dashboard is for active staff (admin or super_admin).
export const Route = createFileRoute('/{-$lang}/_site/admin/dashboard')({
  beforeLoad: (options) => requireAudience('staff', options),
  pendingComponent: () => <GuardPending audience="staff" />,
  pendingMs: 150,
  errorComponent: GuardError,
  component: AdminLayout,
})
