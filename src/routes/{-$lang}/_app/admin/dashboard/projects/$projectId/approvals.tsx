import { createFileRoute } from '@tanstack/react-router'
import { ProjectApprovalsPage } from '@/areas/admin/project/approvals'
import { adminDocumentsQuery } from '@/features/documents/admin/queries'
import { adminProjectQuery } from '@/features/projects/admin/queries'
import { adminReportsQuery } from '@/features/reports/admin/queries'
import { approversQuery, projectApprovalsQuery } from '@/features/approvals/queries'
import { isUuid } from '@/lib/query-utils'
import { PortalRouteError } from '@/components/ui/page-kit'

// A project's approvals for staff: ask for one, follow the record, download it as CSV.
export const Route = createFileRoute('/{-$lang}/_app/admin/dashboard/projects/$projectId/approvals')({
  loader: async ({ context: { queryClient, profile }, params: { projectId } }) => {
    if (!isUuid(projectId)) return
    void queryClient.prefetchQuery(projectApprovalsQuery(profile.id, projectId))
    void queryClient.prefetchQuery(adminDocumentsQuery(projectId))
    void queryClient.prefetchQuery(adminReportsQuery(projectId))
    const project = await queryClient.ensureQueryData(adminProjectQuery(projectId))
    if (project) void queryClient.prefetchQuery(approversQuery(profile.id, project.organization_id))
  },
  component: ProjectApprovalsPage,
  errorComponent: PortalRouteError,
})
