// One project for staff, as sub-pages with their own URLs: the overview (details: edit, archive
// or bring back), Documents, Reports, Metrics, Tasks, Approvals, Plan, Activity and Team access, under a header and a nav that
// stay. Every section loads and fails on its own; every write invalidates what it changed (and
// the activity, which the triggers append to).
import { useState, type ReactNode } from 'react'
import { getRouteApi, Link, Outlet } from '@tanstack/react-router'
import { useQuery, useSuspenseQuery } from '@tanstack/react-query'
import { Trans, useLingui } from '@lingui/react/macro'
import { useLangPrefix } from '@/lib/use-lang'
import { ActivityTimeline } from '@/features/activity/activity-timeline'
import { formatDateTime } from '@/lib/format'
import { labelOf, serviceLabels } from '@/lib/labels'
import {
  PageSection,
  ProgressBar,
  ProjectNotFound,
  SectionBoundary,
  StatusBadge,
  UnreadBadge,
} from '@/components/ui/page-kit'
import * as page from '@/components/ui/page.css'
import { HiddenFromClient } from '@/components/ui/staff-project'
import { SectionTabs, tabItem, tabLink } from '@/components/ui/section-tabs'
import { useProfile } from '@/lib/auth/use-auth'
import { conversationUnreadQuery } from '@/features/conversation/queries'
import { useLiveBindings } from '@/lib/use-live'
import { OutcomeMessage } from '@/components/form/project-form-kit'
import type { Outcome } from '@/components/form/field'
import { DocumentsAdmin } from '@/features/documents/admin/admin-documents'
import { adminDocumentsQuery } from '@/features/documents/admin/queries'
import { uploadProjectDocument } from '@/features/documents/admin/api'
import { adminReportsQuery } from '@/features/reports/admin/queries'
import { MetricsAdmin } from '@/features/metrics/admin/admin-metrics'
import { ReportsAdmin } from '@/features/reports/admin/admin-reports'
import { TasksAdmin } from '@/features/tasks/admin/admin-tasks'
import { ApprovalsAdmin } from '@/features/approvals/admin/admin-approvals'
import { PlanAdmin } from '@/features/plan/admin/plan-admin'
import { TeamAccessAdmin } from '@/features/approvals/admin/team-access'
import { DashboardsAdmin } from '@/features/dashboards/admin/dashboards-admin'
import { ProjectDetails } from '@/features/projects/admin/project-details'
import { adminActivityQuery } from '@/features/activity/admin/queries'
import { adminMetricsQuery } from '@/features/metrics/admin/queries'
import { adminProjectLive } from './queries'
import { adminProjectQuery, type AdminProject } from '@/features/projects/admin/queries'
import { projectPeopleQuery } from '@/features/tasks/admin/queries'

const route = getRouteApi('/{-$lang}/_app/admin/dashboard/projects/$projectId')
const overviewRoute = getRouteApi('/{-$lang}/_app/admin/dashboard/projects/$projectId/')

/** The project's frame: back link, header and the sub-pages' navigation; the sub-page below. */
export function ProjectAdminLayout() {
  const project = useRouteProject()
  if (!project) return <NotFound />
  return <ProjectFrame project={project} />
}

function useRouteProject() {
  const { projectId } = route.useParams()
  return useSuspenseQuery(adminProjectQuery(projectId)).data
}

/** A sub-page's body: the project (from the layout's cache) or nothing while it is missing. */
function SubPage({ children }: { children: (project: AdminProject) => ReactNode }) {
  const project = useRouteProject()
  return project ? <>{children(project)}</> : null
}

function BackLink() {
  const lang = useLangPrefix()
  return (
    <Link to="/{-$lang}/admin/dashboard/projects" params={{ lang }} className={page.backLink}>
      <span aria-hidden="true">←&nbsp;</span>
      <Trans>All projects</Trans>
    </Link>
  )
}

