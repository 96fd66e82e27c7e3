import { createFileRoute } from '@tanstack/react-router'
import { ProjectDashboardsPage } from '@/areas/admin/project-page'
import { adminDashboardsQuery, dashboardViewsQuery } from '@/features/dashboards/queries'
import { isUuid } from '@/lib/query-utils'
import { PortalRouteError } from '@/components/ui/page-kit'

// A project's dashboards for staff (decision 0039): add, edit, order, audience, remove, views.
export const Route = createFileRoute('/{-$lang}/_app/admin/dashboard/projects/$projectId/dashboards')({
  loader: ({ context: { queryClient }, params: { projectId } }) => {
    if (!isUuid(projectId)) return
    void queryClient.prefetchQuery(adminDashboardsQuery(projectId))
    void queryClient.prefetchQuery(dashboardViewsQuery(projectId))
  },
  component: ProjectDashboardsPage,
  errorComponent: PortalRouteError,
})
