// A project's tabs in the portal: the project page (its sections below, reached by the in-page
// links), its dashboards, its conversation and its plan, pages of their own. The open page is
// marked (aria-current and the tab row's style); on the other pages the section links lead back to
// the project page's sections. The Dashboards tab (decision 0039) shows only when the project has
// dashboards for the person.
import { Link } from '@tanstack/react-router'
import { useQuery } from '@tanstack/react-query'
import { useLingui } from '@lingui/react/macro'
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { useProfile } from '@/lib/auth/use-auth'
import { useLangPrefix } from '@/lib/use-lang'
import { conversationUnreadQuery } from '@/features/conversation/queries'
import { projectDashboardsQuery } from '@/features/dashboards/queries'
import { UnreadBadge } from '@/components/ui/page-kit'
import { SectionTabs, tabItem, tabLink } from '@/components/ui/section-tabs'

const sections: { id: string; label: MessageDescriptor }[] = [
  { id: 'documents', label: msg`Documents` },
  { id: 'reports', label: msg`Reports` },
  { id: 'approvals', label: msg`Approvals` },
  { id: 'metrics', label: msg`Metrics` },
  { id: 'tasks', label: msg`Tasks` },
  { id: 'activity', label: msg`Activity` },
]

const projectPath = '/{-$lang}/client-portal/dashboard/projects/$projectId' as const

/**
 * The tabs' own data (whether the project has dashboards for the person; the unread count is the
 * area shell's): for the loaders of the pages that show the tabs, so it starts with the route
 * rather than when the tabs first render.
 */
export const projectTabsQueries = (viewerId: string, projectId: string) =>
  [projectDashboardsQuery(viewerId, projectId)] as const

export function PortalProjectTabs({
  projectId,
  open,
}: {
  projectId: string
  open: 'project' | 'conversation' | 'dashboards' | 'plan'
}) {
  const { t, i18n } = useLingui()
  const lang = useLangPrefix()
  const viewer = useProfile().id
  const unread = useQuery(conversationUnreadQuery(viewer)).data?.[projectId] ?? 0
  const params = { lang, projectId }
  const dashboards = useQuery(projectDashboardsQuery(viewer, projectId)).data?.length ?? 0
  return (
    <SectionTabs label={t`Project sections`}>
      <li className={tabItem}>
        <Link to={projectPath} params={params} className={tabLink} activeOptions={{ exact: true }}>
          {t`Project`}
        </Link>
      </li>
      <li className={tabItem}>
        <Link to={`${projectPath}/conversation`} params={params} className={tabLink}>
          {t`Conversation`}
          {unread > 0 && <UnreadBadge count={unread} />}
        </Link>
      </li>
      {dashboards > 0 && (
        <li className={tabItem}>
          <Link to={`${projectPath}/dashboards`} params={params} className={tabLink}>
            {t`Dashboards`}
          </Link>
        </li>
      )}
      {/* The project plan (decision 0040): a page of its own, like the conversation. */}
      <li className={tabItem}>
        <Link to={`${projectPath}/plan`} params={params} className={tabLink}>
          {t`Plan`}
        </Link>
      </li>
      {sections.map((section) => (
        <li key={section.id} className={tabItem}>
          {open === 'project' ? (
            <a href={`#${section.id}`} className={tabLink}>
              {i18n._(section.label)}
            </a>
          ) : (
            <Link to={projectPath} params={params} hash={section.id} className={tabLink}>
              {i18n._(section.label)}
            </Link>
          )}
        </li>
      ))}
    </SectionTabs>
  )
}
