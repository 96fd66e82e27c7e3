// The admin area's frame: the section nav for staff, then the page.
import { Suspense } from 'react'
import { Link, Outlet } from '@tanstack/react-router'
import { Trans, useLingui } from '@lingui/react/macro'
import { useLangPrefix } from '../../lib/use-lang'
import { PageSpinner } from '../../components/spinner/spinner'
import * as layout from '../../components/ui/layout.css'
import * as styles from '../portal/portal.css'

export function AdminLayout() {
  const { t } = useLingui()
  const lang = useLangPrefix()
  return (
    <div className={`${layout.container} ${styles.shell}`}>
      <div className={styles.heading}>
        <p className={styles.title}>
          <Trans>Admin</Trans>
        </p>
      </div>
      <nav className={styles.nav} aria-label={t`Admin`}>
        <ul className={styles.navList}>
          <li>
            <Link
              to="/{-$lang}/admin/dashboard"
              params={{ lang }}
              className={styles.navLink}
              activeOptions={{ exact: true }}
            >
              <Trans>Overview</Trans>
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
