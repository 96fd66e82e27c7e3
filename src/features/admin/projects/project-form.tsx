// A project's own fields, for creating and for editing: organization (fixed once created, since
// the project's files live in the organization's folder), name, service or specialization,
// status, progress, dates, description and whether the client sees it. The rules are the
// table's (projects_*), checked here first so bad input never reaches the server.
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { Trans, useLingui } from '@lingui/react/macro'
import { CheckboxField, Field, SelectField, TextAreaField } from '@/components/form/field'
import * as formStyles from '@/components/form/form.css'
import { labelOf, projectStatusLabels, serviceLabels } from '@/lib/labels'
import type { ProjectInsert } from './api'
import { orNull, OutcomeMessage, SubmitButton, useFailureHandler, type Outcome } from './form-kit'
import { projectStatuses, serviceCodes } from '@/lib/vocabularies'
import { isCalendarDate } from '@/lib/rules/values'
import * as styles from './projects.css'

export interface ProjectFormValues {
  organizationId: string
  name: string
  service: string
  status: string
  progress: string
  startDate: string
  dueDate: string
  completedOn: string
  description: string
  visibleToClient: boolean
}

const FIELDS = [
  'organizationId',
  'name',
  'service',
  'status',
  'progress',
  'startDate',
  'dueDate',
  'completedOn',
  'description',
] as const

export const emptyProject: ProjectFormValues = {
  organizationId: '',
  name: '',
  service: '',
  status: 'planning',
  progress: '0',
  startDate: '',
  dueDate: '',
  completedOn: '',
  description: '',
  visibleToClient: true,
}

export function toProjectRow(values: ProjectFormValues): ProjectInsert {
  return {
    organization_id: values.organizationId,
    name: values.name.trim(),
    service: values.service,
    status: values.status,
    progress: Number(values.progress),
    start_date: orNull(values.startDate),
    due_date: orNull(values.dueDate),
    completed_on: orNull(values.completedOn),
    description: orNull(values.description),
    visible_to_client: values.visibleToClient,
  }
}

interface ProjectFormProps {
  defaultValues: ProjectFormValues
  organizations: { id: string; name: string; is_active: boolean }[] | null
  /** Shown instead of the organization select once the project exists. */
  organizationName?: string
  submitLabel: string
  onSubmit: (values: ProjectFormValues) => Promise<string | void>
  /** Called after a successful save, with what onSubmit returned. */
  savedMessage: string
  resetAfterSave?: boolean
}

