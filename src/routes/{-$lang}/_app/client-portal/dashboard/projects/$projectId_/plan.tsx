import { createFileRoute } from '@tanstack/react-router'
import { msg } from '@lingui/core/macro'
import { PortalPlanPage } from '@/features/plan/portal/plan-page'
import { PortalProjectTabs, projectTabsQueries } from '@/areas/portal/project-tabs'
import { planProjectQuery, planQuery } from '@/features/plan/queries'
import { loadNamedProject } from '@/lib/project-route'
import { PortalRouteError } from '@/components/ui/page-kit'
import { namedPageHead } from '@/lib/named-page-head'

// A project's plan for the client: its own page (not nested in the project page), like the
// conversation, so it has its own URL and the project's tabs link to it.
export const Route = createFileRoute('/{-$lang}/_app/client-portal/dashboard/projects/$projectId_/plan')({
  loader: loadNamedProject(
    ({ projectId, viewer }) => planProjectQuery(viewer.id, projectId),
    ({ projectId, viewer }) => [planQuery(viewer.id, projectId), ...projectTabsQueries(viewer.id, projectId)],
  ),
  head: namedPageHead((name) => msg`Plan: ${name}`, msg`Project not found`),
  component: Page,
  errorComponent: PortalRouteError,
})

function Page() {
  const { projectId } = Route.useParams()
  return <PortalPlanPage projectId={projectId} tabs={<PortalProjectTabs projectId={projectId} open="plan" />} />
}
