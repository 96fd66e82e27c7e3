import { createFileRoute } from '@tanstack/react-router'
import { ProjectMetricsPage } from '@/areas/admin/project/metrics'
import { adminMetricsQuery } from '@/features/metrics/admin/queries'
import { prefetchProjectPage } from '@/lib/project-route'
import { PortalRouteError } from '@/components/ui/page-kit'

// A project's metrics for staff: record a value, import a CSV, correct or delete.
export const Route = createFileRoute('/{-$lang}/_app/admin/dashboard/projects/$projectId/metrics')({
  loader: prefetchProjectPage(({ projectId }) => [adminMetricsQuery(projectId)]),
  component: ProjectMetricsPage,
  errorComponent: PortalRouteError,
})
