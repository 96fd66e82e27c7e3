// The 404 page, in both languages: the visitor's language first, then the other one, so a
// wrong or unknown language prefix still leads somewhere readable.
import { useEffect, useState } from 'react'
import { setupI18n, type I18n } from '@lingui/core'
import { I18nProvider, useLingui } from '@lingui/react'
import { Trans } from '@lingui/react/macro'
import { msg } from '@lingui/core/macro'
import { siteConfig } from '../../config/site'
import { Link } from '@tanstack/react-router'
import { fetchCatalog } from '../../lib/i18n'
import { isLocale, otherLocale, type Locale } from '../../lib/locale'
import { useLangPrefix } from '../../lib/use-lang'
import { SiteFrame } from '../site-layout/site-layout'
import * as layout from '../ui/layout.css'
import * as styles from './not-found-page.css'

function NotFoundMessage({ level, lang }: { level: 'h1' | 'h2'; lang: Locale | undefined }) {
  const Heading = level
  return (
    <>
      <Heading>
        <Trans>Page not found</Trans>
      </Heading>
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

function useOtherLanguage(locale: Locale): I18n | undefined {
  const [other, setOther] = useState<I18n>()
  useEffect(() => {
    let active = true
    const lng = otherLocale(locale)
    fetchCatalog(lng)
      .then((messages) => active && setOther(setupI18n({ locale: lng, messages: { [lng]: messages } })))
      .catch(() => undefined) // the page is still complete in the visitor's language
    return () => {
      active = false
    }
  }, [locale])
  return other
}

export function NotFoundPage() {
  const { i18n } = useLingui()
  const locale: Locale = isLocale(i18n.locale) ? i18n.locale : 'es'
  const prefix = useLangPrefix()
  const other = useOtherLanguage(locale)
  return (
    <SiteFrame>
      <title>{`404 · ${i18n._(msg`Page not found`)} · ${siteConfig.name}`}</title>
      <meta name="robots" content="noindex" />
      <div className={`${layout.container} ${styles.page}`}>
        <p className={styles.code}>404</p>
        <NotFoundMessage level="h1" lang={prefix} />
        {other ? (
          <div className={styles.other} lang={other.locale}>
            <I18nProvider i18n={other}>
              <NotFoundMessage level="h2" lang={other.locale as Locale} />
            </I18nProvider>
          </div>
        ) : null}
      </div>
    </SiteFrame>
  )
}
