import { createFileRoute } from '@tanstack/react-router'
import { msg } from '@lingui/core/macro'
import { PortalDashboardsPage } from '@/features/dashboards/dashboards-page'
import { PortalProjectTabs } from '@/areas/portal/project-tabs'
import { dashboardsProjectQuery, projectDashboardsQuery } from '@/features/dashboards/queries'
import { PortalRouteError } from '@/components/ui/page-kit'
import { privatePageHead } from '@/lib/seo'

// A project's dashboards for the client (decision 0039): its own page, reached by the project's tabs.
export const Route = createFileRoute('/{-$lang}/_app/client-portal/dashboard/projects/$projectId_/dashboards')({
  loader: async ({ context: { queryClient, profile }, params: { projectId } }) => {
    void queryClient.prefetchQuery(projectDashboardsQuery(profile.id, projectId))
    const project = await queryClient.ensureQueryData(dashboardsProjectQuery(profile.id, projectId))
    return { projectName: project?.name ?? null }
  },
  head: ({ loaderData }) => {
    const name = loaderData?.projectName
    return privatePageHead(name ? msg`Dashboards: ${name}` : msg`Project not found`)
  },
  component: Page,
  errorComponent: PortalRouteError,
})

function Page() {
  const { projectId } = Route.useParams()
  return (
    <PortalDashboardsPage projectId={projectId} tabs={<PortalProjectTabs projectId={projectId} open="dashboards" />} />
  )
}
