// One project for staff, as sub-pages with their own URLs: the overview (details: edit, archive
// or bring back), Conversation, Documents, Reports, Metrics, Tasks, Approvals, Plan, Activity, Team
// access and Dashboards, under a header and a nav that stay. This module is the frame every tab
// shares (the header, the nav, the project's live lists, a tab's section); each tab is a module of
// its own beside it, so a tab's route chunk brings only its own sections (issue 24). Every section
// loads and fails on its own; every write invalidates what it changed (and the activity, which
// the triggers append to).
import type { ReactNode } from 'react'
import { getRouteApi, Link, Outlet } from '@tanstack/react-router'
import { useQuery, useSuspenseQuery } from '@tanstack/react-query'
import { Trans, useLingui } from '@lingui/react/macro'
import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'
import { useLangPrefix } from '@/lib/use-lang'
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
import { SectionTabs, tabItem, tabLink } from '@/components/ui/section-tabs'
import { useProfile } from '@/lib/auth/use-auth'
import { conversationUnreadQuery } from '@/features/conversation/queries'
import { useLiveBindings } from '@/lib/use-live'
import { adminProjectLive } from '../queries'
import { adminProjectQuery, type AdminProject } from '@/features/projects/admin/queries'
import { HiddenFromClient } from '@/components/ui/staff-project'

const route = getRouteApi('/{-$lang}/_app/admin/dashboard/projects/$projectId')

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
export function SubPage({ children }: { children: (project: AdminProject) => ReactNode }) {
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

/** A tab's section: its heading, focused when the tab opens. */
export function Section({ id, title, children }: { id: string; title: ReactNode; children: ReactNode }) {
  return (
    <PageSection id={id} title={title} focusable>
      {children}
    </PageSection>
  )
}

const base = '/{-$lang}/admin/dashboard/projects/$projectId' as const

/**
 * The project's tabs, in the nav's order: where each is, its name (the nav's link and the tab's
 * section heading) and, for a tab of one section, what it says when its lists could not be loaded.
 */
const tabs = {
  overview: { to: base, label: msg`Overview` },
  conversation: { to: `${base}/conversation`, label: msg`Conversation` },
  documents: { to: `${base}/documents`, label: msg`Documents`, failure: msg`The documents could not be loaded.` },
  reports: { to: `${base}/reports`, label: msg`Reports`, failure: msg`The reports could not be loaded.` },
  metrics: { to: `${base}/metrics`, label: msg`Metrics`, failure: msg`The metrics could not be loaded.` },
  tasks: { to: `${base}/tasks`, label: msg`Tasks`, failure: msg`The tasks could not be loaded.` },
  approvals: { to: `${base}/approvals`, label: msg`Approvals`, failure: msg`The approvals could not be loaded.` },
  plan: { to: `${base}/plan`, label: msg`Plan`, failure: msg`The plan could not be loaded.` },
  activity: { to: `${base}/activity`, label: msg`Activity`, failure: msg`The activity could not be loaded.` },
  team: { to: `${base}/team`, label: msg`Team access`, failure: msg`The team could not be loaded.` },
  dashboards: { to: `${base}/dashboards`, label: msg`Dashboards`, failure: msg`The dashboards could not be loaded.` },
} as const satisfies Record<string, { to: string; label: MessageDescriptor; failure?: MessageDescriptor }>

/** A tab of one section, named as in the nav, whose lists load and fail on their own, with the project from the frame. */
export function ProjectSection({
  tab,
  children,
}: {
  tab: {
    [K in keyof typeof tabs]: (typeof tabs)[K] extends { failure: MessageDescriptor } ? K : never
  }[keyof typeof tabs]
  children: (project: AdminProject) => ReactNode
}) {
  const { i18n } = useLingui()
  const { label, failure } = tabs[tab]
  return (
    <SubPage>
      {(project) => (
        <Section id={tab} title={i18n._(label)}>
          <SectionBoundary failure={i18n._(failure)}>{children(project)}</SectionBoundary>
        </Section>
      )}
    </SubPage>
  )
}

function ProjectFrame({ project }: { project: AdminProject }) {
  const { t, i18n } = useLingui()
  const lang = useLangPrefix()
  const profile = useProfile()
  // Its documents, reports, metrics, tasks and activity arrive live on every sub-page.
  useLiveBindings(adminProjectLive(project.id))
  const unread = useQuery(conversationUnreadQuery(profile.id)).data?.[project.id] ?? 0
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
        {Object.entries(tabs).map(([key, tab]) => (
          <li key={tab.to} className={tabItem}>
            <Link
              to={tab.to}
              params={{ lang, projectId: project.id }}
              className={tabLink}
              activeOptions={{ exact: key === 'overview' }}
            >
              {i18n._(tab.label)}
              {key === 'conversation' && unread > 0 && <UnreadBadge count={unread} />}
            </Link>
          </li>
        ))}
      </SectionTabs>
      <Outlet />
    </div>
  )
}
