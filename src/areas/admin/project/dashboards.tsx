// An admin project's Dashboards tab (decision 0039): add, edit, order, audience, remove, views.
import { DashboardsAdmin } from '@/features/dashboards/admin/dashboards-admin'
import { ProjectSection } from './frame'

export function ProjectDashboardsPage() {
  return (
    <ProjectSection tab="dashboards">
      {(project) => <DashboardsAdmin projectId={project.id} organizationId={project.organization_id} />}
    </ProjectSection>
  )
}
