// Target of the recovery and invite e-mails. supabase-js turns the link's fragment into a session
// (PASSWORD_RECOVERY for a reset, SIGNED_IN for an invite); the user then chooses a password and
// goes on to their dashboard, signed in. An account with two-step verification gives its code
// first: the e-mail link alone must not be enough to take it over. An expired or used link says so
// and offers a new one; an expired or used invitation says how to get a new invitation or sign in.
// The dashboard it lands on says the password is set (and a reset's is e-mailed to the owner).
//
// The page is prerendered (decision 0048): its first state is the same for every link (the
// password fields, and a button that waits while the link is checked), so the fields can be typed
// into as soon as they paint. Once the app runs it reads the link; the auth module (supabase-js,
// XState) loads then, and only when the link or this browser holds a session. The steps share one
// place on the page, so the page moves nothing when the link turns out spent or asks for a code.
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react'
import { Link, useNavigate } from '@tanstack/react-router'
import { Trans, useLingui } from '@lingui/react/macro'
import { msg } from '@lingui/core/macro'
import { noticeOnArrival } from '@/components/app-shell/arrival-notice'
import { FormAlert } from '@/components/form/form-alert'
import { useLangPrefix } from '@/lib/use-lang'
import { useHydrated } from '@/lib/hydration'
import { useFocusWhenShown } from '@/lib/use-focus-when-shown'
import { loadAuth } from '@/lib/auth/loader'
import { hasStoredSession } from '@/lib/auth/stored-session'
import { useLoadedAuthSelector } from '@/lib/auth/use-loaded-auth'
import { initialFragment, initialLinkOutcome } from '@/lib/auth/url-fragment'
import { isAdmin, isSettled } from '@machines/auth.rules'
import type { AuthFailure } from '@machines/auth.machine'
import { authFailureMessage } from '@/lib/auth/messages'
import { inviteLinkSeconds } from '@/lib/auth/policy'
import { NewPasswordForm } from './new-password-form'
import { clearWithoutLinkMark, openedWithoutResetLink } from './link-on-open'
import * as styles from './auth.css'

// The code step needs the auth module, which has loaded by the time it shows.
const CodeStep = lazy(() => import('./code-step').then((module) => ({ default: module.CodeStep })))

type Step = 'checking' | 'password' | 'code' | 'spent'

