// The plan's milestones for staff: the list (edit, mark reached, delete) and the form that adds
// or edits one.
import { Trans, useLingui } from '@lingui/react/macro'
import { Field, SelectField } from '@/components/form/field'
import { type Outcome, OutcomeAlert } from '@/components/form/form-alert'
import * as formStyles from '@/components/form/form.css'
import { useRulesForm } from '@/components/form/rules-form'
import * as formLayout from '@/components/ui/form-layout.css'
import * as page from '@/components/ui/page.css'
import { DataTable } from '@/components/ui/data-table'
import { useColumnKit } from '@/components/ui/columns'
import { EntryFormActions, useEntryEditor } from '@/components/form/project-form-kit'
import { formatDate } from '@/lib/format'
import { labelOf } from '@/lib/labels'
import { milestoneStatusLabels } from '../labels'
import { type PlanMilestone, type PlanPhase } from '../plan-model'
import { deleteMilestone, saveMilestone } from '../queries'
import { checkMilestone, milestoneConstraints, milestoneStatuses, toMilestoneRow, type MilestoneInput } from '../rules'
import { Panel, useRemoval, useEntrySave } from './editor-kit'

// ─── Milestones ──────────────────────────────────────────────────────────────────────────────

export function MilestonesEditor({
  projectId,
  phases,
  milestones,
  onMessage,
}: {
  projectId: string
  phases: PlanPhase[]
  milestones: PlanMilestone[]
  onMessage: (outcome: Outcome | null) => void
}) {
  const { t, i18n } = useLingui()
  const kit = useColumnKit<PlanMilestone>()
  const { editing, setEditing, formKey, done, cancel } = useEntryEditor<PlanMilestone>(onMessage)
  const titles = new Map(phases.map((phase) => [phase.id, phase.title]))
  const removal = useRemoval(
    projectId,
    (milestone: PlanMilestone) => deleteMilestone(milestone.id),
    ({ title }) => t`The milestone “${title}” has been deleted.`,
    onMessage,
  )
  return (
    <section className={page.section} aria-labelledby="plan-milestones-title">
      <h3 id="plan-milestones-title" className={page.sectionTitle}>
        <Trans>Milestones</Trans>
      </h3>
      <DataTable
        empty={<Trans>This project has no milestones yet.</Trans>}
        labelledBy="plan-milestones-title"
        rows={milestones}
        keyAttribute="data-milestone-id"
        columns={[
          { key: 'title', header: t`Milestone`, rowHeader: true, cell: (milestone) => milestone.title },
          {
            key: 'phase',
            header: t`Phase`,
            cell: (milestone) => (milestone.phase_id ? (titles.get(milestone.phase_id) ?? '') : ''),
          },
          kit.date('due', t`Due`, (milestone) => milestone.due_date),
          {
            key: 'status',
            header: t`Status`,
            cell: (milestone) => {
              const label = labelOf(i18n, milestoneStatusLabels, milestone.status)
              const on = milestone.reached_at ? formatDate(milestone.reached_at.slice(0, 10), i18n.locale) : ''
              return milestone.reached_at ? (
                <Trans>
                  {label} on {on}
                </Trans>
              ) : (
                label
              )
            },
          },
          kit.editDelete({
            name: (milestone) => milestone.title,
            onEdit: setEditing,
            question: (title) => <Trans>Delete the milestone “{title}”?</Trans>,
            busy: removal.isPending,
            onDelete: (milestone) => removal.mutate(milestone),
          }),
        ]}
      />
      <MilestoneForm
        key={formKey}
        projectId={projectId}
        milestone={editing}
        phases={phases}
        onDone={done}
        onCancel={cancel}
      />
    </section>
  )
}

function MilestoneForm({
  projectId,
  milestone,
  phases,
  onDone,
  onCancel,
}: {
  projectId: string
  milestone: PlanMilestone | null
  phases: PlanPhase[]
  onDone: (text: string) => void
  onCancel: () => void
}) {
  const { t, i18n } = useLingui()
  const phaseIds = new Set(phases.map((phase) => phase.id))
  const { register, handleSubmit, outcome, save, errors, isSubmitting } = useRulesForm(
    (values: MilestoneInput) => checkMilestone(values, phaseIds),
    {
      ...useEntrySave(projectId, milestoneConstraints),
      focus: milestone ? 'title' : undefined,
      defaultValues: {
        title: milestone?.title ?? '',
        dueDate: milestone?.due_date ?? '',
        phaseId: milestone?.phase_id ?? '',
        status: milestone?.status ?? 'pending',
      },
    },
  )
  const submit = handleSubmit(async (values) => {
    const checked = checkMilestone(values, phaseIds)
    if (!checked.values) return
    const title = checked.values.title
    const row = toMilestoneRow(checked.values)
    if (!(await save(() => saveMilestone(projectId, milestone?.id ?? null, row)))) return
    onDone(milestone ? t`The milestone “${title}” has been saved.` : t`The milestone “${title}” has been added.`)
  })
  const milestoneTitle = milestone?.title ?? ''
  return (
    <Panel
      title={milestone ? <Trans>Edit the milestone “{milestoneTitle}”</Trans> : <Trans>New milestone</Trans>}
      testId="milestone-form"
    >
      <OutcomeAlert outcome={outcome} />
      <form className={formStyles.form} onSubmit={(event) => void submit(event)} noValidate>
        <div className={formLayout.formGrid}>
          <div className={formLayout.fullWidth}>
            <Field label={t`Title`} autoComplete="off" error={errors.title?.message} {...register('title')} />
          </div>
          <Field label={t`Due date`} type="date" error={errors.dueDate?.message} {...register('dueDate')} />
          <SelectField
            label={t`Phase (optional)`}
            error={errors.phaseId?.message}
            options={[
              { value: '', label: t`No phase` },
              ...phases.map((phase) => ({ value: phase.id, label: phase.title })),
            ]}
            {...register('phaseId')}
          />
          <SelectField
            label={t`Status`}
            hint={<Trans>Reaching a milestone tells the client and the project’s manager.</Trans>}
            error={errors.status?.message}
            options={milestoneStatuses.map((code) => ({
              value: code,
              label: labelOf(i18n, milestoneStatusLabels, code),
            }))}
            {...register('status')}
          />
        </div>
        <EntryFormActions busy={isSubmitting} editing={milestone !== null} onCancel={onCancel}>
          {milestone ? <Trans>Save milestone</Trans> : <Trans>Add milestone</Trans>}
        </EntryFormActions>
      </form>
    </Panel>
  )
}
