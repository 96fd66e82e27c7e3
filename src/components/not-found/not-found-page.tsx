// The 404 page, in one language: the prefix's, else the visitor's (the server picks the
// prerendered page the same way). The header's language switch offers the other one.
import { useLingui } from '@lingui/react'
import { Trans } from '@lingui/react/macro'
import { msg } from '@lingui/core/macro'
import { siteConfig } from '@/config/site'
import { Link } from '@tanstack/react-router'
import type { Locale } from '@/lib/locale'
import { useLangPrefix } from '@/lib/use-lang'
import { SiteFrame } from '@/components/site-layout/site-layout'
import * as layout from '@/components/ui/layout.css'
import * as styles from './not-found-page.css'

function NotFoundMessage({ lang }: { lang: Locale | undefined }) {
  return (
    <>
      <h1>
        <Trans>Page not found</Trans>
      </h1>
      <p className={layout.lead}>
        <Trans>The address may be mistyped, or the page may have moved.</Trans>
      </p>
      <div className={layout.buttonRow}>
        {/* Exact matching: by prefix, /es would be the current page of /es/nope, /contact of /contact/x. */}
        <Link to="/{-$lang}" params={{ lang }} className={layout.buttonPrimary} activeOptions={{ exact: true }}>
          <Trans>Go to the home page</Trans>
        </Link>
        <Link
          to="/{-$lang}/contact"
          params={{ lang }}
          className={layout.buttonSecondary}
          activeOptions={{ exact: true }}
        >
          <Trans>Contact us</Trans>
        </Link>
      </div>
    </>
  )
}

export function NotFoundPage() {
  const { i18n } = useLingui()
  const prefix = useLangPrefix()
  return (
    <SiteFrame>
      <title>{`404 · ${i18n._(msg`Page not found`)} · ${siteConfig.name}`}</title>
      <meta name="robots" content="noindex" />
      <div className={`${layout.container} ${styles.page}`}>
        <p className={styles.code}>404</p>
        <NotFoundMessage lang={prefix} />
      </div>
    </SiteFrame>
  )
}
