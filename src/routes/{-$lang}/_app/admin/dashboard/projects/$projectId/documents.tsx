import { createFileRoute } from '@tanstack/react-router'
import { ProjectDocumentsPage } from '@/areas/admin/project-page'
import { adminDocumentsQuery, documentDownloadsQuery } from '@/features/documents/admin/queries'
import { isUuid } from '@/lib/query-utils'
import { PortalRouteError } from '@/components/ui/page-kit'

// A project's documents for staff: upload, show to the client or hide, delete.
export const Route = createFileRoute('/{-$lang}/_app/admin/dashboard/projects/$projectId/documents')({
  loader: ({ context: { queryClient }, params: { projectId } }) => {
    if (!isUuid(projectId)) return
    void queryClient.prefetchQuery(adminDocumentsQuery(projectId))
    // Who downloaded what: the list reads it once it shows; asked for beside the list, not after it.
    void queryClient.prefetchQuery(documentDownloadsQuery(projectId))
  },
  component: ProjectDocumentsPage,
  errorComponent: PortalRouteError,
})
