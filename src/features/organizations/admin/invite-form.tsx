// Invites a person by e-mail: a client user of an organization, or (for a super_admin) a staff
// member with a role. The invitation goes out in the language chosen here, and its link lands on
// the set-password page in that language. Bad input is named next to its field and sends nothing.
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query'
import { Trans, useLingui } from '@lingui/react/macro'
import { Field, SelectField } from '@/components/form/field'
import { OutcomeAlert, type Outcome } from '@/components/form/form-alert'
import * as layout from '@/components/ui/layout.css'
import * as page from '@/components/ui/page.css'
import { adminKeys } from '@/lib/query-keys'
import { accountFailure, adminUsers, type AdminUsersRequest } from './api'
import { languageNames, roleLabels, staffRoles, type StaffRole } from './labels'
import * as styles from './clients.css'
import { useRulesResolver } from '@/components/form/rules-resolver'
import { checkInvitation } from '@/features/organizations/rules'

interface InviteValues {
  email: string
  fullName: string
  locale: 'es' | 'en'
  role: StaffRole
}

type Target = { kind: 'client'; organizationId: string; defaultLocale: string } | { kind: 'staff' }

export function InviteForm({
  target,
  invalidate,
  headingLevel = 3,
}: {
  target: Target
  invalidate: QueryKey[]
  headingLevel?: 2 | 3
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3'
  const { t, i18n } = useLingui()
  const queryClient = useQueryClient()
  const [outcome, setOutcome] = useState<Outcome | null>(null)
  const defaultLocale = target.kind === 'client' && target.defaultLocale === 'en' ? 'en' : 'es'
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<InviteValues>({
    defaultValues: { email: '', fullName: '', locale: defaultLocale, role: 'admin' },
    // The invitation's rules (src/features/organizations/rules.ts), which the admin-users function checks again.
    resolver: useRulesResolver<InviteValues>((values) => checkInvitation(values, target.kind === 'staff')),
  })

  const mutation = useMutation({
    mutationFn: (request: AdminUsersRequest) => adminUsers(request),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.overview() }),
  })

  const submit = handleSubmit(async (values) => {
    setOutcome(null)
    const email = values.email.trim().toLowerCase()
    const common = { action: 'invite' as const, email, full_name: values.fullName.trim(), locale: values.locale }
    const request: AdminUsersRequest =
      target.kind === 'client'
        ? { ...common, organization_id: target.organizationId }
        : { ...common, role: values.role }
    let status: unknown
    try {
      status = (await mutation.mutateAsync(request)).status
    } catch (error) {
      const failure = accountFailure(error)
      const formField = failure.field === 'full_name' ? 'fullName' : failure.field
      if (formField === 'email' || formField === 'fullName' || formField === 'locale' || formField === 'role') {
        setError(formField, { message: i18n._(failure.message) }, { shouldFocus: true })
      } else {
        setOutcome({ tone: 'error', text: i18n._(failure.message) })
      }
      return
    }
    await Promise.all(invalidate.map((queryKey) => queryClient.invalidateQueries({ queryKey })))
    reset({ email: '', fullName: '', locale: values.locale, role: values.role })
    // An account already in use is attached to the organization instead; the person is told.
    setOutcome({
      tone: 'info',
      text:
        status === 'attached'
          ? t`${email} already had an account: it now belongs to this organization, and we have told the person.`
          : t`Invitation sent to ${email}.`,
    })
  })

  const localeOptions = ['es', 'en'].map((code) => ({ value: code, label: i18n._(languageNames[code]!) }))

  return (
    <form className={styles.formPanel} onSubmit={submit} noValidate aria-labelledby={`invite-${target.kind}-title`}>
      <Heading id={`invite-${target.kind}-title`} className={page.subTitle}>
        {target.kind === 'client' ? <Trans>Invite a client user</Trans> : <Trans>Invite a staff member</Trans>}
      </Heading>
      <OutcomeAlert outcome={outcome} />
      <div className={styles.formGrid}>
        <Field label={t`E-mail`} type="email" autoComplete="off" error={errors.email?.message} {...register('email')} />
        <Field label={t`Full name`} autoComplete="off" error={errors.fullName?.message} {...register('fullName')} />
        <SelectField
          label={t`Language of the invitation and the portal`}
          options={localeOptions}
          error={errors.locale?.message}
          {...register('locale')}
        />
        {target.kind === 'staff' && (
          <SelectField
            label={t`Role`}
            options={staffRoles.map((role) => ({ value: role, label: i18n._(roleLabels[role]!) }))}
            hint={<Trans>A super admin can also invite staff and change roles.</Trans>}
            error={errors.role?.message}
            {...register('role')}
          />
        )}
      </div>
      <div className={styles.formActions}>
        <button type="submit" className={layout.buttonPrimary} disabled={mutation.isPending}>
          {mutation.isPending ? <Trans>Sending...</Trans> : <Trans>Send invitation</Trans>}
        </button>
      </div>
    </form>
  )
}
