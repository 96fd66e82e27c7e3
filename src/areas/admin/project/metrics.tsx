// An admin project's Metrics tab: record a value, import a CSV, correct or delete.
import { MetricsAdmin } from '@/features/metrics/admin/admin-metrics'
import { ProjectSection } from './frame'

export function ProjectMetricsPage() {
  return <ProjectSection tab="metrics">{(project) => <MetricsAdmin project={project} />}</ProjectSection>
}
