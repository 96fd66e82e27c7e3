// The screen that replaces the whole app after an unexpected render error.
import { useEffect, useRef } from 'react'
import { Trans } from '@lingui/react/macro'
import { useLingui } from '@lingui/react'
import type { ErrorComponentProps } from '@tanstack/react-router'
import { siteConfig, mailtoHref } from '../../config/site'
import { localeFromPath } from '../../lib/locale'
import { withLangPrefix } from '../../lib/pages'
import * as layout from '../ui/layout.css'
import * as styles from './error-screen.css'

export function ErrorScreen({ error }: Partial<ErrorComponentProps>) {
  const heading = useRef<HTMLHeadingElement>(null)
  useLingui() // re-render in the new language if it changes
  useEffect(() => {
    if (error) console.error(error)
    heading.current?.focus()
  }, [error])
  // A plain link and a full reload: after a crash the router itself may be what broke.
  const home = withLangPrefix('/', localeFromPath(window.location.pathname))
  return (
    <main className={styles.screen}>
      <div className={styles.card}>
        <h1 ref={heading} tabIndex={-1}>
          <Trans>Something went wrong</Trans>
        </h1>
        <p>
          <Trans>An unexpected error occurred. Reloading the page usually fixes it.</Trans>
        </p>
        <div className={styles.actions}>
          <button type="button" className={layout.buttonPrimary} onClick={() => window.location.reload()}>
            <Trans>Reload Page</Trans>
          </button>
          <a className={layout.buttonSecondary} href={home}>
            <Trans>Go to Homepage</Trans>
          </a>
        </div>
        <p>
          <Trans>
            If the problem persists, write to us at <a href={mailtoHref()}>{siteConfig.email}</a>.
          </Trans>
        </p>
      </div>
    </main>
  )
}

/** Route-level error component that passes the error up, so the root's screen replaces the app. */
export function RethrowError({ error }: ErrorComponentProps): never {
  throw error
}
