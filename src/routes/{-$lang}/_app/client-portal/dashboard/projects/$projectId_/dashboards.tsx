import { createFileRoute } from '@tanstack/react-router'
import { msg } from '@lingui/core/macro'
import { PortalDashboardsPage } from '@/features/dashboards/dashboards-page'
import { PortalProjectTabs } from '@/areas/portal/project-tabs'
import { dashboardsProjectQuery, projectDashboardsQuery } from '@/features/dashboards/queries'
import { PortalRouteError } from '@/components/ui/page-kit'
import { loadNamedProject } from '@/lib/project-route'
import { namedPageHead } from '@/lib/named-page-head'

// A project's dashboards for the client (decision 0039): its own page, reached by the project's tabs.
export const Route = createFileRoute('/{-$lang}/_app/client-portal/dashboard/projects/$projectId_/dashboards')({
  loader: loadNamedProject(
    ({ projectId, viewer }) => dashboardsProjectQuery(viewer.id, projectId),
    ({ projectId, viewer }) => [projectDashboardsQuery(viewer.id, projectId)],
  ),
  head: namedPageHead((name) => msg`Dashboards: ${name}`, msg`Project not found`),
  component: Page,
  errorComponent: PortalRouteError,
})

function Page() {
  const { projectId } = Route.useParams()
  return (
    <PortalDashboardsPage projectId={projectId} tabs={<PortalProjectTabs projectId={projectId} open="dashboards" />} />
  )
}
