import { createFileRoute } from '@tanstack/react-router'
import { msg } from '@lingui/core/macro'
import { ProjectPage } from '@/areas/portal/project-page'
import { projectActivityQuery, projectQuery } from '@/features/projects/portal/queries'
import { projectDocumentsQuery } from '@/features/documents/portal/queries'
import { projectMetricsQuery } from '@/features/metrics/portal/queries'
import { projectReportsQuery } from '@/features/reports/portal/queries'
import { projectTasksQuery } from '@/features/tasks/portal/queries'
import { isUuid } from '@/lib/query-utils'
import { approversQuery, projectApprovalsQuery } from '@/features/approvals/queries'
import { projectDashboardsQuery } from '@/features/dashboards/queries'
import { PortalRouteError } from '@/components/ui/page-kit'
import { privatePageHead } from '@/lib/seo'

// One project of the client's organization. The project itself is awaited (its header and the
// "not found" answer); documents, reports, metrics, tasks and activity start loading at the same
// time and stream into their sections.
export const Route = createFileRoute('/{-$lang}/_app/client-portal/dashboard/projects/$projectId')({
  loader: async ({ context: { queryClient, profile }, params: { projectId } }) => {
    if (isUuid(projectId)) {
      void queryClient.prefetchQuery(projectDocumentsQuery(profile.id, projectId))
      void queryClient.prefetchQuery(projectReportsQuery(profile.id, projectId))
      void queryClient.prefetchQuery(projectMetricsQuery(profile.id, projectId))
      void queryClient.prefetchQuery(projectTasksQuery(profile.id, projectId))
      void queryClient.prefetchQuery(projectActivityQuery(profile.id, projectId))
      void queryClient.prefetchQuery(projectApprovalsQuery(profile.id, projectId))
      // The tabs show "Dashboards" when there are some for the person.
      void queryClient.prefetchQuery(projectDashboardsQuery(profile.id, projectId))
      // A client's projects are their organization's: who approves there need not wait for the project.
      if (profile.organization_id) void queryClient.prefetchQuery(approversQuery(profile.id, profile.organization_id))
    }
    const project = await queryClient.ensureQueryData(projectQuery(profile.id, projectId))
    return { projectName: project?.name ?? null }
  },
  head: ({ loaderData }) => {
    const name = loaderData?.projectName
    return privatePageHead(name ? msg`Project: ${name}` : msg`Project not found`)
  },
  component: ProjectPage,
  errorComponent: PortalRouteError,
})
