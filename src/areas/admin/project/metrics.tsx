// An admin project's Metrics tab: record a value, import a CSV, correct or delete.
import { Trans } from '@lingui/react/macro'
import { MetricsAdmin } from '@/features/metrics/admin/admin-metrics'
import { ProjectSection } from './frame'

export function ProjectMetricsPage() {
  return (
    <ProjectSection
      id="metrics"
      title={<Trans>Metrics</Trans>}
      failure={<Trans>The metrics could not be loaded.</Trans>}
    >
      {(project) => <MetricsAdmin project={project} />}
    </ProjectSection>
  )
}
