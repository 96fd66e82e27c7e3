import { createFileRoute } from '@tanstack/react-router'
import { ProjectActivityPage } from '@/areas/admin/project/activity'
import { adminActivityQuery } from '@/features/activity/admin/queries'
import { adminMetricsQuery } from '@/features/metrics/admin/queries'
import { prefetchProjectPage } from '@/lib/project-route'
import { PortalRouteError } from '@/components/ui/page-kit'

// A project's activity for staff: everything the triggers recorded, internal entries included.
export const Route = createFileRoute('/{-$lang}/_app/admin/dashboard/projects/$projectId/activity')({
  loader: prefetchProjectPage(({ projectId }) => [adminActivityQuery(projectId), adminMetricsQuery(projectId)]),
  component: ProjectActivityPage,
  errorComponent: PortalRouteError,
})
