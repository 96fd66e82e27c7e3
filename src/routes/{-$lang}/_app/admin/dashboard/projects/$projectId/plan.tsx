import { createFileRoute } from '@tanstack/react-router'
import { ProjectPlanPage } from '@/areas/admin/project-page'
import { planQuery, planStaffQuery, timeEntriesQuery } from '@/features/plan/queries'
import { isUuid } from '@/lib/query-utils'
import { PortalRouteError } from '@/components/ui/page-kit'

// A project's plan for staff: phases, milestones, time entries, their CSV files and the progress.
export const Route = createFileRoute('/{-$lang}/_app/admin/dashboard/projects/$projectId/plan')({
  loader: ({ context: { queryClient, profile }, params: { projectId } }) => {
    if (!isUuid(projectId)) return
    void queryClient.prefetchQuery(planQuery(profile.id, projectId))
    void queryClient.prefetchQuery(timeEntriesQuery(projectId))
    void queryClient.prefetchQuery(planStaffQuery())
  },
  component: ProjectPlanPage,
  errorComponent: PortalRouteError,
})
