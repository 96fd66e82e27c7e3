import { createFileRoute } from '@tanstack/react-router'
import { ProjectPlanPage } from '@/areas/admin/project-page'
import { planQuery, planStaffQuery, timeEntriesQuery } from '@/features/plan/queries'
import { prefetchProjectPage } from '@/lib/project-route'
import { PortalRouteError } from '@/components/ui/page-kit'

// A project's plan for staff: phases, milestones, time entries, their CSV files and the progress.
export const Route = createFileRoute('/{-$lang}/_app/admin/dashboard/projects/$projectId/plan')({
  loader: prefetchProjectPage(({ projectId, viewer }) => [
    planQuery(viewer.id, projectId),
    timeEntriesQuery(projectId),
    planStaffQuery(),
  ]),
  component: ProjectPlanPage,
  errorComponent: PortalRouteError,
})
