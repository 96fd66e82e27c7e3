import { createFileRoute } from '@tanstack/react-router'
import { msg } from '@lingui/core/macro'
import { DashboardHostsPage } from '@/features/dashboards/admin/dashboard-hosts-page'
import { dashboardHostsQuery } from '@/features/dashboards/queries'
import { PortalRouteError } from '@/components/ui/page-kit'
import { privatePageHead } from '@/lib/seo'

// The hosts project dashboards may be on (decision 0039): staff add and remove them.
export const Route = createFileRoute('/{-$lang}/_app/admin/dashboard/dashboard-hosts')({
  loader: ({ context: { queryClient } }) => queryClient.ensureQueryData(dashboardHostsQuery()),
  head: () => privatePageHead(msg`Allowed dashboard hosts`),
  component: DashboardHostsPage,
  errorComponent: PortalRouteError,
})
