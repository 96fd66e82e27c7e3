// The client portal's frame around every dashboard page: who and which organization, the section
// nav (overview, notifications with the unread count, account), then the page.
import { Suspense } from 'react'
import { Link, Outlet } from '@tanstack/react-router'
import { useQuery } from '@tanstack/react-query'
import { Trans, useLingui } from '@lingui/react/macro'
import { useProfile } from '@/auth/use-auth'
import { useLangPrefix } from '@/lib/use-lang'
import { PageSpinner } from '@/components/spinner/spinner'
import * as layout from '@/components/ui/layout.css'
import { organizationQuery, unreadCountQuery } from './queries'
import * as styles from '@/components/app-shell/app-shell.css'

export function PortalLayout() {
  const { t } = useLingui()
  const lang = useLangPrefix()
  const profile = useProfile()
  const organization = useQuery(organizationQuery(profile.organization_id))
  const unread = useQuery(unreadCountQuery(profile.id))
  const count = unread.data ?? 0

  return (
    <div className={`${layout.container} ${styles.shell}`}>
      <div className={styles.heading}>
        <p className={styles.title}>
          <Trans>Client portal</Trans>
        </p>
        {organization.data && <p className={styles.organization}>{organization.data.name}</p>}
      </div>
      <nav className={styles.nav} aria-label={t`Client portal`}>
        <ul className={styles.navList}>
          <li>
            <Link
              to="/{-$lang}/client-portal/dashboard"
              params={{ lang }}
              className={styles.navLink}
              activeOptions={{ exact: true }}
            >
              <Trans>Overview</Trans>
            </Link>
          </li>
          <li>
            <Link to="/{-$lang}/client-portal/dashboard/notifications" params={{ lang }} className={styles.navLink}>
              <Trans>Notifications</Trans>
              {count > 0 && (
                <span className={styles.badge}>
                  {count}
                  <span className={layout.visuallyHidden}>
                    <Trans>unread</Trans>
                  </span>
                </span>
              )}
            </Link>
          </li>
          <li>
            <Link to="/{-$lang}/client-portal/dashboard/account" params={{ lang }} className={styles.navLink}>
              <Trans>Account</Trans>
            </Link>
          </li>
        </ul>
      </nav>
      <Suspense fallback={<PageSpinner />}>
        <Outlet />
      </Suspense>
    </div>
  )
}
