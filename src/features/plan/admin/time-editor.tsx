// The time recorded on the plan, for staff: the entries (delete), the form that records one and
// the CSV import (./time-import.tsx).
import { useState } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import { Field, SelectField } from '@/components/form/field'
import { type Outcome, OutcomeAlert } from '@/components/form/form-alert'
import * as formStyles from '@/components/form/form.css'
import { useRulesForm } from '@/components/form/rules-form'
import * as formLayout from '@/components/ui/form-layout.css'
import * as layout from '@/components/ui/layout.css'
import * as page from '@/components/ui/page.css'
import { DataTable } from '@/components/ui/data-table'
import { useColumnKit } from '@/components/ui/columns'
import { EmptyState } from '@/components/ui/page-kit'
import { DeleteButton } from '@/components/form/project-form-kit'
import { formatDate, formatMetric, todayIso } from '@/lib/format'
import { useProfile } from '@/lib/auth/use-auth'
import { type PlanPhase } from '../plan-model'
import { deleteTimeEntry, insertTimeEntries, type StaffMember } from '../queries'
import type { TimeEntry } from '../plan-model'
import { checkTimeEntry, timeEntryConstraints, type TimeEntryInput } from '../rules'
import * as styles from '../plan.css'
import { Panel, useRemoval, useEntrySave } from './editor-kit'
import { TimeImport } from './time-import'

// ─── Time ────────────────────────────────────────────────────────────────────────────────────

export function TimeEditor({
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
  onMessage: (outcome: Outcome | null) => void
}) {
  const { t, i18n } = useLingui()
  const kit = useColumnKit<TimeEntry>()
  const [round, setRound] = useState(0)
  const titles = new Map(phases.map((phase) => [phase.id, phase.title]))
  const names = new Map(staff.map((person) => [person.id, person.full_name]))
  const removal = useRemoval(
    projectId,
    (entry: TimeEntry) => deleteTimeEntry(entry.id),
    () => t`The time entry has been deleted.`,
    onMessage,
  )
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
          <DataTable
            empty={<Trans>No time has been recorded yet.</Trans>}
            caption={
              shown.length < total ? <Trans>The latest 50 of {total} time entries</Trans> : <Trans>Time entries</Trans>
            }
            showCaption
            rows={shown}
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
                cell: (entry) => (entry.amount === null ? '' : formatMetric(Number(entry.amount), 'EUR', i18n.locale)),
              },
              { key: 'note', header: t`Note`, cell: (entry) => entry.note ?? '' },
              kit.actions((entry) => {
                const name = `${formatDate(entry.worked_on, i18n.locale)} · ${titles.get(entry.phase_id) ?? ''}`
                return (
                  <DeleteButton
                    name={name}
                    question={<Trans>Delete this time entry?</Trans>}
                    busy={removal.isPending}
                    onConfirm={() => removal.mutate(entry)}
                  />
                )
              }),
            ]}
          />
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
  const context = { phases: new Set(phases.map((phase) => phase.id)), staff: new Set(staff.map((person) => person.id)) }
  const current = phases.find((phase) => phase.status === 'in_progress') ?? phases[0]
  const { register, handleSubmit, outcome, save, errors, isSubmitting } = useRulesForm(
    (values: TimeEntryInput) => checkTimeEntry(values, context),
    {
      ...useEntrySave(projectId, timeEntryConstraints),
      defaultValues: {
        phaseId: current?.id ?? '',
        personId: staff.some((person) => person.id === viewer) ? viewer : '',
        workedOn: todayIso(),
        hours: '',
        rate: '',
        note: '',
      },
    },
  )
  const submit = handleSubmit(async (values) => {
    const checked = checkTimeEntry(values, context)
    if (!checked.values) return
    const entry = checked.values
    if (!(await save(() => insertTimeEntries([entry])))) return
    onDone(t`The time has been recorded.`)
  })
  return (
    <Panel title={<Trans>Record time</Trans>} testId="time-entry-form">
      <OutcomeAlert outcome={outcome} />
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
