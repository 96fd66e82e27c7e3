import { createFileRoute } from '@tanstack/react-router'
import { ProjectTasksPage } from '@/features/admin/projects/project-admin-page'
import { adminTasksQuery } from '@/features/admin/projects/queries'
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
