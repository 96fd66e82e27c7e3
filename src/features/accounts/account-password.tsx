// A new password for the signed-in user, through the auth machine (auth.updatePassword). Whoever holds
// an open session is not necessarily its owner, so the change needs the current password or, for
// someone who no longer remembers it, a six-digit code sent by e-mail (GoTrue's reauthenticate and
// nonce). The server then ends the user's other sessions; this one stays signed in.
import { useState } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import { Field, PasswordField } from '@/components/form/field'
import { FormAlert } from '@/components/form/form-alert'
import { auth } from '@/lib/auth/service'
import type { AuthFailure } from '@machines/auth.machine'
import { authFailureMessage } from '@/lib/auth/messages'
import { NewPasswordForm } from './new-password-form'
import * as authStyles from './auth.css'
import { sendReauthenticationCode } from './account-api'
import { asFailure } from '@/lib/auth/messages'
import { AccountSection } from './account-section'
import { useCurrentProfile } from '@/lib/auth/use-auth'
import { useFocusWhenShown } from '@/lib/use-focus-when-shown'

type Outcome = 'saved' | 'codeSent' | AuthFailure

export function PasswordSection() {
  const { t, i18n } = useLingui()
  const profile = useCurrentProfile()
  const [outcome, setOutcome] = useState<Outcome | null>(null)
  const [proof, setProof] = useState<'password' | 'code'>('password')
  const [currentPassword, setCurrentPassword] = useState('')
  const [code, setCode] = useState('')
  const [proofError, setProofError] = useState<string | undefined>()
  const [sending, setSending] = useState(false)
  const messageRef = useFocusWhenShown(outcome)

  async function sendCode() {
    setOutcome(null)
    setSending(true)
    try {
      await sendReauthenticationCode()
      setProof('code')
      setOutcome('codeSent')
    } catch (error) {
      setOutcome(asFailure(error))
    } finally {
      setSending(false)
    }
  }

  async function save(password: string) {
    setOutcome(null)
    const given = proof === 'password' ? currentPassword : code.replace(/\s/g, '')
    if (!given) {
      setProofError(proof === 'password' ? t`Enter your current password.` : t`Enter the 6-digit code.`)
      return false
    }
    setProofError(undefined)
    const failure = await auth.updatePassword(
      password,
      proof === 'password' ? { currentPassword: given } : { nonce: given },
    )
    setOutcome(failure ?? 'saved')
    if (failure) return false
    setCurrentPassword('')
    setCode('')
    setProof('password')
    return true
  }

  const email = profile?.email ?? ''
  return (
    <AccountSection
      title={<Trans>Password</Trans>}
      intro={<Trans>After the change, you stay signed in here and are signed out on your other devices.</Trans>}
      testId="account-password"
    >
      {outcome && (
        <FormAlert ref={messageRef} tone={outcome === 'saved' || outcome === 'codeSent' ? 'info' : 'error'}>
          {outcome === 'saved' ? (
            <Trans>Your password has been changed. Use the new one the next time you sign in.</Trans>
          ) : outcome === 'codeSent' ? (
            <Trans>We have sent a 6-digit code to {email}. It is valid for one hour.</Trans>
          ) : (
            i18n._(authFailureMessage(outcome))
          )}
        </FormAlert>
      )}
      <NewPasswordForm
        onSubmit={save}
        submitLabel={t`Change password`}
        userInputs={[email, profile?.full_name ?? ''].filter(Boolean)}
      >
        {proof === 'password' ? (
          <PasswordField
            label={t`Current password`}
            autoComplete="current-password"
            value={currentPassword}
            error={proofError}
            onChange={(event) => setCurrentPassword(event.target.value)}
          />
        ) : (
          <Field
            label={t`Code from the e-mail`}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={7}
            value={code}
            error={proofError}
            onChange={(event) => setCode(event.target.value)}
          />
        )}
        <button
          type="button"
          className={authStyles.linkButton}
          disabled={sending}
          onClick={() => {
            setProofError(undefined)
            if (proof === 'password') void sendCode()
            else setProof('password')
          }}
        >
          {proof === 'password' ? (
            <Trans>Forgot it? E-mail me a code instead</Trans>
          ) : (
            <Trans>Use my current password instead</Trans>
          )}
        </button>
      </NewPasswordForm>
    </AccountSection>
  )
}
