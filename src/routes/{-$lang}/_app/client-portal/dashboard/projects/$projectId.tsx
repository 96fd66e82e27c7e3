import { createFileRoute } from '@tanstack/react-router'
import { msg } from '@lingui/core/macro'
import { ProjectPage } from '@/areas/portal/project-page'
import { projectActivityQuery, projectQuery } from '@/features/projects/portal/queries'
import { projectDocumentsQuery } from '@/features/documents/portal/queries'
import { projectMetricsQuery } from '@/features/metrics/portal/queries'
import { projectReportsQuery } from '@/features/reports/portal/queries'
import { projectTasksQuery } from '@/features/tasks/portal/queries'
import { loadNamedProject } from '@/lib/project-route'
import { approversQuery, projectApprovalsQuery } from '@/features/approvals/queries'
import { projectDashboardsQuery } from '@/features/dashboards/queries'
import { PortalRouteError } from '@/components/ui/page-kit'
import { namedPageHead } from '@/lib/named-page-head'

// One project of the client's organization. The project (its header and the "not found" answer)
// and its documents, reports, metrics, tasks and activity are asked for at once, and the page shows
// when all have arrived (or failed once: that section says so), so that no section arriving late
// pushes down the others.
export const Route = createFileRoute('/{-$lang}/_app/client-portal/dashboard/projects/$projectId')({
  loader: loadNamedProject(
    ({ projectId, viewer }) => projectQuery(viewer.id, projectId),
    ({ projectId, viewer }) => [
      projectDocumentsQuery(viewer.id, projectId),
      projectReportsQuery(viewer.id, projectId),
      projectMetricsQuery(viewer.id, projectId),
      projectTasksQuery(viewer.id, projectId),
      projectActivityQuery(viewer.id, projectId),
      projectApprovalsQuery(viewer.id, projectId),
      // The tabs show "Dashboards" when there are some for the person.
      projectDashboardsQuery(viewer.id, projectId),
      // A client's projects are their organization's: who approves there need not wait for the project.
      ...(viewer.organization_id ? [approversQuery(viewer.id, viewer.organization_id)] : []),
    ],
    { together: true },
  ),
  head: namedPageHead((name) => msg`Project: ${name}`, msg`Project not found`),
  component: ProjectPage,
  errorComponent: PortalRouteError,
})
