import { createFileRoute } from '@tanstack/react-router'
import { ProjectDashboardsPage } from '@/areas/admin/project/dashboards'
import { adminDashboardsQuery, dashboardViewsQuery } from '@/features/dashboards/queries'
import { prefetchProjectPage } from '@/lib/project-route'
import { PortalRouteError } from '@/components/ui/page-kit'

// A project's dashboards for staff (decision 0039): add, edit, order, audience, remove, views.
export const Route = createFileRoute('/{-$lang}/_app/admin/dashboard/projects/$projectId/dashboards')({
  loader: prefetchProjectPage(({ projectId }) => [adminDashboardsQuery(projectId), dashboardViewsQuery(projectId)]),
  component: ProjectDashboardsPage,
  errorComponent: PortalRouteError,
})
