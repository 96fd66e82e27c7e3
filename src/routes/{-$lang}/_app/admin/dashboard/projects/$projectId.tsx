import { createFileRoute } from '@tanstack/react-router'
import { msg } from '@lingui/core/macro'
import { ProjectAdminPage } from '@/features/admin/projects/project-admin-page'
import {
  adminActivityQuery,
  adminDocumentsQuery,
  adminMetricsQuery,
  adminProjectQuery,
  adminReportsQuery,
  adminTasksQuery,
  projectPeopleQuery,
} from '@/features/admin/projects/queries'
import { isUuid } from '@/lib/query-utils'
import { PortalRouteError } from '@/components/ui/page-kit'
import { privatePageHead } from '@/lib/seo'

// One project for staff. The project itself is awaited (its header, the form and the "not
// found" answer); its documents, reports, metrics, tasks, people and activity load meanwhile.
export const Route = createFileRoute('/{-$lang}/_app/admin/dashboard/projects/$projectId')({
  loader: async ({ context: { queryClient }, params: { projectId } }) => {
    if (isUuid(projectId)) {
      void queryClient.prefetchQuery(adminDocumentsQuery(projectId))
      void queryClient.prefetchQuery(adminReportsQuery(projectId))
      void queryClient.prefetchQuery(adminMetricsQuery(projectId))
      void queryClient.prefetchQuery(adminTasksQuery(projectId))
      void queryClient.prefetchQuery(adminActivityQuery(projectId))
    }
    const project = await queryClient.ensureQueryData(adminProjectQuery(projectId))
    if (project) void queryClient.prefetchQuery(projectPeopleQuery(project.organization_id))
    return { projectName: project?.name ?? null }
  },
  head: ({ loaderData }) => {
    const name = loaderData?.projectName
    return privatePageHead(name ? msg`Project: ${name}` : msg`Project not found`)
  },
  component: ProjectAdminPage,
  errorComponent: PortalRouteError,
})
