import { createFileRoute } from '@tanstack/react-router'
import { ProjectReportsPage } from '@/areas/admin/project-page'
import { adminReportsQuery } from '@/features/reports/admin/queries'
import { adminDocumentsQuery } from '@/features/documents/admin/queries'
import { isUuid } from '@/lib/query-utils'
import { PortalRouteError } from '@/components/ui/page-kit'

// A project's reports for staff: draft, publish, attach a document.
export const Route = createFileRoute('/{-$lang}/_app/admin/dashboard/projects/$projectId/reports')({
  loader: ({ context: { queryClient }, params: { projectId } }) => {
    if (!isUuid(projectId)) return
    void queryClient.prefetchQuery(adminReportsQuery(projectId))
    void queryClient.prefetchQuery(adminDocumentsQuery(projectId))
  },
  component: ProjectReportsPage,
  errorComponent: PortalRouteError,
})
