// The form of a client organization, for creating one and for editing it. The short name (slug)
// follows the name while creating, until someone edits it. Each field is checked against the
// same rules as the table's constraints; what the database still refuses (a short name already
// taken) comes back as a message on its field. Nothing is saved while any field is wrong.
import { useRef, useState } from 'react'
import { useForm } from 'react-hook-form'
import { Trans, useLingui } from '@lingui/react/macro'
import { CheckboxField, Field, FormAlert, SelectField } from '@/components/form/field'
import * as layout from '@/components/ui/layout.css'
import { useFocusWhenShown } from '@/lib/use-focus-when-shown'
import { WriteError, failureOf, type OrganizationFields } from './api'
import { languageNames } from './labels'
import type { Organization } from './queries'
import * as styles from './clients.css'

interface OrganizationValues {
  name: string
  slug: string
  legalName: string
  taxId: string
  countryCode: string
  industry: string
  website: string
  defaultLocale: 'es' | 'en'
  isActive: boolean
}

const fieldOf: Record<keyof OrganizationFields, keyof OrganizationValues> = {
  name: 'name',
  slug: 'slug',
  legal_name: 'legalName',
  tax_id: 'taxId',
  country_code: 'countryCode',
  industry: 'industry',
  website: 'website',
  default_locale: 'defaultLocale',
  is_active: 'isActive',
}

const slugPattern = /^[a-z0-9]+(-[a-z0-9]+)*$/
const websitePattern = /^https?:\/\/[^\s]+$/

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

function valuesOf(organization: Organization | null): OrganizationValues {
  return {
    name: organization?.name ?? '',
    slug: organization?.slug ?? '',
    legalName: organization?.legal_name ?? '',
    taxId: organization?.tax_id ?? '',
    countryCode: organization?.country_code ?? '',
    industry: organization?.industry ?? '',
    website: organization?.website ?? '',
    defaultLocale: organization?.default_locale === 'en' ? 'en' : 'es',
    isActive: organization?.is_active ?? true,
  }
}

function fieldsOf(values: OrganizationValues): OrganizationFields {
  const optional = (value: string) => value.trim() || null
  return {
    name: values.name.trim(),
    slug: values.slug.trim(),
    legal_name: optional(values.legalName),
    tax_id: optional(values.taxId),
    country_code: optional(values.countryCode)?.toUpperCase() ?? null,
    industry: optional(values.industry),
    website: optional(values.website),
    default_locale: values.defaultLocale,
    is_active: values.isActive,
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
  const [outcome, setOutcome] = useState<{ tone: 'info' | 'error'; text: string } | null>(null)
  const outcomeRef = useFocusWhenShown(outcome)
  const {
    register,
    handleSubmit,
    reset,
    setError,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm<OrganizationValues>({ defaultValues: valuesOf(organization) })

  const nameField = register('name', {
    validate: (value) => {
      const name = value.trim()
      if (!name) return t`Enter the organization's name.`
      if (name.length < 2 || name.length > 200) return t`A name has between 2 and 200 characters.`
      return true
    },
  })
  const slugField = register('slug', {
    validate: (value) => {
      const slug = value.trim()
      if (!slug) return t`Enter a short name.`
      if (slug.length > 80 || !slugPattern.test(slug))
        return t`Use lowercase letters, digits and single hyphens, at most 80 characters.`
      return true
    },
  })

  const submit = handleSubmit(async (values) => {
    setOutcome(null)
    const fields = fieldsOf(values)
    try {
      await onSave(fields)
    } catch (error) {
      const failure = failureOf(error)
      const field =
        error instanceof WriteError && failure.field ? fieldOf[failure.field as keyof OrganizationFields] : null
      if (field) setError(field, { message: i18n._(failure.message) }, { shouldFocus: true })
      else setOutcome({ tone: 'error', text: i18n._(failure.message) })
      return
    }
    if (savedMessage) {
      reset(valuesOf({ ...(organization as Organization), ...fields }))
      setOutcome({ tone: 'info', text: savedMessage })
    }
  })

  const optionalLength = (max: number, message: string) => (value: string) => value.trim().length <= max || message

  return (
    <form className={styles.formPanel} onSubmit={submit} noValidate aria-labelledby={labelledBy}>
      {outcome && (
        <FormAlert ref={outcomeRef} tone={outcome.tone}>
          {outcome.text}
        </FormAlert>
      )}
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
          {...register('legalName', { validate: optionalLength(200, t`A legal name has at most 200 characters.`) })}
        />
        <Field
          label={t`Tax ID (optional)`}
          autoComplete="off"
          error={errors.taxId?.message}
          {...register('taxId', { validate: optionalLength(40, t`A tax ID has at most 40 characters.`) })}
        />
        <Field
          label={t`Country code (optional)`}
          autoComplete="off"
          hint={<Trans>Two letters, for example ES, CO or US.</Trans>}
          error={errors.countryCode?.message}
          {...register('countryCode', {
            validate: (value) =>
              !value.trim() ||
              /^[A-Za-z]{2}$/.test(value.trim()) ||
              t`Enter the two-letter country code, for example ES.`,
          })}
        />
        <Field
          label={t`Industry (optional)`}
          autoComplete="off"
          error={errors.industry?.message}
          {...register('industry', { validate: optionalLength(100, t`An industry has at most 100 characters.`) })}
        />
        <Field
          label={t`Website (optional)`}
          type="url"
          autoComplete="off"
          hint={<Trans>The full address, for example https://example.com.</Trans>}
          error={errors.website?.message}
          {...register('website', {
            validate: (value) => {
              const website = value.trim()
              if (!website) return true
              return (
                (website.length <= 300 && websitePattern.test(website)) ||
                t`Enter a web address starting with https:// or http://, at most 300 characters.`
              )
            },
          })}
        />
        <SelectField
          label={t`Default language`}
          hint={<Trans>Proposed for the organization's new users and their e-mails.</Trans>}
          options={['es', 'en'].map((code) => ({ value: code, label: i18n._(languageNames[code]!) }))}
          error={errors.defaultLocale?.message}
          {...register('defaultLocale', {
            validate: (value) => value === 'es' || value === 'en' || t`Choose Spanish or English.`,
          })}
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
