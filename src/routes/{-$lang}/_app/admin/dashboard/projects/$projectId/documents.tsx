import { createFileRoute } from '@tanstack/react-router'
import { ProjectDocumentsPage } from '@/areas/admin/project/documents'
import { adminDocumentsQuery, documentDownloadsQuery } from '@/features/documents/admin/queries'
import { prefetchProjectPage } from '@/lib/project-route'
import { PortalRouteError } from '@/components/ui/page-kit'

// A project's documents for staff: upload, show to the client or hide, delete.
export const Route = createFileRoute('/{-$lang}/_app/admin/dashboard/projects/$projectId/documents')({
  // Who downloaded what: the list reads it once it shows; asked for beside the list, not after it.
  loader: prefetchProjectPage(({ projectId }) => [adminDocumentsQuery(projectId), documentDownloadsQuery(projectId)]),
  component: ProjectDocumentsPage,
  errorComponent: PortalRouteError,
})
