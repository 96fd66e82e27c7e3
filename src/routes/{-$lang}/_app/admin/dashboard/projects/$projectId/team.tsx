import { createFileRoute } from '@tanstack/react-router'
import { ProjectTeamPage } from '@/areas/admin/project/team'
import { adminProjectQuery } from '@/features/projects/admin/queries'
import { organizationClientsQuery } from '@/features/approvals/admin/queries'
import { approversQuery } from '@/features/approvals/queries'
import { isUuid } from '@/lib/query-utils'
import { PortalRouteError } from '@/components/ui/page-kit'

// Who at the client reaches this project, and who approves for the organization.
export const Route = createFileRoute('/{-$lang}/_app/admin/dashboard/projects/$projectId/team')({
  loader: async ({ context: { queryClient, profile }, params: { projectId } }) => {
    if (!isUuid(projectId)) return
    const project = await queryClient.ensureQueryData(adminProjectQuery(projectId))
    if (!project) return
    void queryClient.prefetchQuery(organizationClientsQuery(project.organization_id))
    void queryClient.prefetchQuery(approversQuery(profile.id, project.organization_id))
  },
  component: ProjectTeamPage,
  errorComponent: PortalRouteError,
})
