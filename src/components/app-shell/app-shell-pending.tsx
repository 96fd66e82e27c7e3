// What the router shows while an area's guard checks the session, and what the server sends
// before any script for a page of the portal or the admin area (prerendered by
// src/prerender/area-shell.tsx, decision 0049): the shell's frame (the bar with the firm and the
// area's name, the navigation's place, the page heading's place) with skeletons where the content
// will be. The same markup both times, so the app's first render takes over without a shift.
// Nothing in it is about the person: no name, no organization, no count. Kept apart from
// app-shell.tsx because route files import it statically: it must bring no auth, query or
// machine code into the public pages' bundle.
import { useDeferredValue, type ReactNode } from 'react'
import { Trans } from '@lingui/react/macro'
import { siteConfig } from '@/config/site'
import { Logo } from '@/components/header/logo'
import * as page from '@/components/ui/page.css'
import * as styles from './app-shell.css'

export type PendingArea = 'client' | 'staff'

/** How many entries each area's navigation has (portal-layout.tsx, admin-layout.tsx): the same height while pending. */
const sectionCount: Record<PendingArea, number> = { client: 4, staff: 9 }

/**
 * `area` gives the bar its name and the navigation its length; `label` words the wait (the admin
 * guard says it is verifying permissions); shown as text.
 */
export function AppShellPending({ area, label }: { area: PendingArea; label?: ReactNode }) {
  return (
    <div className={styles.shell} data-area-shell={area}>
      <header className={styles.bar}>
        <span className={styles.brand}>
          <Logo className={styles.logo} />
          <span className={styles.brandText}>
            <span className={styles.firm}>{siteConfig.name}</span>
            <span className={styles.areaName}>
              {area === 'staff' ? <Trans>Admin</Trans> : <Trans>Client portal</Trans>}
            </span>
          </span>
        </span>
        <span className={styles.spacer} />
        {/* Where the bell and the menu (phones), the language and the account (wide screens) will be. */}
        <span className={`${styles.pendingControl} ${styles.phoneOnly}`} aria-hidden="true" />
        <span className={`${styles.pendingControl} ${styles.phoneOnly}`} aria-hidden="true" />
        <span className={`${styles.pendingControl} ${styles.wideOnly}`} aria-hidden="true" />
        <span className={`${styles.pendingAccount} ${styles.wideOnly}`} aria-hidden="true" />
      </header>
      {/* The navigation's place: a side bar on wide screens, closed (as the real one) on phones. */}
      <div className={styles.nav} aria-hidden="true">
        <div className={styles.navList}>
          {Array.from({ length: sectionCount[area] }, (_, index) => (
            <span key={index} className={styles.pendingNavItem}>
              <span className={page.skeletonShort} />
            </span>
          ))}
        </div>
      </div>
      <main id="main" className={styles.main}>
        <div className={`${styles.content} ${page.skeleton}`} role="status">
          <p className={styles.pendingLabel}>{label ?? <Trans>Loading...</Trans>}</p>
          <div className={styles.pendingHeading} aria-hidden="true" />
          <div className={page.skeletonBlock} aria-hidden="true" />
          {[0, 1, 2, 3].map((line) => (
            <div key={line} className={line % 2 ? page.skeletonShort : page.skeletonLine} aria-hidden="true" />
          ))}
        </div>
      </main>
    </div>
  )
}

/** The admin guard's wait, worded. */
export function StaffShellPending() {
  return <AppShellPending area="staff" label={<Trans>Verifying permissions...</Trans>} />
}

/** The client guard's wait. */
export function ClientShellPending() {
  return <AppShellPending area="client" />
}

/**
 * An area's frame and first page, rendered just after the guard lets the person in, as a deferred
 * update. The router's state is an external store, which React renders in one synchronous task:
 * the frame, the navigation and the page with its data replaced the skeletons in one long task
 * (150-250 ms on Lighthouse's simulated phone), blocking input. A deferred render yields to the
 * browser every few milliseconds instead. Until it commits, the area's own skeletons stay, in the
 * same markup, so nothing moves. Mounted once per area: moves within it render at once.
 */
export function AfterFrame({ pending, children }: { pending: ReactNode; children: ReactNode }) {
  const ready = useDeferredValue(true, false)
  return ready ? children : pending
}
