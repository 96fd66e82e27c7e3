import { createFileRoute } from '@tanstack/react-router'
import { ProjectTasksPage } from '@/areas/admin/project-page'
import { adminTasksQuery } from '@/features/tasks/admin/queries'
import { isUuid } from '@/lib/query-utils'
import { PortalRouteError } from '@/components/ui/page-kit'

// A project's tasks for staff: create, assign, change status.
export const Route = createFileRoute('/{-$lang}/_app/admin/dashboard/projects/$projectId/tasks')({
  loader: ({ context: { queryClient }, params: { projectId } }) => {
    if (!isUuid(projectId)) return
    void queryClient.prefetchQuery(adminTasksQuery(projectId))
  },
  component: ProjectTasksPage,
  errorComponent: PortalRouteError,
})
