// After "e-mail me a sign-in link": says where the link went (in words that do not tell whether
// the address has an account) and takes the six-digit code from the same e-mail, for a person
// who reads their mail on another device.
import { useEffect, useRef } from 'react'
import { useForm } from 'react-hook-form'
import { Trans, useLingui } from '@lingui/react/macro'
import { Field } from '@/components/form/field'
import { FormAlert } from '@/components/form/form-alert'
import * as formStyles from '@/components/form/form.css'
import * as layout from '@/components/ui/layout.css'
import { verifyEmailLink } from '@/lib/auth/email-links'
import { formatNextLinkTime, type NextLink } from '@/lib/auth/link-requests'
import type { AuthFailure } from '../../../machines/auth.machine'
import * as styles from './auth.css'
import { codeRules } from './validation'

export function LinkSentStep({
  email,
  next,
  onFailure,
  onDone,
  onBack,
}: {
  email: string
  /** When another link may be asked for; `repeat` when this request sent nothing. */
  next: NextLink
  onFailure: (failure: AuthFailure | null) => void
  onDone: () => Promise<void>
  onBack: () => void
}) {
  const { t, i18n } = useLingui()
  const nextTime = formatNextLinkTime(next, i18n.locale)
  const messageRef = useRef<HTMLDivElement>(null)
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<{ code: string }>({ defaultValues: { code: '' } })

  useEffect(() => messageRef.current?.focus(), [])

  const submit = handleSubmit(async ({ code }) => {
    onFailure(null)
    const result = await verifyEmailLink({ email, code: code.replace(/\s/g, '') })
    if ('failure' in result) onFailure(result.failure)
    else await onDone()
  })

  return (
    <form className={formStyles.form} onSubmit={submit} noValidate>
      <FormAlert ref={messageRef} tone="info">
        {next.repeat ? (
          <Trans>
            A link for {email} was asked for less than a minute ago, so no new one has been sent. Use the link or the
            code in that e-mail, or ask for a new one from {nextTime}.
          </Trans>
        ) : (
          <Trans>
            If an account exists for {email}, we have sent it a sign-in link. Open it on this or any device; it works
            only once, for a limited time. One link is sent per minute: if you need a new one, ask for it from{' '}
            {nextTime}.
          </Trans>
        )}
      </FormAlert>
      <Field
        label={t`Or enter the 6-digit code from the e-mail`}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={8}
        error={errors.code?.message}
        {...register('code', codeRules(i18n))}
      />
      <button type="submit" className={`${layout.buttonPrimary} ${styles.submit}`} disabled={isSubmitting}>
        {isSubmitting ? <Trans>Signing in...</Trans> : <Trans>Sign in with the code</Trans>}
      </button>
      <button type="button" className={styles.linkButton} onClick={onBack}>
        <Trans>Use my password instead</Trans>
      </button>
    </form>
  )
}
