// The preferred language: saved on the profile (e-mails and notifications follow it) and put to
// use at once, the way the header's ES | EN switch does: a prefixed URL moves to the other
// prefix, an unprefixed one switches in place; either way the choice is remembered locally.
import { useEffect, useState, type FormEvent } from 'react'
import { useNavigate, useRouter } from '@tanstack/react-router'
import { Trans, useLingui } from '@lingui/react/macro'
import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'
import { OutcomeAlert, type Outcome } from '@/components/form/form-alert'
import * as layout from '@/components/ui/layout.css'
import type { Profile } from '@machines/auth.machine'
import { auth } from '@/lib/auth/service'
import { activateLocale, storeLocale } from '@/lib/i18n'
import { isLocale, locales, type Locale } from '@/lib/locale'
import { useLangPrefix } from '@/lib/use-lang'
import { updateOwnProfile } from './account-api'
import { saveFailureMessage } from '@/lib/write-failure'
import { AccountSection } from './account-section'
import { useCurrentProfile } from '@/lib/auth/use-auth'
import * as styles from './account.css'

// Each language names itself, as in the header's switch.
const nativeNames: Record<Locale, string> = { es: 'Español', en: 'English' }

// Moving to the other URL prefix may mount the page afresh; the confirmation waits here for it.
let savedNotice = false

/** Shows the site in `locale` now, keeping the URL's prefix form. */
export function useApplyLocale() {
  const prefix = useLangPrefix()
  const navigate = useNavigate()
  const router = useRouter()
  const { i18n } = useLingui()
  return async (locale: Locale) => {
    storeLocale(locale)
    if (prefix && prefix !== locale) {
      await navigate({
        to: '.',
        params: (prev: Record<string, unknown>) => ({ ...prev, lang: locale }),
        replace: true,
      })
    } else if (!prefix && i18n.locale !== locale) {
      await activateLocale(locale)
      await router.invalidate() // titles and loaders follow the new language
    }
  }
}

export function LanguageSection() {
  const profile = useCurrentProfile()
  return profile ? <LanguageForm profile={profile} /> : null
}

/** The confirmation, translated when shown: after a change of language, in the new one. */
const saved: Outcome<MessageDescriptor> = { tone: 'info', text: msg`Your language preference has been saved.` }

function LanguageForm({ profile }: { profile: Profile }) {
  const applyLocale = useApplyLocale()
  const [choice, setChoice] = useState<Locale>(isLocale(profile.locale) ? profile.locale : 'es')
  const [saving, setSaving] = useState(false)
  const [outcome, setOutcome] = useState<Outcome<MessageDescriptor> | null>(null)

  useEffect(() => {
    if (!savedNotice) return
    savedNotice = false
    setOutcome(saved)
  }, [])

  async function save(event: FormEvent) {
    event.preventDefault()
    setOutcome(null)
    setSaving(true)
    try {
      await updateOwnProfile(profile.id, { locale: choice })
    } catch (error) {
      setOutcome({ tone: 'error', text: saveFailureMessage(error) })
      setSaving(false)
      return
    }
    auth.reloadProfile()
    savedNotice = true
    await applyLocale(choice)
    savedNotice = false
    setSaving(false)
    setOutcome(saved)
  }

  return (
    <AccountSection
      title={<Trans>Language</Trans>}
      intro={<Trans>The portal, and the e-mails and notifications we send you, use this language.</Trans>}
      testId="account-language"
    >
      <OutcomeAlert outcome={outcome} />
      <form onSubmit={(event) => void save(event)} className={styles.fieldset}>
        <fieldset className={styles.fieldset}>
          <legend className={styles.legend}>
            <Trans>Preferred language</Trans>
          </legend>
          {locales.map((locale) => (
            <label key={locale} className={styles.choice} lang={locale}>
              <input
                type="radio"
                name="locale"
                value={locale}
                className={styles.radio}
                checked={choice === locale}
                onChange={() => setChoice(locale)}
              />
              {nativeNames[locale]}
            </label>
          ))}
        </fieldset>
        <div className={styles.actions}>
          <button type="submit" className={layout.buttonPrimary} disabled={saving}>
            {saving ? <Trans>Saving...</Trans> : <Trans>Save language</Trans>}
          </button>
        </div>
      </form>
    </AccountSection>
  )
}
