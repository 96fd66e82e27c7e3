// The page a sign-in link or a sign-up confirmation opens. Opening it uses nothing: mail scanners
// open every link they see, and a link used up by a scanner would be dead when the person clicks.
// The token is used when the person presses the button; then the code step follows if the
// account has two-step verification, and the person goes where the link was meant to take them.
import { useEffect, useRef, useState } from 'react'
import { Link, useNavigate, useSearch } from '@tanstack/react-router'
import { Trans, useLingui } from '@lingui/react/macro'
import { FormAlert } from '@/components/form/field'
import * as formStyles from '@/components/form/form.css'
import * as layout from '@/components/ui/layout.css'
import { useLangPrefix } from '@/lib/use-lang'
import { whenSettled } from '@/lib/auth/service'
import { verifyEmailLink } from '@/lib/auth/email-links'
import { useAuthSelector } from '@/lib/auth/use-auth'
import { safeRedirect } from '@/lib/auth/redirect'
import { isAdmin, type AuthFailure } from '../../../machines/auth.machine'
import { authFailureMessage } from '@/lib/auth/messages'
import { SignInCodeStep } from './code-step'
import * as styles from './auth.css'
import type { ConfirmSearch } from './confirm-search'

/** The link's destination as a path on this site (never another origin). */
function destinationOf(redirectTo: string | undefined): string | undefined {
  if (!redirectTo || typeof window === 'undefined') return undefined
  try {
    const url = new URL(redirectTo)
    return url.origin === window.location.origin ? safeRedirect(url.pathname + url.search) : undefined
  } catch {
    return undefined
  }
}

export function ConfirmLinkPage() {
  const { i18n } = useLingui()
  const lang = useLangPrefix()
  const navigate = useNavigate()
  const search: ConfirmSearch = useSearch({ strict: false })
  const needsCode = useAuthSelector((snapshot) => snapshot.matches('mfaRequired'))
  const [failure, setFailure] = useState<AuthFailure | null>(null)
  const [busy, setBusy] = useState(false)
  const [used, setUsed] = useState(false)
  const alertRef = useRef<HTMLDivElement>(null)
  const signup = search.type === 'signup'
  const complete = Boolean(search.token_hash && search.type)

  useEffect(() => {
    if (failure) alertRef.current?.focus()
  }, [failure])

  async function proceed() {
    const snapshot = await whenSettled()
    if (!snapshot.matches('signedIn')) return
    const destination = destinationOf(search.redirect_to)
    if (destination) await navigate({ href: destination, replace: true })
    else
      await navigate({
        to: isAdmin(snapshot) ? '/{-$lang}/admin/dashboard' : '/{-$lang}/client-portal/dashboard',
        params: { lang },
        replace: true,
      })
  }

  async function confirm() {
    if (!search.token_hash || !search.type) return
    setFailure(null)
    setBusy(true)
    const result = await verifyEmailLink({ tokenHash: search.token_hash, type: search.type })
    setBusy(false)
    if ('failure' in result) {
      setFailure(result.failure)
      return
    }
    setUsed(true)
    if (!result.snapshot.matches('mfaRequired')) await proceed()
  }

  return (
    <div className={styles.page}>
      <section className={styles.card} aria-labelledby="confirm-title">
        <h1 id="confirm-title" className={styles.title}>
          {signup ? <Trans>Confirm your e-mail address</Trans> : <Trans>Sign in with your link</Trans>}
        </h1>
        {failure && <FormAlert ref={alertRef}>{i18n._(authFailureMessage(failure))}</FormAlert>}
        {used && needsCode ? (
          <SignInCodeStep onFailure={setFailure} onDone={proceed} />
        ) : complete ? (
          <div className={formStyles.form}>
            <p className={styles.intro}>
              {signup ? (
                <Trans>Press the button to confirm that this address is yours and sign in.</Trans>
              ) : (
                <Trans>Press the button to sign in. The link works only once.</Trans>
              )}
            </p>
            <button
              type="button"
              className={`${layout.buttonPrimary} ${styles.submit}`}
              disabled={busy || used}
              onClick={() => void confirm()}
            >
              {busy ? (
                <Trans>Signing in...</Trans>
              ) : signup ? (
                <Trans>Confirm and sign in</Trans>
              ) : (
                <Trans>Sign in</Trans>
              )}
            </button>
          </div>
        ) : (
          <FormAlert tone="error">
            <Trans>This link is incomplete. Copy the whole link from the e-mail, or ask for a new one.</Trans>
          </FormAlert>
        )}
        <div className={styles.links}>
          <Link to="/{-$lang}/client-portal/login" params={{ lang }}>
            <Trans>Back to sign-in</Trans>
          </Link>
        </div>
      </section>
    </div>
  )
}
