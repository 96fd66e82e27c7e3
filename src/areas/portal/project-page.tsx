// One project for the client: its header (status, progress, dates, description), then its
// documents, reports, metrics, tasks and activity, which arrive together (the route waits for them)
// and each fail on their own. A
// project that does not exist or is not theirs (row-level security returns no row) gets a
// "not found" page with the way back.
import { getRouteApi, Link } from '@tanstack/react-router'
import { useQuery, useSuspenseQuery } from '@tanstack/react-query'
import { Trans, useLingui } from '@lingui/react/macro'
import { useProfile } from '@/lib/auth/use-auth'
import { useLangPrefix } from '@/lib/use-lang'
import { ActivityTimeline } from '@/features/activity/activity-timeline'
import { formatDate } from '@/lib/format'
import { useLiveBindings } from '@/lib/use-live'
import { labelOf, serviceLabels } from '@/lib/labels'
import { DocumentsSection } from '@/features/documents/portal/project-documents'
import { MetricsSection, useMetricLabels } from '@/features/metrics/portal/project-metrics'
import { ReportsSection } from '@/features/reports/portal/project-reports'
import { ApprovalsSection } from '@/features/approvals/portal/project-approvals'
import { TasksSection } from '@/features/tasks/portal/project-tasks'
import { projectReportsQuery } from '@/features/reports/portal/queries'
import { PortalProjectTabs } from './project-tabs'
import {
  PageSection as Section,
  ProgressBar,
  ProjectNotFound,
  SectionBoundary,
  SectionSkeleton,
  StatusBadge,
} from '@/components/ui/page-kit'
import { projectActivityQuery, projectQuery, type PortalProject } from '@/features/projects/portal/queries'
import { portalLive } from './live'
import * as styles from '@/components/ui/page.css'

const route = getRouteApi('/{-$lang}/_app/client-portal/dashboard/projects/$projectId')

export function ProjectPage() {
  const { projectId } = route.useParams()
  const profile = useProfile()
  const { data: project } = useSuspenseQuery(projectQuery(profile.id, projectId))
  if (!project) return <NotFound />
  return <ProjectView project={project} />
}

function BackLink() {
  const lang = useLangPrefix()
  return (
    <Link to="/{-$lang}/client-portal/dashboard" params={{ lang }} className={styles.backLink}>
      <span aria-hidden="true">←&nbsp;</span>
      <Trans>Back to overview</Trans>
    </Link>
  )
}

function NotFound() {
  return (
    <ProjectNotFound
      reason={<Trans>This project does not exist or is not shared with your organization.</Trans>}
      back={<BackLink />}
    />
  )
}

function ProjectView({ project }: { project: PortalProject }) {
  const viewer = useProfile().id
  // Its documents, reports, metrics, tasks and activity change on the page as they happen.
  useLiveBindings(portalLive.project(viewer, project.id))
  return (
    <div className={styles.page}>
      <BackLink />
      <ProjectHeader project={project} />
      <PortalProjectTabs projectId={project.id} open="project" />
      <Section id="documents" title={<Trans>Documents</Trans>}>
        <SectionBoundary failure={<Trans>The documents could not be loaded.</Trans>}>
          <DocumentsSection
            projectId={project.id}
            projectName={project.name}
            organizationId={project.organization_id}
          />
        </SectionBoundary>
      </Section>
      <Section id="reports" title={<Trans>Reports</Trans>}>
        <SectionBoundary failure={<Trans>The reports could not be loaded.</Trans>}>
          <ReportsSection projectId={project.id} />
        </SectionBoundary>
      </Section>
      <Section id="approvals" title={<Trans>Approvals</Trans>}>
        <SectionBoundary failure={<Trans>The approvals could not be loaded.</Trans>}>
          <Approvals projectId={project.id} organizationId={project.organization_id} />
        </SectionBoundary>
      </Section>
      <Section id="metrics" title={<Trans>Metrics</Trans>}>
        <SectionBoundary
          failure={<Trans>The metrics could not be loaded.</Trans>}
          skeleton={<SectionSkeleton block lines={2} />}
        >
          <MetricsSection projectId={project.id} />
        </SectionBoundary>
      </Section>
      <Section id="tasks" title={<Trans>Tasks</Trans>}>
        <SectionBoundary failure={<Trans>The tasks could not be loaded.</Trans>}>
          <TasksSection projectId={project.id} projectName={project.name} />
        </SectionBoundary>
      </Section>
      <Section id="activity" title={<Trans>Activity</Trans>}>
        <SectionBoundary failure={<Trans>The activity could not be loaded.</Trans>}>
          <ProjectActivity projectId={project.id} projectName={project.name} />
        </SectionBoundary>
      </Section>
    </div>
  )
}

function ProjectHeader({ project }: { project: PortalProject }) {
  const { i18n } = useLingui()
  const locale = i18n.locale
  return (
    <header className={styles.pageHeader}>
      <p className={styles.meta}>
        <span>{labelOf(i18n, serviceLabels, project.service)}</span>
        <StatusBadge kind="project" status={project.status} />
      </p>
      <h1 className={styles.pageTitle}>{project.name}</h1>
      <ProgressBar value={project.progress} />
      <dl className={styles.details}>
        <div>
          <dt className={styles.detailTerm}>
            <Trans>Start date</Trans>
          </dt>
          <dd className={styles.detailValue}>
            {project.start_date ? formatDate(project.start_date, locale) : <Trans>Not set</Trans>}
          </dd>
        </div>
        <div>
          <dt className={styles.detailTerm}>
            <Trans>Due date</Trans>
          </dt>
          <dd className={styles.detailValue}>
            {project.due_date ? formatDate(project.due_date, locale) : <Trans>Not set</Trans>}
          </dd>
        </div>
        {project.completed_on && (
          <div>
            <dt className={styles.detailTerm}>
              <Trans>Completed on</Trans>
            </dt>
            <dd className={styles.detailValue}>{formatDate(project.completed_on, locale)}</dd>
          </div>
        )}
      </dl>
      {project.description && <p className={styles.summary}>{project.description}</p>}
    </header>
  )
}

function ProjectActivity({ projectId, projectName }: { projectId: string; projectName: string }) {
  const { t } = useLingui()
  const profile = useProfile()
  const { data: entries } = useSuspenseQuery(projectActivityQuery(profile.id, projectId))
  const metricLabels = useMetricLabels(projectId)
  const you = t`By you`
  return (
    <ActivityTimeline
      entries={entries}
      metricLabels={metricLabels}
      label={t`Activity in ${projectName}`}
      actorLabel={(actorId) => (actorId === profile.id ? you : null)}
    />
  )
}

/**
 * The requests for approval, linked to the reports this page shows once its reports section has
 * read them: this only watches that list in the cache (enabled: false), so it asks for nothing
 * itself (a second observer of a stale list would read it again on mount).
 */
function Approvals({ projectId, organizationId }: { projectId: string; organizationId: string }) {
  const profile = useProfile()
  const reports = useQuery({ ...projectReportsQuery(profile.id, projectId), enabled: false }).data
  const shownReports = new Set(reports?.map((report) => report.id))
  return <ApprovalsSection projectId={projectId} organizationId={organizationId} shownReports={shownReports} />
}
