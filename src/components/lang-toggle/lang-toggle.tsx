// The ES | EN switch. On a prefixed URL it moves to the other prefix of the same page; on an
// unprefixed URL it switches the language in place. Either way the choice is remembered.
import { Fragment } from 'react'
import { useLingui } from '@lingui/react'
import { msg } from '@lingui/core/macro'
import { useNavigate, useRouter, useRouterState } from '@tanstack/react-router'
import { useHydrated } from '@/lib/hydration'
import { withLangPrefix, withoutLangPrefix } from '@/lib/pages'
import { activateLocale, storeLocale } from '@/lib/i18n'
import { locales, type Locale } from '@/lib/locale'
import { useLangPrefix } from '@/lib/use-lang'
import * as styles from './lang-toggle.css'

// Each language names itself, so a visitor who does not read the current one still finds theirs.
const nativeNames: Record<Locale, string> = { es: 'Español', en: 'English' }

export function LangToggle() {
  const { i18n } = useLingui()
  const prefix = useLangPrefix()
  const navigate = useNavigate()
  const router = useRouter()
  const hydrated = useHydrated()
  const pathname = useRouterState({ select: (state) => state.location.pathname })

  async function choose(locale: Locale) {
    storeLocale(locale)
    if (locale === i18n.locale) return
    if (prefix) {
      await navigate({
        to: '.',
        params: (prev: Record<string, unknown>) => ({ ...prev, lang: locale }),
        replace: false,
      })
    } else {
      await activateLocale(locale)
      await router.invalidate() // titles, canonical URLs and loaders follow the new language
    }
  }

  return (
    <div className={styles.group} role="group" aria-label={i18n._(msg`Language`)}>
      {locales.map((locale, index) => (
        <Fragment key={locale}>
          {index > 0 ? <span aria-hidden="true">|</span> : null}
          {hydrated ? (
            <button
              type="button"
              className={styles.option}
              lang={locale}
              aria-label={nativeNames[locale]}
              aria-pressed={i18n.locale === locale}
              onClick={() => void choose(locale)}
            >
              {locale.toUpperCase()}
            </button>
          ) : (
            // Before the script runs (or without JavaScript): a link to the page in that language.
            <a
              href={withLangPrefix(withoutLangPrefix(pathname, locales), locale)}
              className={styles.option}
              lang={locale}
              hrefLang={locale}
              aria-label={nativeNames[locale]}
              aria-current={i18n.locale === locale ? 'true' : undefined}
            >
              {locale.toUpperCase()}
            </a>
          )}
        </Fragment>
      ))}
    </div>
  )
}
