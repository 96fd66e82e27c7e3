// The user's own details: name, job title and phone, checked by the profile's rules (rules.ts). The
// e-mail address is the sign-in name and only shown; the role and the organization are never the
// user's to change.
import { Trans, useLingui } from '@lingui/react/macro'
import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'
import { Field } from '@/components/form/field'
import { OutcomeAlert, type Outcome } from '@/components/form/form-alert'
import { useRulesForm } from '@/components/form/rules-form'
import * as formStyles from '@/components/form/form.css'
import * as layout from '@/components/ui/layout.css'
import type { Profile } from '@machines/auth.machine'
import { auth } from '@/lib/auth/service'
import { updateOwnProfile } from './account-api'
import { AccountSection } from './account-section'
import { useCurrentProfile } from '@/lib/auth/use-auth'
import * as styles from './account.css'
import { checkProfile, profileFailures, toProfileRow, type ProfileInput } from './rules'

export function ProfileSection() {
  const profile = useCurrentProfile()
  return profile ? <ProfileForm profile={profile} /> : null
}

/** The confirmation, translated when shown. */
const saved: Outcome<MessageDescriptor> = { tone: 'info', text: msg`Your profile has been saved.` }

function ProfileForm({ profile }: { profile: Profile }) {
  const { t } = useLingui()
  const { register, handleSubmit, reset, outcome, setOutcome, save, errors, isSubmitting } = useRulesForm<ProfileInput>(
    checkProfile,
    {
      defaultValues: { fullName: profile.full_name, jobTitle: profile.job_title ?? '', phone: profile.phone ?? '' },
      failures: profileFailures,
    },
  )

  const submit = handleSubmit(async (values) => {
    const changes = toProfileRow(values)
    if (!(await save(() => updateOwnProfile(profile.id, changes)))) return
    reset({ fullName: changes.full_name, jobTitle: changes.job_title ?? '', phone: changes.phone ?? '' })
    auth.reloadProfile() // the header and every page show the new name
    setOutcome(saved)
  })

  return (
    <AccountSection title={<Trans>Profile</Trans>} testId="account-profile">
      <OutcomeAlert outcome={outcome} />
      <form className={formStyles.form} onSubmit={submit} noValidate>
        <Field
          label={t`E-mail`}
          type="email"
          value={profile.email ?? ''}
          readOnly
          hint={<Trans>You sign in with this address. To change it, please contact us.</Trans>}
        />
        <Field label={t`Full name`} autoComplete="name" error={errors.fullName?.message} {...register('fullName')} />
        <Field
          label={t`Job title (optional)`}
          autoComplete="organization-title"
          error={errors.jobTitle?.message}
          {...register('jobTitle')}
        />
        <Field
          label={t`Phone (optional)`}
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          hint={<Trans>With the country code, for example +34 600 123 456.</Trans>}
          error={errors.phone?.message}
          {...register('phone')}
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
