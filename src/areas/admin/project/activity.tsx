// An admin project's Activity tab: everything the triggers recorded, internal entries included,
// with the names of the people in it and the metrics' labels.
import { useSuspenseQuery } from '@tanstack/react-query'
import { useLingui } from '@lingui/react/macro'
import { useProfile } from '@/lib/auth/use-auth'
import { ActivityTimeline } from '@/features/activity/activity-timeline'
import { adminActivityQuery } from '@/features/activity/admin/queries'
import { adminMetricsQuery } from '@/features/metrics/admin/queries'
import type { AdminProject } from '@/features/projects/admin/queries'
import { projectPeopleQuery } from '@/features/tasks/admin/queries'
import { ProjectSection } from './frame'

export function ProjectActivityPage() {
  return <ProjectSection tab="activity">{(project) => <ActivitySection project={project} />}</ProjectSection>
}

function ActivitySection({ project }: { project: AdminProject }) {
  const { t, i18n } = useLingui()
  const profile = useProfile()
  const { data: entries } = useSuspenseQuery(adminActivityQuery(project.id))
  const { data: people } = useSuspenseQuery(projectPeopleQuery(project.id))
  const { data: metrics } = useSuspenseQuery(adminMetricsQuery(project.id))
  const projectName = project.name
  const names = new Map([...people.clients, ...people.staff].map((person) => [person.id, person.full_name]))
  const metricLabels = Object.fromEntries(
    metrics.map((metric) => [metric.metric_key, i18n.locale === 'es' ? metric.label_es : metric.label_en]),
  )
  return (
    <ActivityTimeline
      entries={entries}
      metricLabels={metricLabels}
      label={t`Activity of ${projectName}`}
      actorLabel={(actorId) => {
        if (!actorId) return null
        if (actorId === profile.id) return t`By you`
        const name = names.get(actorId)
        return name ? t`By ${name}` : null
      }}
    />
  )
}
