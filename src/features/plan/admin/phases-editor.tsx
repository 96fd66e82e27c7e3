// The plan's phases for staff: the list (edit, move up or down, delete) and the form that adds
// or edits one.
import { useMutation } from '@tanstack/react-query'
import { Trans, useLingui } from '@lingui/react/macro'
import { Field, SelectField } from '@/components/form/field'
import { type Outcome, OutcomeAlert } from '@/components/form/form-alert'
import * as formStyles from '@/components/form/form.css'
import { useRulesForm } from '@/components/form/rules-form'
import * as formLayout from '@/components/ui/form-layout.css'
import * as page from '@/components/ui/page.css'
import { DataTable } from '@/components/ui/data-table'
import { useColumnKit } from '@/components/ui/columns'
import { RowAction } from '@/components/ui/row-action'
import { EntryFormActions, useEntryEditor } from '@/components/form/project-form-kit'
import { saveFailureMessage } from '@/lib/write-failure'
import { formatDate, formatMetric } from '@/lib/format'
import { labelOf } from '@/lib/labels'
import { phaseStatusLabels } from '../labels'
import { usedByPhase, type PlanPhase } from '../plan-model'
import { deletePhase, reorderPhases, savePhase } from '../queries'
import { checkPhase, phaseConstraints, phaseStatuses, toPhaseRow, type PhaseInput } from '../rules'
import { Panel, useRefresh, useRemoval, useEntrySave } from './editor-kit'

// ─── Phases ──────────────────────────────────────────────────────────────────────────────────

export function PhasesEditor({
  projectId,
  phases,
  plan,
  onMessage,
}: {
  projectId: string
  phases: PlanPhase[]
  plan: { usage: { phase_id: string; worked_on: string; hours: number | string; amount: number | string | null }[] }
  onMessage: (outcome: Outcome | null) => void
}) {
  const { t, i18n } = useLingui()
  const kit = useColumnKit<PlanPhase>()
  const refresh = useRefresh(projectId)
  const { editing, setEditing, formKey, done, cancel } = useEntryEditor<PlanPhase>(onMessage)
  const used = usedByPhase(plan.usage)
  const move = useMutation({
    mutationFn: ({ index, by }: { index: number; by: -1 | 1 }) => {
      const order = phases.map((phase) => phase.id)
      const [moved] = order.splice(index, 1)
      order.splice(index + by, 0, moved!)
      return reorderPhases(order)
    },
    onSuccess: (_, { index, by }) => {
      const title = phases[index]!.title
      onMessage({ tone: 'info', text: by < 0 ? t`“${title}” moved up.` : t`“${title}” moved down.` })
    },
    onError: (error) => onMessage({ tone: 'error', text: i18n._(saveFailureMessage(error)) }),
    onSettled: refresh,
  })
  const removal = useRemoval(
    projectId,
    (phase: PlanPhase) => deletePhase(phase.id),
    ({ title }) => t`The phase “${title}” has been deleted.`,
    onMessage,
  )
  return (
    <section className={page.section} aria-labelledby="plan-phases-title">
      <h3 id="plan-phases-title" className={page.sectionTitle}>
        <Trans>Phases</Trans>
      </h3>
      <DataTable
        empty={<Trans>This project has no phases yet. Add the first one below.</Trans>}
        labelledBy="plan-phases-title"
        rows={phases}
        keyAttribute="data-phase-id"
        columns={[
          { key: 'title', header: t`Phase`, rowHeader: true, cell: (phase) => phase.title },
          {
            key: 'dates',
            header: t`Dates`,
            cell: (phase) => {
              const from = formatDate(phase.start_date, i18n.locale)
              const to = formatDate(phase.end_date, i18n.locale)
              return (
                <Trans>
                  {from} to {to}
                </Trans>
              )
            },
          },
          { key: 'status', header: t`Status`, cell: (phase) => labelOf(i18n, phaseStatusLabels, phase.status) },
          {
            key: 'hours',
            header: t`Hours used / planned`,
            numeric: true,
            cell: (phase) =>
              `${formatMetric(used.get(phase.id)?.hours ?? 0, 'hours', i18n.locale)} / ${
                phase.planned_hours === null ? '—' : formatMetric(Number(phase.planned_hours), 'hours', i18n.locale)
              }`,
          },
          {
            key: 'budget',
            header: t`Budget used / planned`,
            numeric: true,
            cell: (phase) =>
              `${formatMetric(used.get(phase.id)?.amount ?? 0, 'EUR', i18n.locale)} / ${
                phase.planned_budget === null ? '—' : formatMetric(Number(phase.planned_budget), 'EUR', i18n.locale)
              }`,
          },
          kit.editDelete({
            name: (phase) => phase.title,
            onEdit: setEditing,
            question: (title) => <Trans>Delete the phase “{title}” and the time recorded on it?</Trans>,
            busy: removal.isPending,
            onDelete: (phase) => removal.mutate(phase),
            before: (phase) => {
              const index = phases.indexOf(phase)
              const title = phase.title
              return (
                <>
                  <RowAction
                    label={t`Move up`}
                    name={title}
                    aria-disabled={index === 0 || move.isPending || undefined}
                    onClick={() => {
                      if (index > 0 && !move.isPending) move.mutate({ index, by: -1 })
                    }}
                  />
                  <RowAction
                    label={t`Move down`}
                    name={title}
                    aria-disabled={index === phases.length - 1 || move.isPending || undefined}
                    onClick={() => {
                      if (index < phases.length - 1 && !move.isPending) move.mutate({ index, by: 1 })
                    }}
                  />
                </>
              )
            },
          }),
        ]}
      />
      <PhaseForm
        key={formKey}
        projectId={projectId}
        phase={editing}
        nextPosition={phases.length === 0 ? 0 : Math.max(...phases.map((phase) => phase.position)) + 1}
        onDone={done}
        onCancel={cancel}
      />
    </section>
  )
}

