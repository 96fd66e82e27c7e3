// The client's dashboard: their organization's projects with progress, the next open tasks,
// the latest published reports and unread notifications, each with an empty state. A project
// with unread messages says how many, linking to its conversation. A client with no project yet
// gets a welcome instead (first-visit-welcome.tsx).
import { useId, type ReactNode } from 'react'
import { Link } from '@tanstack/react-router'
import { useQuery, useSuspenseQuery } from '@tanstack/react-query'
import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { useProfile } from '@/lib/auth/use-auth'
import { useLangPrefix } from '@/lib/use-lang'
import { useLiveBindings } from '@/lib/use-live'
import { formatDate, formatRelative } from '@/lib/format'
import { conversationUnreadQuery } from '@/features/conversation/queries'
import { labelOf, serviceLabels } from '@/lib/labels'
import { ReportFacts } from '@/features/reports/portal/project-reports'
import { pendingApprovalsQuery } from '@/features/approvals/queries'
import { PendingApprovalsList } from '@/features/approvals/pending-approvals'
import { FirstVisitWelcome } from './first-visit-welcome'
import { DueDate, EmptyState, PageHeader, ProgressBar, StatusBadge } from '@/components/ui/page-kit'
import { latestNotificationsQuery } from '@/features/notifications/queries'
import { latestReportsQuery } from '@/features/reports/portal/queries'
import { organizationQuery, projectsQuery, type PortalProject } from '@/features/projects/portal/queries'
import { upcomingTasksQuery } from '@/features/tasks/portal/queries'
import { portalLive } from './live'
import * as styles from '@/components/ui/page.css'

/** Active work first, finished and cancelled last. */
const STATUS_ORDER: Record<string, number> = { in_progress: 0, planning: 1, on_hold: 2, completed: 3, cancelled: 4 }

export function OverviewPage() {
  const profile = useProfile()
  // Tasks and reports of every project, as they change (the projects and the rest: the shell).
  useLiveBindings(portalLive.overview(profile.id))
  const firstName = profile.full_name.trim().split(/\s+/)[0] ?? ''
  const { data: projects } = useSuspenseQuery(projectsQuery(profile.id, profile.organization_id))
  // Nothing shared yet (a new client): a welcome and what comes next instead of empty boxes.
  if (projects.length === 0)
    return (
      <div className={styles.page}>
        <PageHeader title={<Trans>Overview</Trans>}>
          <ContentLanguageNote />
        </PageHeader>
        <FirstVisitWelcome viewerId={profile.id} firstName={firstName} />
        <NotificationsPanel onlyUnread />
      </div>
    )
  return (
    <div className={styles.page}>
      <PageHeader
        title={<Trans>Overview</Trans>}
        lead={
          firstName ? (
            <Trans>Welcome, {firstName}. Here is where your projects stand.</Trans>
          ) : (
            <Trans>Welcome. Here is where your projects stand.</Trans>
          )
        }
      >
        <ContentLanguageNote />
      </PageHeader>
      <ProjectsPanel />
      <PendingApprovalsPanel />
      <div className={styles.overviewGrid}>
        <UpcomingTasksPanel />
        <LatestReportsPanel />
      </div>
      <NotificationsPanel />
    </div>
  )
}

/**
 * An organization works with the firm in one language (its default_locale), and what the firm
 * writes for it is in that language; a person who reads the portal in the other one is told so,
 * rather than finding project texts in a language they did not choose without a word.
 */
function ContentLanguageNote() {
  const profile = useProfile()
  const { i18n } = useLingui()
  const { data: organization } = useQuery(organizationQuery(profile.organization_id))
  if (!organization || organization.default_locale === i18n.locale) return null
  const name = organization.name
  return (
    <p className={styles.lead}>
      {organization.default_locale === 'es' ? (
        <Trans>
          {name} works with Cauce Data in Spanish, so the texts of its projects, documents, tasks and reports are
          written in Spanish.
        </Trans>
      ) : (
        <Trans>
          {name} works with Cauce Data in English, so the texts of its projects, documents, tasks and reports are
          written in English.
        </Trans>
      )}
    </p>
  )
}

function Panel({ title, action, children }: { title: ReactNode; action?: ReactNode; children: ReactNode }) {
  const headingId = useId()
  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <div className={styles.sectionHeader}>
        <h2 id={headingId} className={styles.sectionTitle}>
          {title}
        </h2>
        {action}
      </div>
      {children}
    </section>
  )
}

/** A panel whose content is a list: its items, or what it says when there are none. */
function ListPanel<Item>({
  title,
  action,
  items,
  empty,
  listClassName = styles.plainList,
  children,
}: {
  title: ReactNode
  action?: ReactNode
  items: readonly Item[]
  empty: ReactNode
  listClassName?: string
  children: (item: Item) => ReactNode
}) {
  return (
    <Panel title={title} action={action}>
      {items.length === 0 ? <EmptyState>{empty}</EmptyState> : <ul className={listClassName}>{items.map(children)}</ul>}
    </Panel>
  )
}

function PendingApprovalsPanel() {
  const profile = useProfile()
  const lang = useLangPrefix()
  const { data } = useSuspenseQuery(pendingApprovalsQuery(profile.id))
  return (
    <Panel title={<Trans>Awaiting your approval</Trans>}>
      <PendingApprovalsList
        items={data}
        empty={<Trans>Nothing awaits your approval.</Trans>}
        link={(item, title) => (
          <Link
            to="/{-$lang}/client-portal/dashboard/projects/$projectId"
            params={{ lang, projectId: item.project_id }}
            hash="approvals"
          >
            {title}
          </Link>
        )}
      />
    </Panel>
  )
}

