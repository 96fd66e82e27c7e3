import { createFileRoute } from '@tanstack/react-router'
import { msg } from '@lingui/core/macro'
import { OverviewPage } from '@/areas/portal/overview-page'
import { latestNotificationsQuery } from '@/features/notifications/queries'
import { latestReportsQuery } from '@/features/reports/portal/queries'
import { projectsQuery } from '@/features/projects/portal/queries'
import { upcomingTasksQuery } from '@/features/tasks/portal/queries'
import { pendingApprovalsQuery } from '@/features/approvals/queries'
import { PortalRouteError } from '@/components/ui/page-kit'
import { privatePageHead } from '@/lib/seo'

// The client's overview: projects, pending approvals, next tasks, latest reports and unread notifications.
export const Route = createFileRoute('/{-$lang}/_app/client-portal/dashboard/')({
  loader: async ({ context: { queryClient, profile } }) => {
    await Promise.all([
      queryClient.ensureQueryData(projectsQuery(profile.id, profile.organization_id)),
      queryClient.ensureQueryData(upcomingTasksQuery(profile.id, profile.organization_id)),
      queryClient.ensureQueryData(latestReportsQuery(profile.id, profile.organization_id)),
      queryClient.ensureQueryData(latestNotificationsQuery(profile.id)),
      queryClient.ensureQueryData(pendingApprovalsQuery(profile.id)),
    ])
  },
  head: () => privatePageHead(msg`Client portal overview`),
  component: OverviewPage,
  errorComponent: PortalRouteError,
})