export function ResetPasswordPage() {
  const { t, i18n } = useLingui()
  const lang = useLangPrefix()
  const navigate = useNavigate()
  // Prerendered without the link (the fragment never reaches a server): what depends on it shows
  // once the page has hydrated, so hydration meets the markup it expects.
  const hydrated = useHydrated()
  const [link] = useState(initialLinkOutcome)
  // Opened without a link: the page's first script has shown that from the first paint already.
  const [withoutLink] = useState(
    () => typeof window !== 'undefined' && openedWithoutResetLink(initialFragment(), hasStoredSession()),
  )
  // The auth module is needed at once only for a session: the link's, or one this browser holds.
  const needsAuth = !withoutLink && !link.errorCode
  const settled = useLoadedAuthSelector(isSettled, false)
  const hasSession = useLoadedAuthSelector((s) => s.matches('recovery') || s.matches('signedIn'), false)
  const email = useLoadedAuthSelector((s) => s.context.user?.email ?? '', '')
  const needsCode = useLoadedAuthSelector(
    (s) => s.matches({ recovery: 'code' }) || s.matches({ recovery: 'verifying' }),
    false,
  )
  const [failure, setFailure] = useState<AuthFailure | null>(null)
  const alertRef = useFocusWhenShown(failure)
  const invited = hydrated && link.type === 'invite'
  const inviteHours = inviteLinkSeconds / 3600

  useEffect(() => {
    if (needsAuth) void loadAuth()
  }, [needsAuth])

  // From the render that knows the link, the page's own state says what the mark said.
  useEffect(() => {
    if (hydrated) clearWithoutLinkMark()
  }, [hydrated])

  let step: Step = 'checking'
  if (hydrated) {
    if (withoutLink || link.errorCode) step = 'spent'
    else if (!settled) step = 'checking'
    else if (!hasSession) step = 'spent'
    else step = needsCode ? 'code' : 'password'
  }

  async function save(password: string) {
    setFailure(null)
    const { auth, whenSettled } = await loadAuth()
    const result = await auth.updatePassword(password)
    if (result) {
      setFailure(result)
      return false
    }
    // Said on the dashboard the person lands on: the password is set, and they are signed in.
    noticeOnArrival(
      invited
        ? msg`Your password is set and you are signed in. From now on, sign in with your e-mail address and this password.`
        : msg`Your password has been changed and you are signed in. Other sessions of your account were signed out.`,
    )
    const snapshot = await whenSettled()
    await navigate({
      to: isAdmin(snapshot) ? '/{-$lang}/admin/dashboard' : '/{-$lang}/client-portal/dashboard',
      params: { lang },
      replace: true,
    })
    return true
  }

  const failureAlert = failure && <FormAlert ref={alertRef}>{i18n._(authFailureMessage(failure))}</FormAlert>
  let other: ReactNode = null
  if (step === 'spent' && link.errorCode)
    other = (
      <>
        <FormAlert>
          {invited ? (
            <Trans>This invitation has expired or has already been used.</Trans>
          ) : (
            <Trans>This link has expired or has already been used.</Trans>
          )}
        </FormAlert>
        {invited ? (
          <>
            <p className={styles.intro}>
              <Trans>
                An invitation works once, for {inviteHours} hours. If you have already chosen your password, sign in.
                Otherwise, ask your Cauce Data contact to send you a new invitation.
              </Trans>
            </p>
            <Link to="/{-$lang}/client-portal/login" params={{ lang }}>
              <Trans>Sign in</Trans>
            </Link>
          </>
        ) : (
          <NewLinkOffer />
        )}
      </>
    )
  else if (step === 'code')
    other = (
      <>
        {failureAlert}
        <Suspense>
          <CodeStep
            intro={
              <Trans>
                Your account is protected with two-step verification. Before you choose a new password, enter the
                6-digit code from your authenticator app.
              </Trans>
            }
            onFailure={setFailure}
            onDone={async () => undefined}
          />
        </Suspense>
      </>
    )

  // The password step stays in place (and keeps what was typed) while another step is shown.
  const passwordAway = step === 'spent' || step === 'code'
  const saysWithoutLink = step === 'spent' && !link.errorCode
  return (
    <div className={styles.page}>
      <section className={styles.card} aria-labelledby="reset-title">
        <h1 id="reset-title" className={styles.title}>
          <Trans>Choose your password</Trans>
        </h1>
        <div className={styles.steps}>
          <div
            className={`${styles.step} ${passwordAway ? styles.stepAway : styles.stepUnlessMarked}`}
            inert={passwordAway}
          >
            <p className={styles.intro}>
              <Trans>Choose the password you will sign in with from now on.</Trans>
            </p>
            {!passwordAway && failureAlert}
            <NewPasswordForm
              onSubmit={save}
              // One label for every link: the button keeps its size when the link has been read.
              submitLabel={t`Save my password`}
              steady
              waiting={step === 'checking' ? <Trans>Checking your link...</Trans> : undefined}
              userInputs={email ? [email] : []}
            />
          </div>
          {other && <div className={styles.step}>{other}</div>}
          {/* Always there: shown from the first paint when the page was opened without a link. */}
          <div className={saysWithoutLink ? styles.step : `${styles.step} ${styles.stepIfMarked}`}>
            <FormAlert>
              <Trans>Open this page from the link in your e-mail to choose a new password.</Trans>
            </FormAlert>
            <NewLinkOffer />
          </div>
        </div>
      </section>
    </div>
  )
}

/** What a recovery link that cannot be used offers: a new one. */
function NewLinkOffer() {
  const lang = useLangPrefix()
  return (
    <>
      <p className={styles.intro}>
        <Trans>Links work once and expire after an hour. You can ask for a new one.</Trans>
      </p>
      <Link to="/{-$lang}/client-portal/forgot-password" params={{ lang }}>
        <Trans>Send me a new link</Trans>
      </Link>
    </>
  )
}
