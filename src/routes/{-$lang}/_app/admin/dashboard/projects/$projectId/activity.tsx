import { createFileRoute } from '@tanstack/react-router'
import { ProjectActivityPage } from '@/areas/admin/project-page'
import { adminActivityQuery } from '@/features/activity/admin/queries'
import { adminMetricsQuery } from '@/features/metrics/admin/queries'
import { isUuid } from '@/lib/query-utils'
import { PortalRouteError } from '@/components/ui/page-kit'

// A project's activity for staff: everything the triggers recorded, internal entries included.
export const Route = createFileRoute('/{-$lang}/_app/admin/dashboard/projects/$projectId/activity')({
  loader: ({ context: { queryClient }, params: { projectId } }) => {
    if (!isUuid(projectId)) return
    void queryClient.prefetchQuery(adminActivityQuery(projectId))
    void queryClient.prefetchQuery(adminMetricsQuery(projectId))
  },
  component: ProjectActivityPage,
  errorComponent: PortalRouteError,
})
