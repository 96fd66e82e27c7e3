// The signed-in header's user menu (a menu button): the user's name, their dashboard, their
// account and sign-out. Loaded only when this browser holds a session, since it brings
// supabase-js; signed out, it shows the plain portal link it was given.
import type { ReactNode } from 'react'
import { useNavigate } from '@tanstack/react-router'
import { useLingui } from '@lingui/react/macro'
import { useAuthSelector } from '../../auth/use-auth'
import { auth } from '../../auth/service'
import { isAdmin } from '../../../machines/auth.machine'
import { useLangPrefix } from '../../lib/use-lang'
import { NavMenu, type NavMenuItem } from '../nav-menu/nav-menu'
import type { MenuGroup } from '../nav-menu/menu-group'

export default function UserMenu({ group, signedOut }: { group: MenuGroup; signedOut: ReactNode }) {
  const { t } = useLingui()
  const lang = useLangPrefix()
  const navigate = useNavigate()
  const profile = useAuthSelector((snapshot) => (snapshot.matches('signedIn') ? snapshot.context.profile : null))
  const staff = useAuthSelector(isAdmin)
  if (!profile) return <>{signedOut}</>

  const items: NavMenuItem[] = staff
    ? [{ key: 'dashboard', label: t`Admin dashboard`, link: { to: '/{-$lang}/admin/dashboard', params: { lang } } }]
    : [
        {
          key: 'dashboard',
          label: t`Client portal`,
          link: { to: '/{-$lang}/client-portal/dashboard', params: { lang } },
        },
        {
          key: 'account',
          label: t`Account`,
          link: { to: '/{-$lang}/client-portal/dashboard/account', params: { lang } },
        },
      ]
  items.push({
    key: 'sign-out',
    label: t`Sign out`,
    action: () => void auth.signOut().then(() => navigate({ to: '/{-$lang}', params: { lang }, replace: true })),
  })

  const name = profile.full_name || profile.email || t`Account`
  return <NavMenu id="user" label={t`Account menu for ${name}`} triggerContent={name} items={items} group={group} />
}
