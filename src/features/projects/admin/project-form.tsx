// A project's own fields, for creating and for editing: organization (fixed once created, since
// the project's files live in the organization's folder), name, service or specialization,
// status, progress, dates, description and whether the client sees it. The rules are the
// table's (projects_*), checked here first so bad input never reaches the server.
import { Trans, useLingui } from '@lingui/react/macro'
import { CheckboxField, Field, SelectField, TextAreaField } from '@/components/form/field'
import * as formStyles from '@/components/form/form.css'
import { labelOf, projectStatusLabels, serviceLabels } from '@/lib/labels'
import { OutcomeMessage, SubmitButton, staffFormFailures } from '@/components/form/project-form-kit'
import { useRulesForm } from '@/components/form/rules-form'
import { projectStatuses } from '@/features/projects/vocabulary'
import { serviceCodes } from '@/lib/vocabularies'
import {
  checkProject,
  emptyProjectInput,
  projectFields,
  toProjectRow,
  type ProjectInput,
  projectFailures,
} from '@/features/projects/rules'
import * as styles from '@/components/form/project-forms.css'

export type ProjectFormValues = ProjectInput
export { toProjectRow }

const FIELDS = projectFields

export const emptyProject: ProjectFormValues = emptyProjectInput

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
  const { register, handleSubmit, reset, outcome, setOutcome, save, errors, isSubmitting } = useRulesForm(
    (values: ProjectInput) => checkProject(values),
    {
      defaultValues,
      failures: staffFormFailures(FIELDS, projectFailures),
    },
  )

  const submit = handleSubmit(async (values) => {
    if (!(await save(() => onSubmit(values)))) return
    reset(resetAfterSave ? defaultValues : values)
    setOutcome({ tone: 'info', text: savedMessage })
  })

  const inactiveLabel = (name: string) => t`${name} (inactive)`

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
            {...register('organizationId')}
          />
        ) : (
          <Field
            label={t`Client organization`}
            value={organizationName ?? ''}
            readOnly
            hint={<Trans>A project stays with its organization; its files live in the organization's folder.</Trans>}
          />
        )}
        <Field label={t`Project name`} autoComplete="off" error={errors.name?.message} {...register('name')} />
        <SelectField
          label={t`Service or specialization`}
          error={errors.service?.message}
          options={[
            { value: '', label: t`Choose a service or specialization` },
            ...serviceCodes.map((code) => ({ value: code, label: labelOf(i18n, serviceLabels, code) })),
          ]}
          {...register('service')}
        />
        <SelectField
          label={t`Status`}
          error={errors.status?.message}
          options={projectStatuses.map((code) => ({ value: code, label: labelOf(i18n, projectStatusLabels, code) }))}
          {...register('status')}
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
          {...register('progress')}
        />
        <Field
          label={t`Start date (optional)`}
          type="date"
          error={errors.startDate?.message}
          {...register('startDate')}
        />
        <Field label={t`Due date (optional)`} type="date" error={errors.dueDate?.message} {...register('dueDate')} />
        <Field
          label={t`Completed on (optional)`}
          type="date"
          error={errors.completedOn?.message}
          {...register('completedOn')}
        />
        <div className={styles.wide}>
          <TextAreaField
            label={t`Description (optional)`}
            hint={<Trans>What the project delivers, in a few sentences. At most 5,000 characters.</Trans>}
            error={errors.description?.message}
            {...register('description')}
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
