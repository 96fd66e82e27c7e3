// The frame shared by the public pages: skip link, fixed header, main content, footer.
import type { ReactNode } from 'react'
import { Outlet } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { Header } from '../header/header'
import { Footer } from '../footer/footer'
import { useFocusMainOnNavigation } from '@/lib/use-focus-main-on-navigation'
import * as styles from './site-layout.css'

export function SiteFrame({ children }: { children: ReactNode }) {
  const mainRef = useFocusMainOnNavigation()

  return (
    <div className={styles.frame}>
      <a className={styles.skipLink} href="#main">
        <Trans>Skip to content</Trans>
      </a>
      <Header />
      <main id="main" ref={mainRef} tabIndex={-1} className={styles.main}>
        {children}
      </main>
      <Footer />
    </div>
  )
}

export function SiteLayout() {
  return (
    <SiteFrame>
      <Outlet />
    </SiteFrame>
  )
}
