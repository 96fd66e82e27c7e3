// What the router shows while an area's guard checks the session: the shell's frame with
// skeletons where the content will be. Kept apart from app-shell.tsx because route files import
// it statically: it must bring no auth, query or machine code into the public pages' bundle.
import type { ReactNode } from 'react'
import { Trans } from '@lingui/react/macro'
import { siteConfig } from '@/config/site'
import { Logo } from '@/components/header/logo'
import * as page from '@/components/ui/page.css'
import * as styles from './app-shell.css'

/** `label` words the wait (the admin guard says it is verifying permissions); shown as text. */
export function AppShellPending({ label }: { label?: ReactNode }) {
  return (
    <div className={styles.shell}>
      <header className={styles.bar}>
        <span className={styles.brand}>
          <Logo className={styles.logo} />
          <span className={styles.areaName}>{siteConfig.name}</span>
        </span>
      </header>
      <main id="main" className={styles.main}>
        <div className={`${styles.content} ${page.skeleton}`} role="status">
          <p className={styles.pendingLabel}>{label ?? <Trans>Loading...</Trans>}</p>
          <div className={page.skeletonBlock} aria-hidden="true" />
          {[0, 1, 2, 3].map((line) => (
            <div key={line} className={line % 2 ? page.skeletonShort : page.skeletonLine} aria-hidden="true" />
          ))}
        </div>
      </main>
    </div>
  )
}
