// Target of the recovery and invite e-mails. supabase-js turns the link's fragment into a session
// (PASSWORD_RECOVERY for a reset, SIGNED_IN for an invite); the user then chooses a password and
// goes on to their dashboard, signed in. An account with two-step verification gives its code
// first: the e-mail link alone must not be enough to take it over. An expired or used link says so
// and offers a new one; an expired or used invitation says how to get a new invitation or sign in.
// The dashboard it lands on says the password is set (and a reset's is e-mailed to the owner).
import { useEffect, useRef, useState } from 'react'
import { Link, useNavigate } from '@tanstack/react-router'
import { Trans, useLingui } from '@lingui/react/macro'
import { msg } from '@lingui/core/macro'
import { noticeOnArrival } from '@/components/app-shell/arrival-notice'
import { FormAlert } from '@/components/form/field'
import { PageSpinner } from '@/components/spinner/spinner'
import { useLangPrefix } from '@/lib/use-lang'
import { auth, whenSettled } from '@/lib/auth/service'
import { useAuthSelector } from '@/lib/auth/use-auth'
import { initialLinkOutcome } from '@/lib/auth/url-fragment'
import { isAdmin, isSettled, type AuthFailure } from '@machines/auth.machine'
import { authFailureMessage } from '@/lib/auth/messages'
import { inviteLinkSeconds } from '@/lib/auth/policy'
import { NewPasswordForm } from './new-password-form'
import { CodeStep } from './code-step'
import * as styles from './auth.css'

export function ResetPasswordPage() {
  const { t, i18n } = useLingui()
  const lang = useLangPrefix()
  const navigate = useNavigate()
  const [link] = useState(initialLinkOutcome)
  const settled = useAuthSelector(isSettled)
  const hasSession = useAuthSelector((s) => s.matches('recovery') || s.matches('signedIn'))
  const email = useAuthSelector((s) => s.context.user?.email ?? '')
  const needsCode = useAuthSelector((s) => s.matches({ recovery: 'code' }) || s.matches({ recovery: 'verifying' }))
  const [failure, setFailure] = useState<AuthFailure | null>(null)
  const alertRef = useRef<HTMLDivElement>(null)
  const invited = link.type === 'invite'
  const inviteHours = inviteLinkSeconds / 3600

  useEffect(() => {
    if (failure) alertRef.current?.focus()
  }, [failure])

  async function save(password: string) {
    setFailure(null)
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

  let body
  if (!settled) body = <PageSpinner />
  else if (link.errorCode || !hasSession)
    body = (
      <>
        <FormAlert>
          {link.errorCode ? (
            invited ? (
              <Trans>This invitation has expired or has already been used.</Trans>
            ) : (
              <Trans>This link has expired or has already been used.</Trans>
            )
          ) : (
            <Trans>Open this page from the link in your e-mail to choose a new password.</Trans>
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
          <>
            <p className={styles.intro}>
              <Trans>Links work once and expire after an hour. You can ask for a new one.</Trans>
            </p>
            <Link to="/{-$lang}/client-portal/forgot-password" params={{ lang }}>
              <Trans>Send me a new link</Trans>
            </Link>
          </>
        )}
      </>
    )
  else if (needsCode)
    body = (
      <>
        {failure && <FormAlert ref={alertRef}>{i18n._(authFailureMessage(failure))}</FormAlert>}
        <CodeStep
          intro={
            <Trans>
              Your account is protected with two-step verification. Before you choose a new password, enter the 6-digit
              code from your authenticator app.
            </Trans>
          }
          onFailure={setFailure}
          onDone={async () => undefined}
        />
      </>
    )
  else
    body = (
      <>
        <p className={styles.intro}>
          {invited ? (
            <Trans>Welcome! Choose the password you will use to sign in.</Trans>
          ) : (
            <Trans>Choose a new password for your account.</Trans>
          )}
        </p>
        {failure && <FormAlert ref={alertRef}>{i18n._(authFailureMessage(failure))}</FormAlert>}
        <NewPasswordForm
          onSubmit={save}
          submitLabel={invited ? t`Set my password` : t`Save the new password`}
          userInputs={email ? [email] : []}
        />
      </>
    )

  return (
    <div className={styles.page}>
      <section className={styles.card} aria-labelledby="reset-title">
        <h1 id="reset-title" className={styles.title}>
          {invited ? <Trans>Set your password</Trans> : <Trans>Choose a new password</Trans>}
        </h1>
        {body}
      </section>
    </div>
  )
}
