// A project's plan for staff: where its progress comes from (the plan, or the value typed over
// it, which staff can hand back to the plan), the same totals, burn-down and timeline the client
// sees, and the editors: phases (add, edit, move up or down, delete), milestones (add, edit,
// mark reached, delete) and time entries (record one, import a CSV file, delete), with the plan
// and the entries exportable as CSV. Every write refreshes the plan and the project's progress.
import { useEffect, useId, useRef, useState, type ReactNode } from 'react'
import { useForm } from 'react-hook-form'
import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { msg, plural } from '@lingui/core/macro'
import type { I18n } from '@lingui/core'
import { Field, FormAlert, SelectField } from '@/components/form/field'
import * as formStyles from '@/components/form/form.css'
import { useRulesResolver } from '@/components/form/rules-resolver'
import * as formLayout from '@/components/ui/form-layout.css'
import * as layout from '@/components/ui/layout.css'
import * as page from '@/components/ui/page.css'
import { ConfirmButton } from '@/components/ui/confirm-button'
import { DataTable } from '@/components/ui/data-table'
import { EmptyState, ProgressBar } from '@/components/ui/page-kit'
import { actionName } from '@/lib/action-name'
import { saveFailureMessage } from '@/lib/auth/messages'
import { downloadText } from '@/lib/csv'
import { formatDate, formatMetric, todayIso } from '@/lib/format'
import { labelOf } from '@/lib/labels'
import { useProfile } from '@/lib/auth/use-auth'
import { useFocusWhenShown } from '@/lib/use-focus-when-shown'
import { milestoneStatusLabels, phaseStatusLabels } from '../labels'
import {
  MAX_IMPORT_BYTES,
  parseTimeEntriesCsv,
  planCsv,
  planFileName,
  timeEntriesCsv,
  type ImportProblem,
  type ImportResult,
} from '../plan-csv'
import { sortPhases, usedByPhase, type PlanMilestone, type PlanPhase } from '../plan-model'
import { PlanBurndown, PlanSummary, PlanTimeline, ProgressSource } from '../plan-view'
import {
  deleteMilestone,
  deletePhase,
  deleteTimeEntry,
  followPlanProgress,
  insertTimeEntries,
  planKeys,
  planProjectQuery,
  planQuery,
  planStaffQuery,
  reorderPhases,
  saveMilestone,
  savePhase,
  timeEntriesQuery,
  type StaffMember,
  type TimeEntry,
} from '../queries'
import {
  checkMilestone,
  checkPhase,
  checkTimeEntry,
  milestoneConstraints,
  milestoneFields,
  milestoneStatuses,
  phaseConstraints,
  phaseFields,
  phaseStatuses,
  planMessages,
  refusedRule,
  timeEntryConstraints,
  timeEntryFields,
  toMilestoneRow,
  toPhaseRow,
  type MilestoneInput,
  type PhaseInput,
  type TimeEntryInput,
} from '../rules'
import * as styles from '../plan.css'

type Outcome = { tone: 'info' | 'error'; text: string } | null

function Message({ outcome }: { outcome: Outcome }) {
  const ref = useFocusWhenShown(outcome)
  if (!outcome) return null
  return (
    <FormAlert ref={ref} tone={outcome.tone}>
      {outcome.text}
    </FormAlert>
  )
}

function Panel({ title, children, testId }: { title: ReactNode; children: ReactNode; testId?: string }) {
  const titleId = useId()
  return (
    <section className={formLayout.formPanel} aria-labelledby={titleId} data-testid={testId}>
      <h3 id={titleId} className={styles.panelTitle}>
        {title}
      </h3>
      {children}
    </section>
  )
}

/** Refreshes the plan, its entries and the project's progress (all under the project's plan key), and the project page. */
function useRefresh(projectId: string) {
  const queryClient = useQueryClient()
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: planKeys.all(projectId) }),
      // The project's header shows the progress the plan moves.
      queryClient.invalidateQueries({ predicate: (query) => JSON.stringify(query.queryKey).includes(projectId) }),
    ])
}

