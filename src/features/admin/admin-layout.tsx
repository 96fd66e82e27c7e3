// The admin area's frame: the section nav for staff (clients, projects, leads, activity, team,
// account), then the page.
import { Suspense } from 'react'
import { Link, Outlet } from '@tanstack/react-router'
import { Trans, useLingui } from '@lingui/react/macro'
import { useLangPrefix } from '@/lib/use-lang'
import { PageSpinner } from '@/components/spinner/spinner'
import * as layout from '@/components/ui/layout.css'
import * as styles from '@/components/app-shell/app-shell.css'
import { MfaBanner } from './account/mfa-banner'

export function AdminLayout() {
  const { t } = useLingui()
  const lang = useLangPrefix()
  const sections = [
    { to: '/{-$lang}/admin/dashboard', label: t`Overview` },
    { to: '/{-$lang}/admin/dashboard/organizations', label: t`Clients` },
    { to: '/{-$lang}/admin/dashboard/projects', label: t`Projects` },
    { to: '/{-$lang}/admin/dashboard/leads', label: t`Leads` },
    { to: '/{-$lang}/admin/dashboard/activity', label: t`Activity` },
    { to: '/{-$lang}/admin/dashboard/team', label: t`Team` },
    { to: '/{-$lang}/admin/dashboard/account', label: t`Account` },
  ] as const
  return (
    <div className={`${layout.container} ${styles.shell}`}>
      <div className={styles.heading}>
        <p className={styles.title}>
          <Trans>Admin</Trans>
        </p>
      </div>
      <nav className={styles.nav} aria-label={t`Admin`}>
        <ul className={styles.navList}>
          {sections.map((section) => (
            <li key={section.to}>
              <Link
                to={section.to}
                params={{ lang }}
                className={styles.navLink}
                activeOptions={{ exact: section.to === '/{-$lang}/admin/dashboard' }}
              >
                {section.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <MfaBanner />
      <Suspense fallback={<PageSpinner />}>
        <Outlet />
      </Suspense>
    </div>
  )
}
