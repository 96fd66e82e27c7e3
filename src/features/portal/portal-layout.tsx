// The client portal inside the application shell: its sections (the overview, search, notifications with
// the unread count, the account) and the client's organization. New sections go in `sections`.
import { Outlet } from '@tanstack/react-router'
import { useQuery } from '@tanstack/react-query'
import { useLingui } from '@lingui/react/macro'
import { useProfile } from '@/auth/use-auth'
import { useLangPrefix } from '@/lib/use-lang'
import { AppShell, type ShellSection } from '@/components/app-shell/app-shell'
import { organizationQuery, unreadCountQuery } from './queries'

export function PortalLayout() {
  const { t } = useLingui()
  const lang = useLangPrefix()
  const profile = useProfile()
  const organization = useQuery(organizationQuery(profile.organization_id))
  const unread = useQuery(unreadCountQuery(profile.id)).data ?? 0
  const notifications = { to: '/{-$lang}/client-portal/dashboard/notifications', params: { lang } } as const

  const sections: ShellSection[] = [
    {
      key: 'overview',
      label: t`Overview`,
      link: { to: '/{-$lang}/client-portal/dashboard', params: { lang } },
      exact: true,
    },
    { key: 'search', label: t`Search`, link: { to: '/{-$lang}/client-portal/dashboard/search', params: { lang } } },
    { key: 'notifications', label: t`Notifications`, link: notifications, count: unread },
    { key: 'account', label: t`Account`, link: { to: '/{-$lang}/client-portal/dashboard/account', params: { lang } } },
  ]

  return (
    <AppShell
      areaName={t`Client portal`}
      home={{ to: '/{-$lang}/client-portal/dashboard', params: { lang } }}
      account={{ to: '/{-$lang}/client-portal/dashboard/account', params: { lang } }}
      sections={sections}
      notifications={{ link: notifications, count: unread }}
      context={organization.data?.name}
    >
      <Outlet />
    </AppShell>
  )
}
