// The admin area inside the application shell: the sections for staff (clients, projects,
// leads, activity, notifications with the unread count, team, account), the bell, and the
// two-step verification reminder above every page.
import { Outlet } from '@tanstack/react-router'
import { useQuery, type QueryClient } from '@tanstack/react-query'
import { useLingui } from '@lingui/react/macro'
import { msg, plural } from '@lingui/core/macro'
import { useProfile } from '@/lib/auth/use-auth'
import { unreadCountQuery } from '@/features/notifications/queries'
import { useLangPrefix } from '@/lib/use-lang'
import { AppShell, type ShellSection } from '@/components/app-shell/app-shell'
import { conversationUnreadQuery, totalUnread } from '@/features/conversation/queries'
import { useLiveBindings, useLiveConnectionLost } from '@/lib/use-live'
import { adminLive } from './queries'
import { MfaBanner } from '@/features/accounts/admin/mfa-banner'
import { mfaFactorsQuery } from '@/lib/auth/queries'
import { PreviewEnded } from './preview-ended'

/**
 * What the shell itself reads (the unread counts). The area's route starts them with the page's
 * own data, so the shell's requests do not wait for the page's.
 */
function adminShellQueries(profile: { id: string }) {
  return { unread: unreadCountQuery(profile.id), unreadMessages: conversationUnreadQuery(profile.id) }
}

/**
 * Starts the shell's queries that have no data yet; for the area route's loader, which runs again
 * on every move within the area (the live updates keep what is there fresh).
 */
export async function prefetchAdminShell(queryClient: QueryClient, profile: { id: string }) {
  const shell = adminShellQueries(profile)
  void queryClient.prefetchQuery({ ...shell.unread, staleTime: Infinity })
  void queryClient.prefetchQuery({ ...shell.unreadMessages, staleTime: Infinity })
  // The two-step banner sits above the page: waited for beside the page's data, so that it shows
  // with the page rather than pushing it down a moment later (a layout shift of 0.28 on phones).
  // Once known, later moves do not wait for it again (setting up a factor invalidates it).
  await queryClient.prefetchQuery({ ...mfaFactorsQuery(profile.id), staleTime: Infinity })
}

export function AdminLayout() {
  const { t, i18n } = useLingui()
  const lang = useLangPrefix()
  const profile = useProfile()
  const shell = adminShellQueries(profile)
  // Every list of the area follows the database live (queries.ts's adminLive).
  useLiveBindings(adminLive.area(profile.id))
  // Unread messages of every project's conversation; shown on Projects.
  const unreadMessages = totalUnread(useQuery(shell.unreadMessages).data)
  const connectionLost = useLiveConnectionLost()
  // Not suspense: the shell never waits for a count (decision 0013).
  const unread = useQuery(shell.unread).data ?? 0
  const notifications = { to: '/{-$lang}/admin/dashboard/notifications', params: { lang } } as const
  const section = (key: string, label: string, to: ShellSection['link']['to'], exact = false): ShellSection => ({
    key,
    label,
    link: { to, params: { lang } },
    exact,
  })
  const sections = [
    section('overview', t`Overview`, '/{-$lang}/admin/dashboard', true),
    section('search', t`Search`, '/{-$lang}/admin/dashboard/search'),
    section('organizations', t`Clients`, '/{-$lang}/admin/dashboard/organizations'),
    {
      ...section('projects', t`Projects`, '/{-$lang}/admin/dashboard/projects'),
      // what the count is, in words: the projects' unread conversation messages
      count: {
        value: unreadMessages,
        label: i18n._(
          msg({ message: plural(unreadMessages, { one: '# unread message', other: '# unread messages' }) }),
        ),
      },
    },
    section('leads', t`Leads`, '/{-$lang}/admin/dashboard/leads'),
    section('activity', t`Activity`, '/{-$lang}/admin/dashboard/activity'),
    {
      key: 'notifications',
      label: t`Notifications`,
      link: notifications,
      count: { value: unread, label: i18n._(msg({ message: plural(unread, { one: '# unread', other: '# unread' }) })) },
    },
    section('team', t`Team`, '/{-$lang}/admin/dashboard/team'),
    section('account', t`Account`, '/{-$lang}/admin/dashboard/account'),
  ]
  return (
    <AppShell
      audience="staff"
      areaName={t`Admin`}
      home={{ to: '/{-$lang}/admin/dashboard', params: { lang } }}
      account={{ to: '/{-$lang}/admin/dashboard/account', params: { lang } }}
      sections={sections}
      notifications={{ link: notifications, count: unread }}
      banner={
        <>
          <PreviewEnded />
          <MfaBanner />
        </>
      }
      connectionLost={connectionLost}
    >
      <Outlet />
    </AppShell>
  )
}
