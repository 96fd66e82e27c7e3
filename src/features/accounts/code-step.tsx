// The second step of signing in, and the first of a password reset for an account with two-step
// verification: the 6-digit code from an authenticator app, or a passkey when the account has one. With more than one app (a backup),
// the person chooses which one the code comes from; without any left, the text says who can help.
import { useEffect, useState } from 'react'
import { useForm } from 'react-hook-form'
import { Trans, useLingui } from '@lingui/react/macro'
import { Field, SelectField } from '@/components/form/field'
import * as formStyles from '@/components/form/form.css'
import * as layout from '@/components/ui/layout.css'
import { auth } from '@/lib/auth/service'
import { useAuthSelector } from '@/lib/auth/use-auth'
import { verifiedFactors, type AuthFailure } from '@machines/auth.machine'
import * as styles from './auth.css'
import { codeRules } from './validation'

export function CodeStep({
  intro,
  onFailure,
  onDone,
}: {
  intro: React.ReactNode
  onFailure: (failure: AuthFailure | null) => void
  onDone: () => Promise<void>
}) {
  const { t, i18n } = useLingui()
  const factors = useAuthSelector((snapshot) =>
    verifiedFactors(snapshot.context.user).filter((factor) => factor.factor_type === 'totp'),
  )
  const hasPasskey = useAuthSelector((snapshot) =>
    verifiedFactors(snapshot.context.user).some((factor) => factor.factor_type === 'webauthn'),
  )
  const [usingPasskey, setUsingPasskey] = useState(false)
  const {
    register,
    handleSubmit,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<{ code: string; factorId: string }>({ defaultValues: { code: '', factorId: factors[0]?.id ?? '' } })

  useEffect(() => {
    if (factors.length > 0) setFocus('code')
  }, [setFocus, factors.length])

  // The browser asks for the passkey (a security key, or the device's screen lock).
  async function verifyWithPasskey() {
    onFailure(null)
    setUsingPasskey(true)
    const failure = await auth.verifyPasskey()
    setUsingPasskey(false)
    if (failure) onFailure(failure)
    else await onDone()
  }

  const submit = handleSubmit(async ({ code, factorId }) => {
    onFailure(null)
    const failure = await auth.verifyMfa(code.replace(/\s/g, ''), factorId || undefined)
    if (failure) onFailure(failure)
    else await onDone()
  })

  return (
    <form className={formStyles.form} onSubmit={submit} noValidate>
      <p className={styles.intro}>
        {factors.length === 0 && hasPasskey ? (
          <Trans>Your account is protected with two-step verification. Use your passkey to finish signing in.</Trans>
        ) : (
          intro
        )}
      </p>
      {hasPasskey && (
        <button
          type="button"
          className={`${factors.length > 0 ? layout.buttonSecondary : layout.buttonPrimary} ${styles.submit}`}
          disabled={usingPasskey || isSubmitting}
          onClick={() => void verifyWithPasskey()}
        >
          {usingPasskey ? <Trans>Waiting for your passkey...</Trans> : <Trans>Use your passkey</Trans>}
        </button>
      )}
      {factors.length > 1 && (
        <SelectField
          label={t`Authenticator app`}
          options={factors.map((factor, index) => ({
            value: factor.id,
            label: factor.friendly_name || t`Authenticator app ${index + 1}`,
          }))}
          {...register('factorId')}
        />
      )}
      {factors.length > 0 && (
        <>
          <Field
            label={t`Verification code`}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={7}
            error={errors.code?.message}
            {...register('code', codeRules(i18n))}
          />
          <button type="submit" className={`${layout.buttonPrimary} ${styles.submit}`} disabled={isSubmitting}>
            {isSubmitting ? <Trans>Verifying...</Trans> : <Trans>Verify</Trans>}
          </button>
        </>
      )}
      <p className={styles.intro}>
        {factors.length > 1 ? (
          <Trans>Lost your phone? Choose your backup authenticator above.</Trans>
        ) : factors.length === 0 ? (
          <Trans>
            Lost your passkey? Contact your Cauce Data team: after checking who you are, they can remove it so that you
            can sign in with your password and set up a new one.
          </Trans>
        ) : (
          <Trans>
            Lost access to your authenticator app? Contact your Cauce Data team: after checking who you are, they can
            remove it so that you can sign in with your password and set up a new one.
          </Trans>
        )}
      </p>
      <button type="button" className={styles.linkButton} onClick={() => void auth.signOut()}>
        <Trans>Use a different account</Trans>
      </button>
    </form>
  )
}

/** The code step of a sign-in (by password or by e-mail link), with its usual words. */
export function SignInCodeStep(props: {
  onFailure: (failure: AuthFailure | null) => void
  onDone: () => Promise<void>
}) {
  return (
    <CodeStep
      intro={
        <Trans>
          Your account is protected with two-step verification. Enter the 6-digit code from your authenticator app.
        </Trans>
      }
      {...props}
    />
  )
}
