// The form of a client organization, for creating one and for editing it. The short name (slug)
// follows the name while creating, until someone edits it. The fields are checked by the
// organization's one schema (src/features/organizations/rules.ts), the rules the table's constraints
// hold; what the database still refuses (a short name already taken) comes back, through the same
// rules, as a message on its field. Nothing is saved while any field is wrong.
import { useRef } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import { CheckboxField, Field, SelectField } from '@/components/form/field'
import { OutcomeAlert } from '@/components/form/form-alert'
import * as layout from '@/components/ui/layout.css'
import type { OrganizationFields } from './api'
import { useRulesForm } from '@/components/form/rules-form'
import {
  checkOrganization,
  organizationFailures,
  emptyOrganizationInput,
  toOrganizationRow,
  type OrganizationInput,
} from '@/features/organizations/rules'
import { languageNames } from './labels'
import type { Organization } from './queries'
import * as styles from './clients.css'

/** "Almacenes Ribera, S.A." → "almacenes-ribera-s-a": lowercase ASCII words joined by hyphens. */
export function slugify(name: string): string {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '')
}

function valuesOf(organization: Organization | null): OrganizationInput {
  if (!organization) return emptyOrganizationInput
  return {
    name: organization.name,
    slug: organization.slug,
    legalName: organization.legal_name ?? '',
    taxId: organization.tax_id ?? '',
    countryCode: organization.country_code ?? '',
    industry: organization.industry ?? '',
    website: organization.website ?? '',
    defaultLocale: organization.default_locale === 'en' ? 'en' : 'es',
    isActive: organization.is_active,
  }
}

interface Props {
  organization: Organization | null
  /** Saves the fields; throws a WriteError when refused. */
  onSave: (fields: OrganizationFields) => Promise<unknown>
  /** Shown after a successful save (editing); creating usually navigates away instead. */
  savedMessage?: string
  /** The id of the heading that names the form. */
  labelledBy: string
}

export function OrganizationForm({ organization, onSave, savedMessage, labelledBy }: Props) {
  const { t, i18n } = useLingui()
  const creating = organization === null
  const slugTouched = useRef(!creating)
  const { register, handleSubmit, reset, setValue, outcome, setOutcome, save, errors, isSubmitting } =
    useRulesForm<OrganizationInput>(checkOrganization, {
      defaultValues: valuesOf(organization),
      failures: organizationFailures,
    })

  const nameField = register('name')
  const slugField = register('slug')

  const submit = handleSubmit(async (values) => {
    const fields = toOrganizationRow(values)
    if (!(await save(() => onSave(fields)))) return
    if (savedMessage) {
      reset(valuesOf({ ...(organization as Organization), ...fields }))
      setOutcome({ tone: 'info', text: savedMessage })
    }
  })

  return (
    <form className={styles.formPanel} onSubmit={submit} noValidate aria-labelledby={labelledBy}>
      <OutcomeAlert outcome={outcome} />
      <div className={styles.formGrid}>
        <Field
          label={t`Name`}
          autoComplete="off"
          error={errors.name?.message}
          {...nameField}
          onChange={(event) => {
            void nameField.onChange(event)
            if (!slugTouched.current) setValue('slug', slugify(event.target.value))
          }}
        />
        <Field
          label={t`Short name`}
          autoComplete="off"
          spellCheck={false}
          hint={
            creating ? (
              <Trans>Filled in from the name. Lowercase letters, digits and hyphens; it must be unique.</Trans>
            ) : (
              <Trans>Lowercase letters, digits and hyphens; it must be unique.</Trans>
            )
          }
          error={errors.slug?.message}
          {...slugField}
          onChange={(event) => {
            slugTouched.current = true
            void slugField.onChange(event)
          }}
        />
        <Field
          label={t`Legal name (optional)`}
          autoComplete="off"
          error={errors.legalName?.message}
          {...register('legalName')}
        />
        <Field label={t`Tax ID (optional)`} autoComplete="off" error={errors.taxId?.message} {...register('taxId')} />
        <Field
          label={t`Country code (optional)`}
          autoComplete="off"
          hint={<Trans>Two letters, for example ES, CO or US.</Trans>}
          error={errors.countryCode?.message}
          {...register('countryCode')}
        />
        <Field
          label={t`Industry (optional)`}
          autoComplete="off"
          error={errors.industry?.message}
          {...register('industry')}
        />
        <Field
          label={t`Website (optional)`}
          type="text"
          inputMode="url"
          autoComplete="off"
          spellCheck={false}
          hint={<Trans>For example example.com; https:// is added when it is missing.</Trans>}
          error={errors.website?.message}
          {...register('website')}
        />
        <SelectField
          label={t`Default language`}
          hint={<Trans>Proposed for the organization's new users and their e-mails.</Trans>}
          options={['es', 'en'].map((code) => ({ value: code, label: i18n._(languageNames[code]!) }))}
          error={errors.defaultLocale?.message}
          {...register('defaultLocale')}
        />
        {!creating && (
          <div className={styles.fullWidth}>
            <CheckboxField
              label={t`Active client`}
              hint={<Trans>Inactive organizations stay on record; their users keep their own account state.</Trans>}
              {...register('isActive')}
            />
          </div>
        )}
      </div>
      <div className={styles.formActions}>
        <button type="submit" className={layout.buttonPrimary} disabled={isSubmitting}>
          {creating ? (
            isSubmitting ? (
              <Trans>Creating...</Trans>
            ) : (
              <Trans>Create organization</Trans>
            )
          ) : isSubmitting ? (
            <Trans>Saving...</Trans>
          ) : (
            <Trans>Save changes</Trans>
          )}
        </button>
      </div>
    </form>
  )
}
