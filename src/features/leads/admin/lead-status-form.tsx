// The status control of a lead, on its board card and on its page: a native select (the
// platform's keyboard behaviour) and a button, so a lead moves between columns by keyboard alone;
// choosing "Lost" asks why (the same rule as the table's). A refusal is said in words.
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { MessageDescriptor } from '@lingui/core'
import { Trans, useLingui } from '@lingui/react/macro'
import { SelectField, TextAreaField } from '@/components/form/field'
import { FormAlert } from '@/components/form/form-alert'
import { useRulesResolver } from '@/components/form/rules-resolver'
import * as layout from '@/components/ui/layout.css'
import { adminKeys } from '@/lib/query-keys'
import { useFocusWhenShown } from '@/lib/use-focus-when-shown'
import { checkLead, type LeadInput } from '../rules'
import { leadStatusLabels } from './labels'
import { leadFailure, leadKeys, updateLead } from './queries'
import { isLeadStatus, leadStatuses } from './search'
import * as styles from './leads.css'

export interface PipelineLead {
  id: string
  name: string
  status: string
  lost_reason: string | null
  assignee_id: string | null
  follow_up_on: string | null
}

/** Saves a lead's pipeline fields and refreshes every view of the leads and the overview. */
export function useSaveLead(leadId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (values: LeadInput) => updateLead(leadId, values),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: leadKeys.all() }),
        queryClient.invalidateQueries({ queryKey: adminKeys.overview() }),
      ]),
  })
}

type Outcome = { kind: 'done'; status: string } | { kind: 'failed'; message: MessageDescriptor }

/**
 * `compact`: the card's version, whose label names the lead ("Move Ana to"); the card then moves
 * to another column, so `onMoved` lets the board say (and focus) what happened.
 */
export function LeadStatusForm({
  lead,
  compact = false,
  onMoved,
}: {
  lead: PipelineLead
  compact?: boolean
  onMoved?: (status: string) => void
}) {
  const { t, i18n } = useLingui()
  const save = useSaveLead(lead.id)
  const [outcome, setOutcome] = useState<Outcome | null>(null)
  const outcomeRef = useFocusWhenShown(outcome)
  const current = isLeadStatus(lead.status) ? lead.status : 'new'
  const {
    register,
    handleSubmit,
    watch,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<LeadInput>({
    values: {
      status: current,
      lostReason: lead.lost_reason ?? '',
      assigneeId: lead.assignee_id ?? '',
      followUpOn: lead.follow_up_on ?? '',
    },
    resolver: useRulesResolver((values: LeadInput) => checkLead(values)),
  })
  const chosen = watch('status')
  const name = lead.name

  const submit = handleSubmit(async (values) => {
    setOutcome(null)
    try {
      await save.mutateAsync(values)
      if (onMoved) onMoved(values.status)
      else setOutcome({ kind: 'done', status: values.status })
    } catch (error) {
      const failure = leadFailure(error)
      if (failure.field === 'lostReason') setError('lostReason', { message: i18n._(failure.message) })
      else setOutcome({ kind: 'failed', message: failure.message })
    }
  })

  const idBase = `lead-status-${lead.id}`
  return (
    <form className={compact ? styles.cardForm : styles.statusForm} onSubmit={submit} noValidate>
      {outcome && (
        <FormAlert ref={outcomeRef} tone={outcome.kind === 'failed' ? 'error' : 'info'}>
          {outcome.kind === 'failed' ? i18n._(outcome.message) : <StatusChanged name={name} status={outcome.status} />}
        </FormAlert>
      )}
      <SelectField
        id={idBase}
        label={compact ? t`Move ${name} to` : t`Status`}
        options={leadStatuses.map((code) => ({ value: code, label: i18n._(leadStatusLabels[code]) }))}
        error={errors.status?.message}
        {...register('status')}
      />
      {chosen === 'lost' && (
        <TextAreaField
          id={`${idBase}-reason`}
          label={t`Why was it lost?`}
          rows={compact ? 2 : 3}
          maxLength={500}
          error={errors.lostReason?.message}
          {...register('lostReason')}
        />
      )}
      <button type="submit" className={layout.buttonSecondary} disabled={isSubmitting}>
        {compact ? <Trans>Move</Trans> : <Trans>Change status</Trans>}
      </button>
    </form>
  )
}

export function StatusChanged({ name, status }: { name: string; status: string }) {
  const { i18n } = useLingui()
  const label = isLeadStatus(status) ? i18n._(leadStatusLabels[status]) : status
  return (
    <Trans>
      {name} is now: {label}.
    </Trans>
  )
}
