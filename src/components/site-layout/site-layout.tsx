// The frame shared by the public pages: skip link, fixed header, main content, footer.
import { useEffect, useRef, type ReactNode } from 'react'
import { Outlet, useRouterState } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { Header } from '../header/header'
import { Footer } from '../footer/footer'
import * as styles from './site-layout.css'

export function SiteFrame({ children }: { children: ReactNode }) {
  const mainRef = useRef<HTMLElement>(null)
  const pathname = useRouterState({ select: (state) => state.location.pathname })
  const firstRender = useRef(true)

  // After a client-side navigation, move focus to the new content so keyboard and screen
  // reader users start reading there, as they would after a full page load.
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false
      return
    }
    mainRef.current?.focus({ preventScroll: true })
  }, [pathname])

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
