import { createFileRoute } from '@tanstack/react-router'
import { msg } from '@lingui/core/macro'
import { PortalPlanPage } from '@/features/plan/portal/plan-page'
import { PortalProjectTabs, prefetchProjectTabs } from '@/areas/portal/project-tabs'
import { planProjectQuery, planQuery } from '@/features/plan/queries'
import { isUuid } from '@/lib/query-utils'
import { PortalRouteError } from '@/components/ui/page-kit'
import { privatePageHead } from '@/lib/seo'

// A project's plan for the client: its own page (not nested in the project page), like the
// conversation, so it has its own URL and the project's tabs link to it.
export const Route = createFileRoute('/{-$lang}/_app/client-portal/dashboard/projects/$projectId_/plan')({
  loader: async ({ context: { queryClient, profile }, params: { projectId } }) => {
    if (isUuid(projectId)) {
      void queryClient.prefetchQuery(planQuery(profile.id, projectId))
      prefetchProjectTabs(queryClient, profile.id, projectId)
    }
    const project = await queryClient.ensureQueryData(planProjectQuery(profile.id, projectId))
    return { projectName: project?.name ?? null }
  },
  head: ({ loaderData }) => {
    const name = loaderData?.projectName
    return privatePageHead(name ? msg`Plan: ${name}` : msg`Project not found`)
  },
  component: Page,
  errorComponent: PortalRouteError,
})

function Page() {
  const { projectId } = Route.useParams()
  return <PortalPlanPage projectId={projectId} tabs={<PortalProjectTabs projectId={projectId} open="plan" />} />
}
