import { createFileRoute } from '@tanstack/react-router'
import { ProjectPlanPage } from '@/areas/admin/project/plan'
import { planProjectQuery, planQuery, planStaffQuery, timeEntriesQuery } from '@/features/plan/queries'
import { prefetchProjectPage } from '@/lib/project-route'
import { PortalRouteError } from '@/components/ui/page-kit'

// A project's plan for staff: phases, milestones, time entries, their CSV files and the progress.
export const Route = createFileRoute('/{-$lang}/_app/admin/dashboard/projects/$projectId/plan')({
  // The plan's own read of the project (its progress and whether it is set by hand) too: the
  // section suspends on it first.
  loader: prefetchProjectPage(({ projectId, viewer }) => [
    planProjectQuery(viewer.id, projectId),
    planQuery(viewer.id, projectId),
    timeEntriesQuery(projectId),
    planStaffQuery(),
  ]),
  component: ProjectPlanPage,
  errorComponent: PortalRouteError,
})
