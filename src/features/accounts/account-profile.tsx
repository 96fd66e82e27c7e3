// The user's own details: name, job title and phone. The e-mail address is the sign-in name and
// only shown; the role and the organization are never the user's to change.
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { Trans, useLingui } from '@lingui/react/macro'
import type { MessageDescriptor } from '@lingui/core'
import { Field, FormAlert } from '@/components/form/field'
import * as formStyles from '@/components/form/form.css'
import * as layout from '@/components/ui/layout.css'
import type { Profile } from '@machines/auth.machine'
import { auth } from '@/lib/auth/service'
import { updateOwnProfile } from './account-api'
import { saveFailureMessage } from '@/lib/write-failure'
import { AccountSection } from './account-section'
import { useCurrentProfile } from '@/lib/auth/use-auth'
import { useFocusWhenShown } from '@/lib/use-focus-when-shown'
import * as styles from './account.css'

interface ProfileValues {
  fullName: string
  jobTitle: string
  phone: string
}

/** The database's own rule for phone numbers (profiles_phone_format). */
const phonePattern = /^\+?[0-9][0-9 ().-]{5,38}$/

export function ProfileSection() {
  const profile = useCurrentProfile()
  return profile ? <ProfileForm profile={profile} /> : null
}

function ProfileForm({ profile }: { profile: Profile }) {
  const { t, i18n } = useLingui()
  const [outcome, setOutcome] = useState<{ saved: true } | { failure: MessageDescriptor } | null>(null)
  const messageRef = useFocusWhenShown(outcome)
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<ProfileValues>({
    defaultValues: { fullName: profile.full_name, jobTitle: profile.job_title ?? '', phone: profile.phone ?? '' },
  })

  const submit = handleSubmit(async (values) => {
    setOutcome(null)
    const changes = {
      full_name: values.fullName.trim(),
      job_title: values.jobTitle.trim() || null,
      phone: values.phone.trim() || null,
    }
    try {
      await updateOwnProfile(profile.id, changes)
    } catch (error) {
      setOutcome({ failure: saveFailureMessage(error) })
      return
    }
    reset({ fullName: changes.full_name, jobTitle: changes.job_title ?? '', phone: changes.phone ?? '' })
    auth.reloadProfile() // the header and every page show the new name
    setOutcome({ saved: true })
  })

  return (
    <AccountSection title={<Trans>Profile</Trans>} testId="account-profile">
      {outcome && (
        <FormAlert ref={messageRef} tone={'saved' in outcome ? 'info' : 'error'}>
          {'saved' in outcome ? <Trans>Your profile has been saved.</Trans> : i18n._(outcome.failure)}
        </FormAlert>
      )}
      <form className={formStyles.form} onSubmit={submit} noValidate>
        <Field
          label={t`E-mail`}
          type="email"
          value={profile.email ?? ''}
          readOnly
          hint={<Trans>You sign in with this address. To change it, please contact us.</Trans>}
        />
        <Field
          label={t`Full name`}
          autoComplete="name"
          error={errors.fullName?.message}
          {...register('fullName', {
            validate: (value) => {
              const name = value.trim()
              if (!name) return t`Enter your name.`
              if (name.length > 200) return t`A name has at most 200 characters.`
              return true
            },
          })}
        />
        <Field
          label={t`Job title (optional)`}
          autoComplete="organization-title"
          error={errors.jobTitle?.message}
          {...register('jobTitle', {
            validate: (value) => value.trim().length <= 120 || t`A job title has at most 120 characters.`,
          })}
        />
        <Field
          label={t`Phone (optional)`}
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          hint={<Trans>With the country code, for example +34 600 123 456.</Trans>}
          error={errors.phone?.message}
          {...register('phone', {
            validate: (value) =>
              !value.trim() ||
              phonePattern.test(value.trim()) ||
              t`Enter a phone number with digits, spaces and an optional + at the start.`,
          })}
        />
        <div className={styles.actions}>
          <button type="submit" className={layout.buttonPrimary} disabled={isSubmitting}>
            {isSubmitting ? <Trans>Saving...</Trans> : <Trans>Save profile</Trans>}
          </button>
        </div>
      </form>
    </AccountSection>
  )
}
