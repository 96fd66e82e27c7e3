// The screen that replaces the whole app after an unexpected render error. The same markup is
// rendered at build time into every page as a <template> (src/lib/static-error-screen.ts), for when
// the app's own code cannot load or start at all.
import { useEffect, useRef } from 'react'
import { Trans } from '@lingui/react/macro'
import { useLingui } from '@lingui/react'
import { useRouterState, type ErrorComponentProps } from '@tanstack/react-router'
import { siteConfig } from '@/config/site'
import { mailtoHref } from '@/lib/email-address'
import { localeFromPath } from '@/lib/locale'
import { withLangPrefix } from '@/lib/pages'
import * as layout from '@/components/ui/layout.css'
import * as styles from './error-screen.css'

interface ErrorScreenViewProps {
  /** The home page in the current URL form (`/es`, `/en` or `/`). */
  homeHref: string
  headingRef?: React.Ref<HTMLHeadingElement>
  onReload?: () => void
}

export function ErrorScreenView({ homeHref, headingRef, onReload }: ErrorScreenViewProps) {
  return (
    <main className={styles.screen}>
      <div className={styles.card}>
        <h1 ref={headingRef} tabIndex={-1}>
          <Trans>Something went wrong</Trans>
        </h1>
        <p>
          <Trans>An unexpected error occurred. Reloading the page usually fixes it.</Trans>
        </p>
        <div className={styles.actions}>
          <button type="button" className={layout.buttonPrimary} onClick={onReload} data-action="reload">
            <Trans>Reload Page</Trans>
          </button>
          {/* A plain link and a full page load: after a crash the app's state is not to be trusted. */}
          <a className={layout.buttonSecondary} href={homeHref}>
            <Trans>Go to Homepage</Trans>
          </a>
        </div>
        <p>
          <Trans>
            If the problem persists, write to us at <a href={mailtoHref(siteConfig.email)}>{siteConfig.email}</a>.
          </Trans>
        </p>
      </div>
    </main>
  )
}

export function ErrorScreen({ error }: Partial<ErrorComponentProps>) {
  const heading = useRef<HTMLHeadingElement>(null)
  useLingui() // re-render in the new language if it changes
  useEffect(() => {
    if (error) console.error(error)
    heading.current?.focus()
  }, [error])
  const pathname = useRouterState({ select: (state) => state.location.pathname })
  return (
    <ErrorScreenView
      homeHref={withLangPrefix('/', localeFromPath(pathname))}
      headingRef={heading}
      onReload={() => window.location.reload()}
    />
  )
}

/** Route-level error component that passes the error up, so the root's screen replaces the app. */
export function RethrowError({ error }: ErrorComponentProps): never {
  throw error
}
