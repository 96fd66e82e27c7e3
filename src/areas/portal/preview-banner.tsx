// The banner of a staff member's read-only preview of the portal ("view as client", decision
// 0022): whose portal this is, that nothing can be changed, and the way out. The portal is shown
// in the client's language; the banner speaks the staff member's (marked with `lang`), says which
// language the portal is in, and keeps the way back where they can read it. The preview is left
// by hand or, shortly before its token would need a refresh it does not have, by itself.
import { useEffect, useState } from 'react'
import { setupI18n, type I18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { Trans, useLingui } from '@lingui/react/macro'
import { refreshMarginMs } from '@machines/auth.rules'
import { fetchCatalog } from '@/lib/i18n'
import { isLocale, type Locale } from '@/lib/locale'
import { leavePreview, type Preview } from '@/lib/auth/view-as'
import * as styles from './preview-banner.css'

export function PreviewBanner({ preview }: { preview: Preview }) {
  const { i18n } = useLingui()
  useEffect(() => {
    // The auth machine would try to refresh the token refreshMarginMs before it expires.
    const endsInMs = preview.expiresAt * 1000 - refreshMarginMs - Date.now()
    const timer = setTimeout(() => leavePreview('expired'), Math.max(0, endsInMs))
    return () => clearTimeout(timer)
  }, [preview.expiresAt])
  const staff = preview.staffLocale && preview.staffLocale !== i18n.locale ? preview.staffLocale : null
  const staffI18n = useCatalog(staff)
  // Until the staff member's catalog is in (a moment), the banner speaks the portal's language.
  if (!staff || !staffI18n) return <BannerBody preview={preview} />
  return (
    <I18nProvider i18n={staffI18n}>
      <BannerBody preview={preview} lang={staff} />
    </I18nProvider>
  )
}

/** A Lingui instance of its own for `locale`, once its catalog is loaded; null meanwhile. */
function useCatalog(locale: Locale | null): I18n | null {
  const [instance, setInstance] = useState<I18n | null>(null)
  useEffect(() => {
    if (!locale) return
    let current = true
    fetchCatalog(locale).then(
      (messages) => {
        if (current) setInstance(setupI18n({ locale, messages: { [locale]: messages } }))
      },
      () => undefined, // the banner stays in the portal's language
    )
    return () => {
      current = false
    }
  }, [locale])
  return instance && instance.locale === locale ? instance : null
}

function BannerBody({ preview, lang }: { preview: Preview; lang?: Locale }) {
  const { t } = useLingui()
  const name = preview.fullName
  const organization = preview.organizationName
  const portal = isLocale(preview.clientLocale) ? preview.clientLocale : null
  return (
    <div
      className={styles.banner}
      role="region"
      aria-label={t`Preview as a client`}
      lang={lang}
      data-testid="preview-banner"
    >
      <p className={styles.text}>
        <Trans>
          You are viewing the portal as {name} ({organization}). Read-only.
        </Trans>
        {lang && portal && (
          <>
            {' '}
            {portal === 'es' ? (
              <Trans>It is shown in Spanish, the language {name} reads it in.</Trans>
            ) : (
              <Trans>It is shown in English, the language {name} reads it in.</Trans>
            )}
          </>
        )}
      </p>
      <button type="button" className={styles.leave} onClick={() => leavePreview('left')}>
        <Trans>Leave preview</Trans>
      </button>
    </div>
  )
}