export function PlanAdmin({ projectId }: { projectId: string }) {
  const { t, i18n } = useLingui()
  const viewer = useProfile().id
  const project = useSuspenseQuery(planProjectQuery(viewer, projectId)).data
  const plan = useSuspenseQuery(planQuery(viewer, projectId)).data
  const entries = useSuspenseQuery(timeEntriesQuery(projectId)).data
  const staff = useSuspenseQuery(planStaffQuery()).data
  const refresh = useRefresh(projectId)
  const [outcome, setOutcome] = useState<Outcome>(null)
  if (!project) return null
  const projectName = project.name
  const phases = sortPhases(plan.phases)

  return (
    <div className={page.section}>
      <Panel title={<Trans>Progress</Trans>} testId="plan-progress">
        <ProgressBar value={project.progress} />
        {phases.length > 0 ? (
          <ProgressSource overridden={project.progress_overridden} />
        ) : (
          <p className={styles.overrideNote}>
            <Trans>This project has no plan yet: its progress is the one typed in its details.</Trans>
          </p>
        )}
        {phases.length > 0 && project.progress_overridden && (
          <FollowPlanButton projectId={projectId} onDone={refresh} />
        )}
      </Panel>
      <Message outcome={outcome} />
      {phases.length > 0 && (
        <>
          <PlanSummary phases={plan.phases} usage={plan.usage} />
          <PlanBurndown phases={plan.phases} usage={plan.usage} />
        </>
      )}
      <div className={styles.actions}>
        <button
          type="button"
          className={layout.buttonSecondary}
          onClick={() => downloadText(planCsv(i18n, projectName, plan), planFileName('plan', projectName))}
        >
          <Trans>Export the plan (CSV)</Trans>
        </button>
        <button
          type="button"
          className={layout.buttonSecondary}
          onClick={() => downloadText(timeEntriesCsv(entries, plan.phases, staff), planFileName('time', projectName))}
        >
          <Trans>Export the time entries (CSV)</Trans>
        </button>
      </div>
      <PhasesEditor projectId={projectId} phases={phases} plan={plan} onMessage={setOutcome} />
      <MilestonesEditor projectId={projectId} phases={phases} milestones={plan.milestones} onMessage={setOutcome} />
      <TimeEditor projectId={projectId} phases={phases} entries={entries} staff={staff} onMessage={setOutcome} />
      {phases.length > 0 && (
        <PlanTimeline
          phases={plan.phases}
          milestones={plan.milestones}
          usage={plan.usage}
          label={t`Timeline of ${projectName}`}
          headingLevel={4}
        />
      )}
    </div>
  )
}

function FollowPlanButton({ projectId, onDone }: { projectId: string; onDone: () => Promise<unknown> }) {
  const { i18n } = useLingui()
  const [failure, setFailure] = useState<string | null>(null)
  const mutation = useMutation({
    mutationFn: () => followPlanProgress(projectId),
    onError: (error) => setFailure(i18n._(saveFailureMessage(error))),
    onSettled: onDone,
  })
  return (
    <div className={styles.actions}>
      <button
        type="button"
        className={page.smallButton}
        aria-disabled={mutation.isPending || undefined}
        onClick={() => {
          if (!mutation.isPending) mutation.mutate()
        }}
      >
        <Trans>Follow the plan’s progress again</Trans>
      </button>
      {failure && (
        <p role="alert" className={page.inlineError}>
          {failure}
        </p>
      )}
    </div>
  )
}

/** A failed save: on the field the table names, otherwise as the form's message. */
function useSaveFailure<F extends string>(constraints: Record<string, { field: F; rule: keyof typeof planMessages }>) {
  const { i18n } = useLingui()
  return (error: unknown, setError: (field: F, message: string) => void): string | null => {
    const refused = refusedRule(constraints, error)
    if (refused) {
      setError(refused.field, i18n._(planMessages[refused.rule]))
      return null
    }
    return i18n._(saveFailureMessage(error))
  }
}

// ─── Phases ──────────────────────────────────────────────────────────────────────────────────

