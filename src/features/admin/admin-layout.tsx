// The admin area inside the application shell: the sections for staff (clients, projects,
// leads, activity, team, account) and the two-step verification reminder above every page.
import { Outlet } from '@tanstack/react-router'
import { useLingui } from '@lingui/react/macro'
import { useLangPrefix } from '@/lib/use-lang'
import { AppShell, type ShellSection } from '@/components/app-shell/app-shell'
import { MfaBanner } from './account/mfa-banner'

export function AdminLayout() {
  const { t } = useLingui()
  const lang = useLangPrefix()
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
    section('projects', t`Projects`, '/{-$lang}/admin/dashboard/projects'),
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
      banner={<MfaBanner />}
    >
      <Outlet />
    </AppShell>
  )
}
