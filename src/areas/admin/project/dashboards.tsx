// An admin project's Dashboards tab (decision 0039): add, edit, order, audience, remove, views.
import { Trans } from '@lingui/react/macro'
import { DashboardsAdmin } from '@/features/dashboards/admin/dashboards-admin'
import { ProjectSection } from './frame'

export function ProjectDashboardsPage() {
  return (
    <ProjectSection
      id="dashboards"
      title={<Trans>Dashboards</Trans>}
      failure={<Trans>The dashboards could not be loaded.</Trans>}
    >
      {(project) => <DashboardsAdmin projectId={project.id} organizationId={project.organization_id} />}
    </ProjectSection>
  )
}