function NotFound() {
  return (
    <ProjectNotFound
      reason={<Trans>This project does not exist. It may have been deleted.</Trans>}
      back={<BackLink />}
    />
  )
}

function Section({ id, title, children }: { id: string; title: ReactNode; children: ReactNode }) {
  return (
    <PageSection id={id} title={title} focusable>
      {children}
    </PageSection>
  )
}

const base = '/{-$lang}/admin/dashboard/projects/$projectId' as const

function ProjectFrame({ project }: { project: AdminProject }) {
  const { t, i18n } = useLingui()
  const lang = useLangPrefix()
  const profile = useProfile()
  // Its documents, reports, metrics, tasks and activity arrive live on every sub-page.
  useLiveBindings(adminProjectLive(project.id))
  const unread = useQuery(conversationUnreadQuery(profile.id)).data?.[project.id] ?? 0
  const sections = [
    { to: base, label: t`Overview`, exact: true },
    { to: `${base}/conversation`, label: t`Conversation`, count: unread },
    { to: `${base}/documents`, label: t`Documents` },
    { to: `${base}/reports`, label: t`Reports` },
    { to: `${base}/metrics`, label: t`Metrics` },
    { to: `${base}/tasks`, label: t`Tasks` },
    { to: `${base}/approvals`, label: t`Approvals` },
    { to: `${base}/plan`, label: t`Plan` },
    { to: `${base}/activity`, label: t`Activity` },
    { to: `${base}/team`, label: t`Team access` },
    { to: `${base}/dashboards`, label: t`Dashboards` },
  ] as const
  const organizationName = project.organization?.name ?? ''
  const archivedOn = project.archived_at ? formatDateTime(project.archived_at, i18n.locale) : ''
  return (
    <div className={page.page}>
      <BackLink />
      <div className={page.pageHeader}>
        <h1 className={page.pageTitle}>{project.name}</h1>
        <p className={page.meta}>
          <span>{organizationName}</span>
          <span>{labelOf(i18n, serviceLabels, project.service)}</span>
          <StatusBadge kind="project" status={project.status} />
          {project.archived_at && (
            <span data-testid="archived-marker">
              <Trans>Archived on {archivedOn}</Trans>
            </span>
          )}
          {!project.visible_to_client && <HiddenFromClient />}
        </p>
        <ProgressBar value={project.progress} />
      </div>
      <SectionTabs label={t`Project sections`}>
        {sections.map((section) => (
          <li key={section.to} className={tabItem}>
            <Link
              to={section.to}
              params={{ lang, projectId: project.id }}
              className={tabLink}
              activeOptions={{ exact: 'exact' in section }}
            >
              {section.label}
              {'count' in section && section.count > 0 && <UnreadBadge count={section.count} />}
            </Link>
          </li>
        ))}
      </SectionTabs>
      <Outlet />
    </div>
  )
}

/** The overview: the project's details (edit, archive), and the confirmation after creating it. */
export function ProjectOverviewPage() {
  const { t } = useLingui()
  const { created } = overviewRoute.useSearch()
  // Kept for the page's life: the message stays until the person moves on.
  const [outcome] = useState<Outcome | null>(() =>
    created
      ? {
          tone: 'info',
          text: t`The project has been created. Add its documents, reports, metrics and tasks from the sections above.`,
        }
      : null,
  )
  return (
    <SubPage>
      {(project) => (
        <>
          <OutcomeMessage outcome={outcome} />
          <Section id="details" title={<Trans>Details</Trans>}>
            <ProjectDetails project={project} />
          </Section>
        </>
      )}
    </SubPage>
  )
}

export function ProjectDocumentsPage() {
  return (
    <SubPage>
      {(project) => (
        <Section id="documents" title={<Trans>Documents</Trans>}>
          <SectionBoundary failure={<Trans>The documents could not be loaded.</Trans>}>
            <DocumentsAdmin project={project} />
          </SectionBoundary>
        </Section>
      )}
    </SubPage>
  )
}

