// The admin area inside the application shell: the sections for staff (clients, projects,
// leads, activity, team, account) and the two-step verification reminder above every page.
import { Outlet } from '@tanstack/react-router'
import { useQuery } from '@tanstack/react-query'
import { useLingui } from '@lingui/react/macro'
import { useLangPrefix } from '@/lib/use-lang'
import { AppShell, type ShellSection } from '@/components/app-shell/app-shell'
import { AreaNotice } from '@/components/app-shell/area-notice'
import { useProfile } from '@/auth/use-auth'
import { conversationKeys, conversationUnreadQuery, totalUnread } from '@/lib/conversation'
import { useLiveConnectionLost, useLiveQueryKeys } from '@/lib/use-live'
import { MfaBanner } from './account/mfa-banner'

export function AdminLayout() {
  const { t } = useLingui()
  const lang = useLangPrefix()
  const profile = useProfile()
  // Unread messages of every project's conversation, live; shown on Projects.
  const unreadMessages = totalUnread(useQuery(conversationUnreadQuery(profile.id)).data)
  useLiveQueryKeys({ table: 'conversation_messages' }, [conversationKeys.unread(profile.id)])
  useLiveQueryKeys({ table: 'conversation_reads', filter: `user_id=eq.${profile.id}` }, [
    conversationKeys.unread(profile.id),
  ])
  const connectionLost = useLiveConnectionLost()
  const section = (key: string, label: string, to: ShellSection['link']['to'], exact = false): ShellSection => ({
    key,
    label,
    link: { to, params: { lang } },
    exact,
  })
  const sections = [
    section('overview', t`Overview`, '/{-$lang}/admin/dashboard', true),
    section('organizations', t`Clients`, '/{-$lang}/admin/dashboard/organizations'),
    { ...section('projects', t`Projects`, '/{-$lang}/admin/dashboard/projects'), count: unreadMessages },
    section('leads', t`Leads`, '/{-$lang}/admin/dashboard/leads'),
    section('activity', t`Activity`, '/{-$lang}/admin/dashboard/activity'),
    section('team', t`Team`, '/{-$lang}/admin/dashboard/team'),
    section('account', t`Account`, '/{-$lang}/admin/dashboard/account'),
  ]
  return (
    <AppShell
      areaName={t`Admin`}
      home={{ to: '/{-$lang}/admin/dashboard', params: { lang } }}
      account={{ to: '/{-$lang}/admin/dashboard/account', params: { lang } }}
      sections={sections}
      banner={
        <>
          <AreaNotice />
          <MfaBanner />
        </>
      }
      connectionLost={connectionLost}
    >
      <Outlet />
    </AppShell>
  )
}
