import { createFileRoute } from '@tanstack/react-router'
import { ProjectReportsPage } from '@/areas/admin/project/reports'
import { adminReportsQuery } from '@/features/reports/admin/queries'
import { adminDocumentsQuery } from '@/features/documents/admin/queries'
import { prefetchProjectPage } from '@/lib/project-route'
import { PortalRouteError } from '@/components/ui/page-kit'

// A project's reports for staff: draft, publish, attach a document.
export const Route = createFileRoute('/{-$lang}/_app/admin/dashboard/projects/$projectId/reports')({
  loader: prefetchProjectPage(({ projectId }) => [adminReportsQuery(projectId), adminDocumentsQuery(projectId)]),
  component: ProjectReportsPage,
  errorComponent: PortalRouteError,
})
