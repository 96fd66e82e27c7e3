import { createFileRoute } from '@tanstack/react-router'
import { ProjectTasksPage } from '@/areas/admin/project/tasks'
import { adminTasksQuery } from '@/features/tasks/admin/queries'
import { prefetchProjectPage } from '@/lib/project-route'
import { PortalRouteError } from '@/components/ui/page-kit'

// A project's tasks for staff: create, assign, change status.
export const Route = createFileRoute('/{-$lang}/_app/admin/dashboard/projects/$projectId/tasks')({
  loader: prefetchProjectPage(({ projectId }) => [adminTasksQuery(projectId)]),
  component: ProjectTasksPage,
  errorComponent: PortalRouteError,
})