function PhaseForm({
  projectId,
  phase,
  nextPosition,
  onDone,
  onCancel,
}: {
  projectId: string
  phase: PlanPhase | null
  nextPosition: number
  onDone: (text: string) => void
  onCancel: () => void
}) {
  const { t, i18n } = useLingui()
  const { register, handleSubmit, outcome, save, errors, isSubmitting } = useRulesForm(
    (values: PhaseInput) => checkPhase(values),
    {
      ...useEntrySave(projectId, phaseConstraints),
      focus: phase ? 'title' : undefined,
      defaultValues: {
        title: phase?.title ?? '',
        startDate: phase?.start_date ?? '',
        endDate: phase?.end_date ?? '',
        status: phase?.status ?? 'planned',
        plannedHours: phase?.planned_hours === null || !phase ? '' : String(phase.planned_hours),
        plannedBudget: phase?.planned_budget === null || !phase ? '' : String(phase.planned_budget),
      },
    },
  )
  const submit = handleSubmit(async (values) => {
    const checked = checkPhase(values)
    if (!checked.values) return
    const title = checked.values.title
    const row = { ...toPhaseRow(checked.values), ...(phase ? {} : { position: nextPosition }) }
    if (!(await save(() => savePhase(projectId, phase?.id ?? null, row)))) return
    onDone(phase ? t`The phase “${title}” has been saved.` : t`The phase “${title}” has been added.`)
  })
  const phaseTitle = phase?.title ?? ''
  return (
    <Panel title={phase ? <Trans>Edit the phase “{phaseTitle}”</Trans> : <Trans>New phase</Trans>} testId="phase-form">
      <OutcomeAlert outcome={outcome} />
      <form className={formStyles.form} onSubmit={(event) => void submit(event)} noValidate>
        <div className={formLayout.formGrid}>
          <div className={formLayout.fullWidth}>
            <Field label={t`Title`} autoComplete="off" error={errors.title?.message} {...register('title')} />
          </div>
          <Field label={t`Start`} type="date" error={errors.startDate?.message} {...register('startDate')} />
          <Field label={t`End`} type="date" error={errors.endDate?.message} {...register('endDate')} />
          <SelectField
            label={t`Status`}
            error={errors.status?.message}
            options={phaseStatuses.map((code) => ({ value: code, label: labelOf(i18n, phaseStatusLabels, code) }))}
            {...register('status')}
          />
          <Field
            label={t`Planned hours`}
            inputMode="decimal"
            autoComplete="off"
            hint={<Trans>Hours, a budget, or both.</Trans>}
            error={errors.plannedHours?.message}
            {...register('plannedHours')}
          />
          <Field
            label={t`Planned budget in euros (optional)`}
            inputMode="decimal"
            autoComplete="off"
            error={errors.plannedBudget?.message}
            {...register('plannedBudget')}
          />
        </div>
        <EntryFormActions busy={isSubmitting} editing={phase !== null} onCancel={onCancel}>
          {phase ? <Trans>Save phase</Trans> : <Trans>Add phase</Trans>}
        </EntryFormActions>
      </form>
    </Panel>
  )
}