function ProjectsPanel() {
  const profile = useProfile()
  const { data } = useSuspenseQuery(projectsQuery(profile.id, profile.organization_id))
  const projects = [...data].sort((a, b) => (STATUS_ORDER[a.status] ?? 9) - (STATUS_ORDER[b.status] ?? 9))
  return (
    <ListPanel
      title={<Trans>Your projects</Trans>}
      items={projects}
      empty={<Trans>There are no projects to show yet. When we start working together, they will appear here.</Trans>}
      listClassName={styles.cardGrid}
    >
      {(project) => <ProjectCard key={project.id} project={project} />}
    </ListPanel>
  )
}

function ProjectCard({ project }: { project: PortalProject }) {
  const { i18n } = useLingui()
  const lang = useLangPrefix()
  const done = project.status === 'completed' || project.status === 'cancelled'
  const completedOn = project.completed_on ? formatDate(project.completed_on, i18n.locale) : null
  const unread = useQuery(conversationUnreadQuery(useProfile().id)).data?.[project.id] ?? 0
  return (
    <li className={styles.card} data-project-id={project.id}>
      <h3 className={styles.cardTitle}>
        <Link to="/{-$lang}/client-portal/dashboard/projects/$projectId" params={{ lang, projectId: project.id }}>
          {project.name}
        </Link>
      </h3>
      <p className={styles.meta}>
        <span>{labelOf(i18n, serviceLabels, project.service)}</span>
        <StatusBadge kind="project" status={project.status} />
      </p>
      <ProgressBar value={project.progress} />
      <p className={styles.meta}>
        {completedOn ? (
          <span>
            <Trans>Completed on {completedOn}</Trans>
          </span>
        ) : (
          <DueDate date={project.due_date} done={done} />
        )}
      </p>
      {unread > 0 && (
        <p className={styles.meta}>
          <Link
            to="/{-$lang}/client-portal/dashboard/projects/$projectId/conversation"
            params={{ lang, projectId: project.id }}
          >
            <Plural value={unread} one="# unread message" other="# unread messages" />
          </Link>
        </p>
      )}
    </li>
  )
}

function UpcomingTasksPanel() {
  const profile = useProfile()
  const lang = useLangPrefix()
  const { data: tasks } = useSuspenseQuery(upcomingTasksQuery(profile.id, profile.organization_id))
  return (
    <ListPanel
      title={<Trans>Next tasks</Trans>}
      items={tasks}
      empty={<Trans>No open tasks. Nothing is waiting for you.</Trans>}
    >
      {(task) => (
        <li key={task.id} className={styles.listItem} data-task-id={task.id}>
          <p className={styles.itemTitle}>{task.title}</p>
          <p className={styles.meta}>
            <Link
              to="/{-$lang}/client-portal/dashboard/projects/$projectId"
              params={{ lang, projectId: task.project.id }}
              hash="tasks"
            >
              {task.project.name}
            </Link>
            <StatusBadge kind="task" status={task.status} />
            <DueDate date={task.due_date} done={false} />
            {task.assigned_to === profile.id && (
              <span>
                <Trans>Assigned to you</Trans>
              </span>
            )}
          </p>
        </li>
      )}
    </ListPanel>
  )
}

function LatestReportsPanel() {
  const profile = useProfile()
  const lang = useLangPrefix()
  const { data: reports } = useSuspenseQuery(latestReportsQuery(profile.id, profile.organization_id))
  return (
    <ListPanel
      title={<Trans>Latest reports</Trans>}
      items={reports}
      empty={<Trans>No reports have been published yet.</Trans>}
    >
      {(report) => {
        return (
          <li key={report.id} className={styles.listItem} data-report-id={report.id}>
            <p className={styles.itemTitle}>
              <Link
                to="/{-$lang}/client-portal/dashboard/projects/$projectId"
                params={{ lang, projectId: report.project.id }}
                hash="reports"
              >
                {report.title}
              </Link>
            </p>
            <p className={styles.meta}>
              <span>{report.project.name}</span>
              <ReportFacts report={report} />
            </p>
          </li>
        )
      }}
    </ListPanel>
  )
}

/** The unread notifications; with `onlyUnread` (the first visit), nothing at all when there are none. */
function NotificationsPanel({ onlyUnread = false }: { onlyUnread?: boolean }) {
  const { i18n } = useLingui()
  const profile = useProfile()
  const lang = useLangPrefix()
  const { data: notifications } = useSuspenseQuery(latestNotificationsQuery(profile.id))
  if (onlyUnread && notifications.length === 0) return null
  return (
    <ListPanel
      title={<Trans>Unread notifications</Trans>}
      action={
        <Link to="/{-$lang}/client-portal/dashboard/notifications" params={{ lang }}>
          <Trans>See all notifications</Trans>
        </Link>
      }
      items={notifications}
      empty={<Trans>You are up to date: there are no unread notifications.</Trans>}
    >
      {(notification) => (
        <li key={notification.id} className={styles.listItem} data-notification-id={notification.id}>
          <p className={styles.itemTitle}>{notification.title}</p>
          {notification.body && <p className={styles.text}>{notification.body}</p>}
          <p className={styles.meta}>
            <time dateTime={notification.created_at}>{formatRelative(notification.created_at, i18n.locale)}</time>
          </p>
        </li>
      )}
    </ListPanel>
  )
}
