// Asks for a reset link, for clients (/client-portal/forgot-password) and staff
// (/admin/forgot-password). The answer is the same whether or not the address has an account, so
// the page cannot be used to find out who our clients are. The server sends one link per address
// per minute and answers a request within that minute like any other, so the page says when a
// new link can be asked for, and does not pretend to send one before then from this browser.
import { useEffect, useRef, useState } from 'react'
import { Link } from '@tanstack/react-router'
import { useForm } from 'react-hook-form'
import { Trans, useLingui } from '@lingui/react/macro'
import { Field } from '@/components/form/field'
import { FormAlert } from '@/components/form/form-alert'
import * as formStyles from '@/components/form/form.css'
import * as layout from '@/components/ui/layout.css'
import { useLangPrefix } from '@/lib/use-lang'
import { withLangPrefix } from '@/lib/pages'
import { useHydrated } from '@/lib/hydration'
import { loadAuth, loadSettledAuth } from '@/lib/auth/loader'
import type { Audience } from '@/lib/auth/guards'
import { formatNextLinkTime, heldBack, recordRequest, type NextLink } from '@/lib/auth/link-requests'
import type { AuthFailure } from '@machines/auth.machine'
import { authFailureMessage } from '@/lib/auth/messages'
import { emailRules } from './validation'
import * as styles from './auth.css'

export function ForgotPasswordPage({ audience }: { audience: Audience }) {
  const { t, i18n } = useLingui()
  const lang = useLangPrefix()
  const [sentTo, setSentTo] = useState<string | null>(null)
  const [next, setNext] = useState<NextLink | null>(null)
  const [failure, setFailure] = useState<AuthFailure | null>(null)
  const messageRef = useRef<HTMLDivElement>(null)
  // Prerendered, the form can be typed into at once; it is sent once the app has started.
  const hydrated = useHydrated()
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
    const repeat = heldBack(email)
    if (repeat) {
      setNext(repeat)
      setSentTo(email.trim())
      return
    }
    // The link opens the reset page in the language the request was made in.
    const redirectTo = window.location.origin + withLangPrefix('/reset-password', i18n.locale)
    // The auth module (supabase-js, XState) comes when the form is used, not before the paint.
    const { auth } = await loadSettledAuth()
    const result = await auth.resetPassword(email.trim(), redirectTo)
    // Only failures that say nothing about the account are shown: too many requests, no network.
    if (result && (result.retryable || result.status === 429)) setFailure(result)
    else {
      setNext(recordRequest(email))
      setSentTo(email.trim())
    }
  })
  const nextTime = next ? formatNextLinkTime(next, i18n.locale) : ''
  const login = audience === 'client' ? '/{-$lang}/client-portal/login' : '/{-$lang}/admin/login'

  return (
    <div className={styles.page}>
      <section className={styles.card} aria-labelledby="forgot-title">
        <h1 id="forgot-title" className={styles.title}>
          <Trans>Forgot your password?</Trans>
        </h1>
        {sentTo ? (
          <FormAlert ref={messageRef} tone="info">
            {next?.repeat ? (
              <Trans>
                A link for {sentTo} was asked for less than a minute ago, so no new one has been sent. Use the link in
                that e-mail, or ask for a new one from {nextTime}.
              </Trans>
            ) : (
              <Trans>
                If an account exists for {sentTo}, we have sent it a link to choose a new password. The link works once
                and expires in one hour. Check your spam folder if it does not arrive in a few minutes. One link is sent
                per minute: if you need a new one, ask for it from {nextTime}.
              </Trans>
            )}
          </FormAlert>
        ) : (
          <form className={formStyles.form} onSubmit={submit} onFocus={() => void loadAuth()} noValidate>
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
            <button
              type="submit"
              className={`${layout.buttonPrimary} ${styles.submit}`}
              disabled={!hydrated || isSubmitting}
            >
              {isSubmitting ? <Trans>Sending...</Trans> : <Trans>Send the link</Trans>}
            </button>
          </form>
        )}
        <div className={styles.links}>
          {sentTo && (
            <button
              type="button"
              className={layout.buttonSecondary}
              onClick={() => {
                setSentTo(null)
                setNext(null)
              }}
            >
              <Trans>Ask for another link</Trans>
            </button>
          )}
          <Link to={login} params={{ lang }}>
            <Trans>Back to sign-in</Trans>
          </Link>
        </div>
      </section>
    </div>
  )
}