function PhasesEditor({
  projectId,
  phases,
  plan,
  onMessage,
}: {
  projectId: string
  phases: PlanPhase[]
  plan: { usage: { phase_id: string; worked_on: string; hours: number | string; amount: number | string | null }[] }
  onMessage: (outcome: Outcome) => void
}) {
  const { t, i18n } = useLingui()
  const refresh = useRefresh(projectId)
  const [editing, setEditing] = useState<PlanPhase | null>(null)
  const [round, setRound] = useState(0)
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
  const removal = useMutation({
    mutationFn: (phase: PlanPhase) => deletePhase(phase.id),
    onSuccess: (_, phase) => {
      const title = phase.title
      onMessage({ tone: 'info', text: t`The phase “${title}” has been deleted.` })
    },
    onError: (error) => onMessage({ tone: 'error', text: i18n._(saveFailureMessage(error)) }),
    onSettled: refresh,
  })
  return (
    <section className={page.section} aria-labelledby="plan-phases-title">
      <h3 id="plan-phases-title" className={page.sectionTitle}>
        <Trans>Phases</Trans>
      </h3>
      {phases.length === 0 ? (
        <EmptyState>
          <Trans>This project has no phases yet. Add the first one below.</Trans>
        </EmptyState>
      ) : (
        <DataTable
          labelledBy="plan-phases-title"
          rows={phases}
          rowKey={(phase) => phase.id}
          rowAttributes={(phase) => ({ 'data-phase-id': phase.id })}
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
            {
              key: 'actions',
              header: t`Actions`,
              actions: true,
              cell: (phase) => {
                const index = phases.indexOf(phase)
                const title = phase.title
                return (
                  <>
                    <button
                      type="button"
                      className={page.smallButton}
                      aria-label={actionName(i18n, t`Move up`, title)}
                      aria-disabled={index === 0 || move.isPending || undefined}
                      onClick={() => {
                        if (index > 0 && !move.isPending) move.mutate({ index, by: -1 })
                      }}
                    >
                      <Trans>Move up</Trans>
                    </button>
                    <button
                      type="button"
                      className={page.smallButton}
                      aria-label={actionName(i18n, t`Move down`, title)}
                      aria-disabled={index === phases.length - 1 || move.isPending || undefined}
                      onClick={() => {
                        if (index < phases.length - 1 && !move.isPending) move.mutate({ index, by: 1 })
                      }}
                    >
                      <Trans>Move down</Trans>
                    </button>
                    <button
                      type="button"
                      className={page.smallButton}
                      aria-label={actionName(i18n, t`Edit`, title)}
                      onClick={() => setEditing(phase)}
                    >
                      <Trans>Edit</Trans>
                    </button>
                    <ConfirmButton
                      label={<Trans>Delete</Trans>}
                      name={actionName(i18n, t`Delete`, title)}
                      question={<Trans>Delete the phase “{title}” and the time recorded on it?</Trans>}
                      confirmLabel={<Trans>Yes, delete it</Trans>}
                      busy={removal.isPending}
                      onConfirm={() => removal.mutate(phase)}
                    />
                  </>
                )
              },
            },
          ]}
        />
      )}
      <PhaseForm
        key={editing?.id ?? `new-${round}`}
        projectId={projectId}
        phase={editing}
        nextPosition={phases.length === 0 ? 0 : Math.max(...phases.map((phase) => phase.position)) + 1}
        onDone={(text) => {
          setEditing(null)
          setRound((value) => value + 1)
          onMessage({ tone: 'info', text })
        }}
        onCancel={() => setEditing(null)}
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
  const refresh = useRefresh(projectId)
  const failure = useSaveFailure(phaseConstraints)
  const [outcome, setOutcome] = useState<Outcome>(null)
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<PhaseInput>({
    resolver: useRulesResolver((values: PhaseInput) => checkPhase(values)),
    defaultValues: {
      title: phase?.title ?? '',
      startDate: phase?.start_date ?? '',
      endDate: phase?.end_date ?? '',
      status: phase?.status ?? 'planned',
      plannedHours: phase?.planned_hours === null || !phase ? '' : String(phase.planned_hours),
      plannedBudget: phase?.planned_budget === null || !phase ? '' : String(phase.planned_budget),
    },
  })
  useEffect(() => {
    if (phase) setFocus('title')
  }, [phase, setFocus])
  const submit = handleSubmit(async (values) => {
    setOutcome(null)
    const checked = checkPhase(values)
    if (!checked.values) return
    const title = checked.values.title
    try {
      await savePhase(projectId, phase?.id ?? null, {
        ...toPhaseRow(checked.values),
        ...(phase ? {} : { position: nextPosition }),
      })
    } catch (error) {
      const text = failure(error, (field, message) =>
        setError(field as (typeof phaseFields)[number], { message }, { shouldFocus: true }),
      )
      if (text) setOutcome({ tone: 'error', text })
      return
    } finally {
      await refresh()
    }
    onDone(phase ? t`The phase “${title}” has been saved.` : t`The phase “${title}” has been added.`)
  })
  const phaseTitle = phase?.title ?? ''
  return (
    <Panel title={phase ? <Trans>Edit the phase “{phaseTitle}”</Trans> : <Trans>New phase</Trans>} testId="phase-form">
      <Message outcome={outcome} />
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
        <FormActions busy={isSubmitting} editing={phase !== null} onCancel={onCancel}>
          {phase ? <Trans>Save phase</Trans> : <Trans>Add phase</Trans>}
        </FormActions>
      </form>
    </Panel>
  )
}