export function ProjectForm({
  defaultValues,
  organizations,
  organizationName,
  submitLabel,
  onSubmit,
  savedMessage,
  resetAfterSave,
}: ProjectFormProps) {
  const { t, i18n } = useLingui()
  const [outcome, setOutcome] = useState<Outcome>(null)
  const {
    register,
    handleSubmit,
    reset,
    setError,
    getValues,
    formState: { errors, isSubmitting },
  } = useForm<ProjectFormValues>({ defaultValues })
  const handleFailure = useFailureHandler(setError, FIELDS)

  const submit = handleSubmit(async (values) => {
    setOutcome(null)
    try {
      await onSubmit(values)
    } catch (error) {
      const text = handleFailure(error)
      if (text) setOutcome({ tone: 'error', text })
      return
    }
    reset(resetAfterSave ? defaultValues : values)
    setOutcome({ tone: 'info', text: savedMessage })
  })

  const inactiveLabel = (name: string) => t`${name} (inactive)`
  const date = (value: string) => !value || isCalendarDate(value)

  return (
    <form className={formStyles.form} onSubmit={submit} noValidate>
      <OutcomeMessage outcome={outcome} />
      <div className={styles.formGrid}>
        {organizations ? (
          <SelectField
            label={t`Client organization`}
            error={errors.organizationId?.message}
            options={[
              { value: '', label: t`Choose an organization` },
              ...organizations.map((organization) => ({
                value: organization.id,
                label: organization.is_active ? organization.name : inactiveLabel(organization.name),
              })),
            ]}
            {...register('organizationId', {
              validate: (value) =>
                organizations.some((organization) => organization.id === value) || t`Choose a client organization.`,
            })}
          />
        ) : (
          <Field
            label={t`Client organization`}
            value={organizationName ?? ''}
            readOnly
            hint={<Trans>A project stays with its organization; its files live in the organization's folder.</Trans>}
          />
        )}
        <Field
          label={t`Project name`}
          autoComplete="off"
          error={errors.name?.message}
          {...register('name', {
            validate: (value) => {
              const name = value.trim()
              if (!name) return t`Enter the project's name.`
              if (name.length > 200) return t`Enter a name of at most 200 characters.`
              return true
            },
          })}
        />
        <SelectField
          label={t`Service or specialization`}
          error={errors.service?.message}
          options={[
            { value: '', label: t`Choose a service or specialization` },
            ...serviceCodes.map((code) => ({ value: code, label: labelOf(i18n, serviceLabels, code) })),
          ]}
          {...register('service', {
            validate: (value) =>
              (serviceCodes as readonly string[]).includes(value) ||
              t`Choose a service or specialization from the list.`,
          })}
        />
        <SelectField
          label={t`Status`}
          error={errors.status?.message}
          options={projectStatuses.map((code) => ({ value: code, label: labelOf(i18n, projectStatusLabels, code) }))}
          {...register('status', {
            validate: (value) =>
              (projectStatuses as readonly string[]).includes(value) || t`Choose a status from the list.`,
          })}
        />
        <Field
          label={t`Progress (%)`}
          type="number"
          inputMode="numeric"
          min={0}
          max={100}
          step={1}
          hint={<Trans>A whole number from 0 to 100; a completed project is at 100.</Trans>}
          error={errors.progress?.message}
          {...register('progress', {
            validate: (value) => {
              const text = value.trim()
              if (!/^\d{1,3}$/.test(text) || Number(text) > 100) return t`Progress is a whole number from 0 to 100.`
              if (getValues('status') === 'completed' && Number(text) !== 100) {
                return t`A completed project has a progress of 100%.`
              }
              return true
            },
          })}
        />
        <Field
          label={t`Start date (optional)`}
          type="date"
          error={errors.startDate?.message}
          {...register('startDate', { validate: (value) => date(value) || t`Enter a valid date.` })}
        />
        <Field
          label={t`Due date (optional)`}
          type="date"
          error={errors.dueDate?.message}
          {...register('dueDate', {
            validate: (value) => {
              if (!date(value)) return t`Enter a valid date.`
              const start = getValues('startDate')
              if (value && start && value < start) return t`The due date cannot be before the start date.`
              return true
            },
          })}
        />
        <Field
          label={t`Completed on (optional)`}
          type="date"
          error={errors.completedOn?.message}
          {...register('completedOn', {
            validate: (value) => {
              if (!date(value)) return t`Enter a valid date.`
              const start = getValues('startDate')
              if (value && start && value < start) return t`The completion date cannot be before the start date.`
              return true
            },
          })}
        />
        <div className={styles.wide}>
          <TextAreaField
            label={t`Description (optional)`}
            hint={<Trans>What the project delivers, in a few sentences. At most 5,000 characters.</Trans>}
            error={errors.description?.message}
            {...register('description', {
              validate: (value) => value.trim().length <= 5000 || t`A description has at most 5,000 characters.`,
            })}
          />
        </div>
        <div className={styles.wide}>
          <CheckboxField
            label={t`Visible to the client`}
            hint={
              <Trans>
                Clear it while the project is being prepared: the client then sees neither the project nor anything in
                it.
              </Trans>
            }
            {...register('visibleToClient')}
          />
        </div>
      </div>
      <div className={styles.actions}>
        <SubmitButton busy={isSubmitting}>{submitLabel}</SubmitButton>
      </div>
    </form>
  )
}
