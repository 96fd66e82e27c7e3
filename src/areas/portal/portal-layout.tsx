// The client portal inside the application shell: its sections (the overview, search, notifications with
// the unread count, the account) and the client's organization. New sections go in `sections`.
// Every list follows the database live (queries.ts's portalLive); a lost connection is shown until it recovers.
import { Outlet } from '@tanstack/react-router'
import { useQuery, type QueryClient } from '@tanstack/react-query'
import { useLingui } from '@lingui/react/macro'
import { msg, plural } from '@lingui/core/macro'
import { useProfile } from '@/lib/auth/use-auth'
import { useLangPrefix } from '@/lib/use-lang'
import { AppShell, type ShellSection } from '@/components/app-shell/app-shell'
import { conversationUnreadQuery, totalUnread } from '@/features/conversation/queries'
import { useLiveBindings, useLiveConnectionLost } from '@/lib/use-live'
import { unreadCountQuery } from '@/features/notifications/queries'
import { activePreview, leavePreview } from '@/lib/auth/view-as'
import { organizationQuery } from '@/features/projects/portal/queries'
import { portalLive } from './live'
import { PreviewBanner } from './preview-banner'

/**
 * What the shell itself reads (the organization's name and the unread counts). The area's route
 * starts them with the page's own data, so the shell's requests do not wait for the page's.
 */
function portalShellQueries(profile: { id: string; organization_id: string | null }) {
  return {
    organization: organizationQuery(profile.organization_id),
    unread: unreadCountQuery(profile.id),
    unreadMessages: conversationUnreadQuery(profile.id),
  }
}

/**
 * Starts the shell's queries that have no data yet; for the area route's loader, which runs again
 * on every move within the area (the live updates keep what is there fresh).
 */
export function prefetchPortalShell(queryClient: QueryClient, profile: { id: string; organization_id: string | null }) {
  const shell = portalShellQueries(profile)
  void queryClient.prefetchQuery({ ...shell.organization, staleTime: Infinity })
  void queryClient.prefetchQuery({ ...shell.unread, staleTime: Infinity })
  void queryClient.prefetchQuery({ ...shell.unreadMessages, staleTime: Infinity })
}

export function PortalLayout() {
  const { t, i18n } = useLingui()
  const lang = useLangPrefix()
  const profile = useProfile()
  const shell = portalShellQueries(profile)
  const organization = useQuery(shell.organization)
  const unread = useQuery(shell.unread).data ?? 0
  const unreadMessages = totalUnread(useQuery(shell.unreadMessages).data)
  // The bell, the notifications page, unread messages, approvals and what sharing a project
  // reveals follow the database live (the bindings say which table re-reads what).
  useLiveBindings(portalLive.area(profile.id))
  const connectionLost = useLiveConnectionLost()
  const notifications = { to: '/{-$lang}/client-portal/dashboard/notifications', params: { lang } } as const

  const sections: ShellSection[] = [
    {
      key: 'overview',
      label: t`Overview`,
      link: { to: '/{-$lang}/client-portal/dashboard', params: { lang } },
      exact: true,
      // The overview lists the projects, each with its unread messages.
      count: {
        value: unreadMessages,
        label: i18n._(
          msg({ message: plural(unreadMessages, { one: '# unread message', other: '# unread messages' }) }),
        ),
      },
    },
    { key: 'search', label: t`Search`, link: { to: '/{-$lang}/client-portal/dashboard/search', params: { lang } } },
    {
      key: 'notifications',
      label: t`Notifications`,
      link: notifications,
      count: { value: unread, label: i18n._(msg({ message: plural(unread, { one: '# unread', other: '# unread' }) })) },
    },
    { key: 'account', label: t`Account`, link: { to: '/{-$lang}/client-portal/dashboard/account', params: { lang } } },
  ]

  const preview = activePreview()

  return (
    <AppShell
      audience="client"
      preview={preview && <PreviewBanner preview={preview} />}
      exit={preview ? { label: t`Leave preview`, action: () => leavePreview('left') } : undefined}
      areaName={t`Client portal`}
      home={{ to: '/{-$lang}/client-portal/dashboard', params: { lang } }}
      account={{ to: '/{-$lang}/client-portal/dashboard/account', params: { lang } }}
      sections={sections}
      notifications={{ link: notifications, count: unread }}
      context={organization.data?.name}
      connectionLost={connectionLost}
    >
      <Outlet />
    </AppShell>
  )
}
