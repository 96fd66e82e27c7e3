import { createFileRoute } from '@tanstack/react-router'
import { requireAudience } from '../../../../../auth/guards'
import { PortalLayout } from '../../../../../features/portal/portal-layout'
import { GuardPending, GuardError } from '../../../../../features/auth/guard-screens'

// Everything under /client-portal/dashboard is for signed-in clients of an organization.
export const Route = createFileRoute('/{-$lang}/_site/client-portal/dashboard')({
  beforeLoad: (options) => requireAudience('client', options),
  pendingComponent: () => <GuardPending audience="client" />,
  pendingMs: 150,
  errorComponent: GuardError,
  component: PortalLayout,
})