function FormActions({
  busy,
  editing,
  onCancel,
  children,
}: {
  busy: boolean
  editing: boolean
  onCancel: () => void
  children: ReactNode
}) {
  return (
    <div className={styles.actions}>
      <button type="submit" className={layout.buttonPrimary} aria-disabled={busy || undefined}>
        {busy ? <Trans>Saving...</Trans> : children}
      </button>
      {editing && (
        <button type="button" className={page.smallButton} onClick={onCancel}>
          <Trans>Cancel editing</Trans>
        </button>
      )}
    </div>
  )
}

// ─── Milestones ──────────────────────────────────────────────────────────────────────────────

function MilestonesEditor({
  projectId,
  phases,
  milestones,
  onMessage,
}: {
  projectId: string
  phases: PlanPhase[]
  milestones: PlanMilestone[]
  onMessage: (outcome: Outcome) => void
}) {
  const { t, i18n } = useLingui()
  const refresh = useRefresh(projectId)
  const [editing, setEditing] = useState<PlanMilestone | null>(null)
  const [round, setRound] = useState(0)
  const titles = new Map(phases.map((phase) => [phase.id, phase.title]))
  const removal = useMutation({
    mutationFn: (milestone: PlanMilestone) => deleteMilestone(milestone.id),
    onSuccess: (_, milestone) => {
      const title = milestone.title
      onMessage({ tone: 'info', text: t`The milestone “${title}” has been deleted.` })
    },
    onError: (error) => onMessage({ tone: 'error', text: i18n._(saveFailureMessage(error)) }),
    onSettled: refresh,
  })
  return (
    <section className={page.section} aria-labelledby="plan-milestones-title">
      <h3 id="plan-milestones-title" className={page.sectionTitle}>
        <Trans>Milestones</Trans>
      </h3>
      {milestones.length === 0 ? (
        <EmptyState>
          <Trans>This project has no milestones yet.</Trans>
        </EmptyState>
      ) : (
        <DataTable
          labelledBy="plan-milestones-title"
          rows={milestones}
          rowKey={(milestone) => milestone.id}
          rowAttributes={(milestone) => ({ 'data-milestone-id': milestone.id })}
          columns={[
            { key: 'title', header: t`Milestone`, rowHeader: true, cell: (milestone) => milestone.title },
            {
              key: 'phase',
              header: t`Phase`,
              cell: (milestone) => (milestone.phase_id ? (titles.get(milestone.phase_id) ?? '') : ''),
            },
            {
              key: 'due',
              header: t`Due`,
              nowrap: true,
              cell: (milestone) => formatDate(milestone.due_date, i18n.locale),
            },
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
            {
              key: 'actions',
              header: t`Actions`,
              actions: true,
              cell: (milestone) => {
                const title = milestone.title
                return (
                  <>
                    <button
                      type="button"
                      className={page.smallButton}
                      aria-label={actionName(i18n, t`Edit`, title)}
                      onClick={() => setEditing(milestone)}
                    >
                      <Trans>Edit</Trans>
                    </button>
                    <ConfirmButton
                      label={<Trans>Delete</Trans>}
                      name={actionName(i18n, t`Delete`, title)}
                      question={<Trans>Delete the milestone “{title}”?</Trans>}
                      confirmLabel={<Trans>Yes, delete it</Trans>}
                      busy={removal.isPending}
                      onConfirm={() => removal.mutate(milestone)}
                    />
                  </>
                )
              },
            },
          ]}
        />
      )}
      <MilestoneForm
        key={editing?.id ?? `new-${round}`}
        projectId={projectId}
        milestone={editing}
        phases={phases}
        onDone={(text) => {
          setEditing(null)
          setRound((value) => value + 1)
          onMessage({ tone: 'info', text })
        }}
        onCancel={() => setEditing(null)}
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
  const refresh = useRefresh(projectId)
  const failure = useSaveFailure(milestoneConstraints)
  const [outcome, setOutcome] = useState<Outcome>(null)
  const phaseIds = new Set(phases.map((phase) => phase.id))
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<MilestoneInput>({
    resolver: useRulesResolver((values: MilestoneInput) => checkMilestone(values, phaseIds)),
    defaultValues: {
      title: milestone?.title ?? '',
      dueDate: milestone?.due_date ?? '',
      phaseId: milestone?.phase_id ?? '',
      status: milestone?.status ?? 'pending',
    },
  })
  useEffect(() => {
    if (milestone) setFocus('title')
  }, [milestone, setFocus])
  const submit = handleSubmit(async (values) => {
    setOutcome(null)
    const checked = checkMilestone(values, phaseIds)
    if (!checked.values) return
    const title = checked.values.title
    try {
      await saveMilestone(projectId, milestone?.id ?? null, toMilestoneRow(checked.values))
    } catch (error) {
      const text = failure(error, (field, message) =>
        setError(field as (typeof milestoneFields)[number], { message }, { shouldFocus: true }),
      )
      if (text) setOutcome({ tone: 'error', text })
      return
    } finally {
      await refresh()
    }
    onDone(milestone ? t`The milestone “${title}” has been saved.` : t`The milestone “${title}” has been added.`)
  })
  const milestoneTitle = milestone?.title ?? ''
  return (
    <Panel
      title={milestone ? <Trans>Edit the milestone “{milestoneTitle}”</Trans> : <Trans>New milestone</Trans>}
      testId="milestone-form"
    >
      <Message outcome={outcome} />
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
        <FormActions busy={isSubmitting} editing={milestone !== null} onCancel={onCancel}>
          {milestone ? <Trans>Save milestone</Trans> : <Trans>Add milestone</Trans>}
        </FormActions>
      </form>
    </Panel>
  )
}

// ─── Time ────────────────────────────────────────────────────────────────────────────────────

function TimeEditor({
  projectId,
  phases,
  entries,
  staff,
  onMessage,
}: {
  projectId: string
  phases: PlanPhase[]
  entries: TimeEntry[]
  staff: StaffMember[]
  onMessage: (outcome: Outcome) => void
}) {
  const { t, i18n } = useLingui()
  const refresh = useRefresh(projectId)
  const [round, setRound] = useState(0)
  const titles = new Map(phases.map((phase) => [phase.id, phase.title]))
  const names = new Map(staff.map((person) => [person.id, person.full_name]))
  const removal = useMutation({
    mutationFn: (entry: TimeEntry) => deleteTimeEntry(entry.id),
    onSuccess: () => onMessage({ tone: 'info', text: t`The time entry has been deleted.` }),
    onError: (error) => onMessage({ tone: 'error', text: i18n._(saveFailureMessage(error)) }),
    onSettled: refresh,
  })
  const shown = entries.slice(0, 50)
  const total = entries.length
  return (
    <section className={page.section} aria-labelledby="plan-time-title">
      <h3 id="plan-time-title" className={page.sectionTitle}>
        <Trans>Time recorded</Trans>
      </h3>
      {phases.length === 0 ? (
        <EmptyState>
          <Trans>Time is recorded against a phase: add a phase first.</Trans>
        </EmptyState>
      ) : (
        <>
          <TimeEntryForm
            key={round}
            projectId={projectId}
            phases={phases}
            staff={staff}
            onDone={(text) => {
              setRound((value) => value + 1)
              onMessage({ tone: 'info', text })
            }}
          />
          <TimeImport projectId={projectId} phases={phases} staff={staff} />
          {entries.length === 0 ? (
            <EmptyState>
              <Trans>No time has been recorded yet.</Trans>
            </EmptyState>
          ) : (
            <DataTable
              caption={
                shown.length < total ? (
                  <Trans>The latest 50 of {total} time entries</Trans>
                ) : (
                  <Trans>Time entries</Trans>
                )
              }
              showCaption
              rows={shown}
              rowKey={(entry) => entry.id}
              columns={[
                {
                  key: 'date',
                  header: t`Date`,
                  rowHeader: true,
                  nowrap: true,
                  cell: (entry) => formatDate(entry.worked_on, i18n.locale),
                },
                { key: 'phase', header: t`Phase`, cell: (entry) => titles.get(entry.phase_id) ?? '' },
                { key: 'person', header: t`Person`, cell: (entry) => names.get(entry.person_id) ?? t`A former user` },
                {
                  key: 'hours',
                  header: t`Hours`,
                  numeric: true,
                  cell: (entry) => formatMetric(Number(entry.hours), 'hours', i18n.locale),
                },
                {
                  key: 'amount',
                  header: t`Amount`,
                  numeric: true,
                  cell: (entry) =>
                    entry.amount === null ? '' : formatMetric(Number(entry.amount), 'EUR', i18n.locale),
                },
                { key: 'note', header: t`Note`, cell: (entry) => entry.note ?? '' },
                {
                  key: 'actions',
                  header: t`Actions`,
                  actions: true,
                  cell: (entry) => {
                    const name = `${formatDate(entry.worked_on, i18n.locale)} · ${titles.get(entry.phase_id) ?? ''}`
                    return (
                      <ConfirmButton
                        label={<Trans>Delete</Trans>}
                        name={actionName(i18n, t`Delete`, name)}
                        question={<Trans>Delete this time entry?</Trans>}
                        confirmLabel={<Trans>Yes, delete it</Trans>}
                        busy={removal.isPending}
                        onConfirm={() => removal.mutate(entry)}
                      />
                    )
                  },
                },
              ]}
            />
          )}
        </>
      )}
    </section>
  )
}

function TimeEntryForm({
  projectId,
  phases,
  staff,
  onDone,
}: {
  projectId: string
  phases: PlanPhase[]
  staff: StaffMember[]
  onDone: (text: string) => void
}) {
  const { t } = useLingui()
  const viewer = useProfile().id
  const refresh = useRefresh(projectId)
  const failure = useSaveFailure(timeEntryConstraints)
  const [outcome, setOutcome] = useState<Outcome>(null)
  const context = { phases: new Set(phases.map((phase) => phase.id)), staff: new Set(staff.map((person) => person.id)) }
  const current = phases.find((phase) => phase.status === 'in_progress') ?? phases[0]
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<TimeEntryInput>({
    resolver: useRulesResolver((values: TimeEntryInput) => checkTimeEntry(values, context)),
    defaultValues: {
      phaseId: current?.id ?? '',
      personId: staff.some((person) => person.id === viewer) ? viewer : '',
      workedOn: todayIso(),
      hours: '',
      rate: '',
      note: '',
    },
  })
  const submit = handleSubmit(async (values) => {
    setOutcome(null)
    const checked = checkTimeEntry(values, context)
    if (!checked.values) return
    try {
      await insertTimeEntries([checked.values])
    } catch (error) {
      const text = failure(error, (field, message) =>
        setError(field as (typeof timeEntryFields)[number], { message }, { shouldFocus: true }),
      )
      if (text) setOutcome({ tone: 'error', text })
      return
    } finally {
      await refresh()
    }
    onDone(t`The time has been recorded.`)
  })
  return (
    <Panel title={<Trans>Record time</Trans>} testId="time-entry-form">
      <Message outcome={outcome} />
      <form className={formStyles.form} onSubmit={(event) => void submit(event)} noValidate>
        <div className={formLayout.formGrid}>
          <SelectField
            label={t`Phase`}
            error={errors.phaseId?.message}
            options={phases.map((phase) => ({ value: phase.id, label: phase.title }))}
            {...register('phaseId')}
          />
          <SelectField
            label={t`Person`}
            error={errors.personId?.message}
            options={[
              { value: '', label: t`Choose a person` },
              ...staff.map((person) => ({ value: person.id, label: person.full_name })),
            ]}
            {...register('personId')}
          />
          <Field label={t`Date`} type="date" error={errors.workedOn?.message} {...register('workedOn')} />
          <Field
            label={t`Hours`}
            inputMode="decimal"
            autoComplete="off"
            error={errors.hours?.message}
            {...register('hours')}
          />
          <Field
            label={t`Hourly rate in euros (optional)`}
            inputMode="decimal"
            autoComplete="off"
            hint={<Trans>With a rate, the entry counts against the budget too.</Trans>}
            error={errors.rate?.message}
            {...register('rate')}
          />
          <Field label={t`Note (optional)`} autoComplete="off" error={errors.note?.message} {...register('note')} />
        </div>
        <div className={styles.actions}>
          <button type="submit" className={layout.buttonPrimary} aria-disabled={isSubmitting || undefined}>
            {isSubmitting ? <Trans>Saving...</Trans> : <Trans>Record time</Trans>}
          </button>
        </div>
      </form>
    </Panel>
  )
}

function problemText(i18n: I18n, problem: ImportProblem): string {
  const reason = i18n._(problem.reason)
  const column = problem.column
  const row = problem.row
  if (row !== null && column) return i18n._(msg`Row ${row}, column “${column}”: ${reason}`)
  if (row !== null) return i18n._(msg`Row ${row}: ${reason}`)
  if (column) return i18n._(msg`Column “${column}”: ${reason}`)
  return reason
}

function TimeImport({ projectId, phases, staff }: { projectId: string; phases: PlanPhase[]; staff: StaffMember[] }) {
  const { t, i18n } = useLingui()
  const refresh = useRefresh(projectId)
  const fileRef = useRef<HTMLInputElement>(null)
  const [fileError, setFileError] = useState<string | undefined>()
  const [result, setResult] = useState<(ImportResult & { fileName: string }) | null>(null)
  const [outcome, setOutcome] = useState<Outcome>(null)
  const rows = result?.rows ?? []
  const problems = result ? [...result.fileProblems, ...rows.flatMap((row) => row.problems)] : []
  const ready = result !== null && problems.length === 0 && rows.length > 0

  const importing = useMutation({
    mutationFn: () => insertTimeEntries(rows.map((row) => row.values!)),
    onSuccess: (count) => {
      setResult(null)
      if (fileRef.current) fileRef.current.value = ''
      setOutcome({
        tone: 'info',
        text: i18n._(
          msg({
            message: plural(count, {
              one: '# time entry has been imported.',
              other: '# time entries have been imported.',
            }),
          }),
        ),
      })
    },
    onError: (error) => {
      const reason = i18n._(saveFailureMessage(error))
      setOutcome({ tone: 'error', text: t`Nothing was imported: ${reason}` })
    },
    onSettled: refresh,
  })

  const check = async () => {
    setOutcome(null)
    setResult(null)
    const file = fileRef.current?.files?.[0]
    const refuse = (text: string) => {
      setFileError(text)
      fileRef.current?.focus()
    }
    if (!file) return refuse(t`Choose a CSV file to check.`)
    if (!/\.csv$/i.test(file.name) && !['text/csv', 'application/vnd.ms-excel', 'text/plain'].includes(file.type))
      return refuse(t`This is not a CSV file. Choose a file ending in .csv.`)
    if (file.size > MAX_IMPORT_BYTES) return refuse(t`The file is too large: a CSV import has at most 1 MB.`)
    if (file.size === 0) return refuse(t`The file is empty.`)
    setFileError(undefined)
    let text: string
    try {
      text = await file.text()
    } catch {
      return refuse(t`The file could not be read.`)
    }
    setResult({ ...parseTimeEntriesCsv(text, phases, staff), fileName: file.name })
  }

  const fileName = result?.fileName ?? ''
  const total = rows.length
  const invalid = rows.filter((row) => row.problems.length > 0).length
  const more = problems.length - 50
  return (
    <Panel title={<Trans>Import time from a CSV file</Trans>} testId="time-import">
      <p className={page.text}>
        <Trans>
          One entry per row, with a header row (comma or semicolon separated, UTF-8). Required columns:{' '}
          <code className={styles.code}>worked_on</code>, <code className={styles.code}>phase</code> (its title),{' '}
          <code className={styles.code}>person_email</code> (a member of staff) and{' '}
          <code className={styles.code}>hours</code>; optional: <code className={styles.code}>rate</code> (euros an
          hour) and <code className={styles.code}>note</code>. The time entries export has these columns.
        </Trans>
      </p>
      <Message outcome={outcome} />
      <form
        className={formStyles.form}
        noValidate
        onSubmit={(event) => {
          event.preventDefault()
          void check()
        }}
      >
        <Field
          ref={fileRef}
          label={t`CSV file of time entries`}
          type="file"
          accept=".csv,text/csv"
          hint={
            <Trans>
              Up to 1,000 rows. Nothing is imported until you confirm, and nothing at all if a row is wrong.
            </Trans>
          }
          error={fileError}
          onChange={() => {
            setFileError(undefined)
            setResult(null)
          }}
        />
        <div className={styles.actions}>
          <button type="submit" className={layout.buttonSecondary}>
            <Trans>Check the file</Trans>
          </button>
        </div>
      </form>
      {result &&
        (problems.length > 0 ? (
          <div className={page.errorPanel} role="alert" data-testid="time-import-problems">
            <p className={page.text}>
              {invalid > 0 ? (
                <Trans>
                  {invalid} of {total} rows of “{fileName}” have problems. Nothing has been imported: correct the file
                  and check it again.
                </Trans>
              ) : (
                <Trans>
                  “{fileName}” cannot be imported. Nothing has been imported: correct the file and check it again.
                </Trans>
              )}
            </p>
            <ul className={styles.problemList}>
              {problems.slice(0, 50).map((problem, index) => (
                <li key={index}>{problemText(i18n, problem)}</li>
              ))}
            </ul>
            {problems.length > 50 && (
              <p className={page.text}>
                <Trans>And {more} more problems.</Trans>
              </p>
            )}
          </div>
        ) : (
          <div className={page.section}>
            <p className={page.panel} role="status">
              <Plural
                value={total}
                one={`The row of “${fileName}” is valid. Import it?`}
                other={`All # rows of “${fileName}” are valid. Import them?`}
              />
            </p>
            {ready && (
              <div className={styles.actions}>
                <button
                  type="button"
                  className={layout.buttonPrimary}
                  aria-disabled={importing.isPending || undefined}
                  onClick={() => {
                    if (!importing.isPending) importing.mutate()
                  }}
                >
                  {importing.isPending ? (
                    <Trans>Importing...</Trans>
                  ) : (
                    <Plural value={total} one="Import # time entry" other="Import # time entries" />
                  )}
                </button>
                <button type="button" className={page.smallButton} onClick={() => setResult(null)}>
                  <Trans>Cancel</Trans>
                </button>
              </div>
            )}
          </div>
        ))}
    </Panel>
  )
}
