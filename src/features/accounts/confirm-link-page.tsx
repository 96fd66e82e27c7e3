// The page a sign-in link or a sign-up confirmation opens. Opening it uses nothing: mail scanners
// open every link they see, and a link used up by a scanner would be dead when the person clicks.
// The token is used when the person presses the button; then the code step follows if the
// account has two-step verification, and the person goes where the link was meant to take them.
//
// The page is prerendered (decision 0048) without the link's query string: its first state is the
// same for every link (the heading and a button that waits for the app), and what depends on the
// link shows once the app has hydrated. The auth module (supabase-js, XState) loads when the
// person turns to the button, not before the paint. The incomplete-link alert shares the button's
// place, so the page moves nothing when a link turns out incomplete.
import { lazy, Suspense, useEffect, useState } from 'react'
import { Link, useNavigate, useSearch } from '@tanstack/react-router'
import { Trans, useLingui } from '@lingui/react/macro'
import { FormAlert } from '@/components/form/form-alert'
import * as formStyles from '@/components/form/form.css'
import * as layout from '@/components/ui/layout.css'
import { useLangPrefix } from '@/lib/use-lang'
import { useHydrated } from '@/lib/hydration'
import { useFocusWhenShown } from '@/lib/use-focus-when-shown'
import { loadAuth, loadSettledAuth } from '@/lib/auth/loader'
import { useLoadedAuthSelector } from '@/lib/auth/use-loaded-auth'
import { safeRedirect } from '@/lib/auth/redirect'
import type { AuthFailure } from '@machines/auth.machine'
import { authFailureMessage } from '@/lib/auth/messages'
import * as styles from './auth.css'
import type { ConfirmSearch } from './confirm-search'
import { clearWithoutLinkMark } from './link-on-open'

// The code step needs the auth module, which has loaded by the time it shows.
const SignInCodeStep = lazy(() => import('./code-step').then((module) => ({ default: module.SignInCodeStep })))

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
  const hydrated = useHydrated()
  const needsCode = useLoadedAuthSelector((snapshot) => snapshot.matches('mfaRequired'), false)
  const [failure, setFailure] = useState<AuthFailure | null>(null)
  const [busy, setBusy] = useState(false)
  const [used, setUsed] = useState(false)
  const alertRef = useFocusWhenShown(failure)
  // Prerendered without the query string: a sign-in link until the app has read it. Opened
  // without a whole link, the page's first script has shown that from the first paint
  // (link-on-open.ts, the same rule over the address as validateConfirmSearch's).
  const signup = hydrated && search.type === 'signup'
  const incomplete = hydrated && !(search.token_hash && search.type)

  // From the render that knows the link, the page's own state says what the mark said.
  useEffect(() => {
    if (hydrated) clearWithoutLinkMark()
  }, [hydrated])

  async function proceed() {
    const { whenSettled, isAdmin } = await loadAuth()
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
    // A link used while the machine still reads the stored session would be missed by it.
    await loadSettledAuth()
    const { verifyEmailLink } = await import('@/lib/auth/email-links')
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
          <Trans>Sign in with your link</Trans>
        </h1>
        {failure && <FormAlert ref={alertRef}>{i18n._(authFailureMessage(failure))}</FormAlert>}
        {used && needsCode ? (
          <Suspense>
            <SignInCodeStep onFailure={setFailure} onDone={proceed} />
          </Suspense>
        ) : (
          <div className={styles.steps}>
            <div
              className={`${styles.step} ${incomplete ? styles.stepAway : `${formStyles.form} ${styles.stepUnlessMarked}`}`}
              inert={incomplete}
            >
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
                // The auth module starts loading when the person turns to the button.
                onFocus={() => void loadAuth()}
                onPointerEnter={() => void loadAuth()}
                disabled={!hydrated || busy || used}
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
            {/* Always there, hidden until needed: its place is kept from the first paint. */}
            <div className={incomplete ? styles.step : `${styles.step} ${styles.stepIfMarked}`}>
              <FormAlert tone="error">
                <Trans>This link is incomplete. Copy the whole link from the e-mail, or ask for a new one.</Trans>
              </FormAlert>
            </div>
          </div>
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
