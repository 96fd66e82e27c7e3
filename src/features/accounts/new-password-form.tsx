// Choosing a password twice, with the rules shown as the user types. Used by the reset page
// (recovery and invite links) and by the account page.
import { useId, type ReactNode } from 'react'
import { useForm } from 'react-hook-form'
import { Trans, useLingui } from '@lingui/react/macro'
import { PasswordField } from '@/components/form/field'
import * as formStyles from '@/components/form/form.css'
import * as layout from '@/components/ui/layout.css'
import { PasswordChecks } from './password-checks'
import { PasswordStrength } from './password-strength'
import { passwordChecks } from './validation'

export interface NewPasswordValues {
  password: string
  confirmation: string
}

export function NewPasswordForm({
  onSubmit,
  submitLabel,
  children,
  userInputs = [],
  steady = false,
  waiting,
}: {
  onSubmit: (password: string) => Promise<boolean>
  submitLabel: string
  /** The person's own words (e-mail, name), which make a password easier to guess. */
  userInputs?: string[]
  /** Fields before the new password (the account page's proof of who is changing it). */
  children?: ReactNode
  /** Nothing below the fields moves on the first keystroke (the strength meter's place is kept). */
  steady?: boolean
  /** While given, the button waits (an early Enter sends nothing) and this is said in the meter's place. */
  waiting?: ReactNode
}) {
  const { t } = useLingui()
  const checksId = useId()
  const {
    register,
    handleSubmit,
    watch,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<NewPasswordValues>({ defaultValues: { password: '', confirmation: '' } })
  const password = watch('password')
  const confirmation = watch('confirmation')

  const submit = handleSubmit(async (values) => {
    if (await onSubmit(values.password)) reset()
  })

  return (
    <form className={formStyles.form} onSubmit={submit} noValidate>
      {children}
      <PasswordField
        label={t`New password`}
        autoComplete="new-password"
        aria-describedby={checksId}
        error={errors.password?.message}
        {...register('password', {
          validate: (value) =>
            passwordChecks(value, value).every((check) => check.id === 'match' || check.met) ||
            t`The password does not meet the rules below.`,
        })}
      />
      <PasswordField
        label={t`Repeat the new password`}
        autoComplete="new-password"
        error={errors.confirmation?.message}
        {...register('confirmation', {
          validate: (value, values) => value === values.password || t`The two passwords do not match.`,
        })}
      />
      <PasswordChecks id={checksId} password={password} confirmation={confirmation} />
      <PasswordStrength password={password} userInputs={userInputs} keepPlace={steady} note={waiting} />
      <button type="submit" className={layout.buttonPrimary} disabled={isSubmitting || waiting !== undefined}>
        {isSubmitting ? <Trans>Saving...</Trans> : submitLabel}
      </button>
    </form>
  )
}