export function ProjectReportsPage() {
  return (
    <SubPage>
      {(project) => (
        <Section id="reports" title={<Trans>Reports</Trans>}>
          <SectionBoundary failure={<Trans>The reports could not be loaded.</Trans>}>
            <ProjectReports project={project} />
          </SectionBoundary>
        </Section>
      )}
    </SubPage>
  )
}

export function ProjectMetricsPage() {
  return (
    <SubPage>
      {(project) => (
        <Section id="metrics" title={<Trans>Metrics</Trans>}>
          <SectionBoundary failure={<Trans>The metrics could not be loaded.</Trans>}>
            <MetricsAdmin project={project} />
          </SectionBoundary>
        </Section>
      )}
    </SubPage>
  )
}

export function ProjectTasksPage() {
  return (
    <SubPage>
      {(project) => (
        <Section id="tasks" title={<Trans>Tasks</Trans>}>
          <SectionBoundary failure={<Trans>The tasks could not be loaded.</Trans>}>
            <TasksAdmin project={project} />
          </SectionBoundary>
        </Section>
      )}
    </SubPage>
  )
}

export function ProjectApprovalsPage() {
  return (
    <SubPage>
      {(project) => (
        <Section id="approvals" title={<Trans>Approvals</Trans>}>
          <SectionBoundary failure={<Trans>The approvals could not be loaded.</Trans>}>
            <ProjectApprovals project={project} />
          </SectionBoundary>
        </Section>
      )}
    </SubPage>
  )
}

// The project plan (decision 0040): phases, milestones, time and the progress they give.
export function ProjectPlanPage() {
  return (
    <SubPage>
      {(project) => (
        <Section id="plan" title={<Trans>Plan</Trans>}>
          <SectionBoundary failure={<Trans>The plan could not be loaded.</Trans>}>
            <PlanAdmin projectId={project.id} />
          </SectionBoundary>
        </Section>
      )}
    </SubPage>
  )
}

export function ProjectTeamPage() {
  return (
    <SubPage>
      {(project) => (
        <Section id="team" title={<Trans>Team access</Trans>}>
          <SectionBoundary failure={<Trans>The team could not be loaded.</Trans>}>
            <TeamAccessAdmin project={project} />
          </SectionBoundary>
        </Section>
      )}
    </SubPage>
  )
}

// Dashboards (decision 0039).
export function ProjectDashboardsPage() {
  return (
    <SubPage>
      {(project) => (
        <Section id="dashboards" title={<Trans>Dashboards</Trans>}>
          <SectionBoundary failure={<Trans>The dashboards could not be loaded.</Trans>}>
            <DashboardsAdmin projectId={project.id} organizationId={project.organization_id} />
          </SectionBoundary>
        </Section>
      )}
    </SubPage>
  )
}

export function ProjectActivityPage() {
  return (
    <SubPage>
      {(project) => (
        <Section id="activity" title={<Trans>Activity</Trans>}>
          <SectionBoundary failure={<Trans>The activity could not be loaded.</Trans>}>
            <ActivitySection project={project} />
          </SectionBoundary>
        </Section>
      )}
    </SubPage>
  )
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

/** A project's reports, with the documents a report's file is chosen among or uploaded to. */
function ProjectReports({ project }: { project: AdminProject }) {
  const { data: documents } = useSuspenseQuery(adminDocumentsQuery(project.id))
  return <ReportsAdmin project={project} documents={documents} uploadDocument={uploadProjectDocument} />
}

/** A project's approvals, with the documents and reports that can be put up for approval. */
function ProjectApprovals({ project }: { project: AdminProject }) {
  const { data: documents } = useSuspenseQuery(adminDocumentsQuery(project.id))
  const { data: reports } = useSuspenseQuery(adminReportsQuery(project.id))
  return <ApprovalsAdmin project={project} deliverables={{ documents, reports }} />
}
