// Asks for a reset link. The answer is the same whether or not the address has an account, so
// the page cannot be used to find out who our clients are.
import { useEffect, useRef, useState } from 'react'
import { Link } from '@tanstack/react-router'
import { useForm } from 'react-hook-form'
import { Trans, useLingui } from '@lingui/react/macro'
import { Field, FormAlert } from '../../components/form/field'
import * as formStyles from '../../components/form/form.css'
import * as layout from '../../components/ui/layout.css'
import { useLangPrefix } from '../../lib/use-lang'
import { withLangPrefix } from '../../lib/pages'
import { auth } from '../../auth/service'
import type { AuthFailure } from '../../../machines/auth.machine'
import { authFailureMessage } from './auth-messages'
import { emailRules } from './validation'
import * as styles from './auth.css'

export function ForgotPasswordPage() {
  const { t, i18n } = useLingui()
  const lang = useLangPrefix()
  const [sentTo, setSentTo] = useState<string | null>(null)
  const [failure, setFailure] = useState<AuthFailure | null>(null)
  const messageRef = useRef<HTMLDivElement>(null)
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<{ email: string }>({ defaultValues: { email: '' } })

  useEffect(() => {
    if (sentTo || failure) messageRef.current?.focus()
  }, [sentTo, failure])

  const submit = handleSubmit(async ({ email }) => {
    setFailure(null)
    // The link opens the reset page in the language the request was made in.
    const redirectTo = window.location.origin + withLangPrefix('/reset-password', i18n.locale)
    const result = await auth.resetPassword(email.trim(), redirectTo)
    // Only failures that say nothing about the account are shown: too many requests, no network.
    if (result && (result.retryable || result.status === 429)) setFailure(result)
    else setSentTo(email.trim())
  })

  return (
    <div className={styles.page}>
      <section className={styles.card} aria-labelledby="forgot-title">
        <h1 id="forgot-title" className={styles.title}>
          <Trans>Forgot your password?</Trans>
        </h1>
        {sentTo ? (
          <FormAlert ref={messageRef} tone="info">
            <Trans>
              If an account exists for {sentTo}, we have sent it a link to choose a new password. The link works once
              and expires in one hour. Check your spam folder if it does not arrive in a few minutes.
            </Trans>
          </FormAlert>
        ) : (
          <form className={formStyles.form} onSubmit={submit} noValidate>
            <p className={styles.intro}>
              <Trans>Enter the e-mail address you sign in with and we will send you a link to choose a new one.</Trans>
            </p>
            {failure && <FormAlert ref={messageRef}>{i18n._(authFailureMessage(failure))}</FormAlert>}
            <Field
              label={t`E-mail`}
              type="email"
              autoComplete="email"
              inputMode="email"
              error={errors.email?.message}
              {...register('email', emailRules(i18n))}
            />
            <button type="submit" className={`${layout.buttonPrimary} ${styles.submit}`} disabled={isSubmitting}>
              {isSubmitting ? <Trans>Sending...</Trans> : <Trans>Send the link</Trans>}
            </button>
          </form>
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
