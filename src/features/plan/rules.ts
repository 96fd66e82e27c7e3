// A project's plan as the staff forms, the CSV importer and the database-error map read it
// (decision 0024's shape): one zod schema per entity over the typed values, one message per rule,
// and each constraint (and trigger error) of supabase/migrations/20261206300000_project_plan.sql
// named by the field and rule it guards. tests/integration/schema/plan.test.ts holds them together.
import { z } from 'zod'
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { checkWith, oneOf, problem, requiredText, text, trimmed } from '@/lib/rules/check'
import { isCalendarDate, parseDecimal } from '@/lib/rules/values'

export const phaseStatuses = ['planned', 'in_progress', 'done'] as const
export const milestoneStatuses = ['pending', 'reached'] as const

export const planMessages = {
  titleMissing: msg`Enter a title.`,
  titleLength: msg`Enter a title of at most 200 characters.`,
  date: msg`Enter a real date written YYYY-MM-DD, e.g. 2026-01-31.`,
  dateRange: msg`Enter a date between 2000 and 2100.`,
  dateOrder: msg`The end cannot be before the start.`,
  status: msg`Choose a status from the list.`,
  plannedHours: msg`Planned hours are a number above 0 and at most 100,000, e.g. 120 or 120,5.`,
  plannedBudget: msg`A planned budget is a number above 0 and at most 100,000,000 euros.`,
  plannedSomething: msg`Plan the phase's hours, its budget, or both.`,
  phase: msg`Choose a phase of this project.`,
  person: msg`Choose a member of staff.`,
  hours: msg`Hours are a number above 0 and at most 24, e.g. 6 or 7,5.`,
  rate: msg`A rate is a number from 0 to 100,000 euros an hour, or empty.`,
  note: msg`A note has at most 500 characters.`,
} satisfies Record<string, MessageDescriptor>

export type PlanRule = keyof typeof planMessages

const day = text.pipe(
  z
    .string()
    .refine(isCalendarDate, problem('date'))
    .refine((value) => value >= '2000-01-01' && value <= '2100-12-31', problem('dateRange')),
)

/** A decimal typed in the reader's language (or a file's), within (min, max]; '' is none when optional. */
function amount(rule: PlanRule, min: number, max: number, optional: boolean, inclusiveMin = false) {
  return text.pipe(
    z.string().transform((value, context) => {
      if (optional && value === '') return null
      const parsed = parseDecimal(value.replace(/[\s\u00a0\u202f]+/g, ''))
      const ok = parsed !== null && (inclusiveMin ? parsed >= min : parsed > min) && parsed <= max
      if (!ok) context.issues.push({ code: 'custom', message: rule, input: value })
      return parsed
    }),
  )
}

// ─── Phases ──────────────────────────────────────────────────────────────────────────────────

export const phaseFields = ['title', 'startDate', 'endDate', 'status', 'plannedHours', 'plannedBudget'] as const
export type PhaseField = (typeof phaseFields)[number]
export type PhaseInput = Record<PhaseField, string>

export const phaseSchema = z.object({
  title: requiredText(200, 'titleMissing', 'titleLength'),
  startDate: day,
  endDate: day,
  status: oneOf(phaseStatuses, 'status'),
  plannedHours: amount('plannedHours', 0, 100000, true),
  plannedBudget: amount('plannedBudget', 0, 100000000, true),
})

export function checkPhase(input: Partial<PhaseInput>) {
  const across: { field: PhaseField; rule: PlanRule }[] = []
  const [start, end] = [trimmed(input.startDate), trimmed(input.endDate)]
  if (isCalendarDate(start) && isCalendarDate(end) && end < start) across.push({ field: 'endDate', rule: 'dateOrder' })
  if (!trimmed(input.plannedHours) && !trimmed(input.plannedBudget))
    across.push({ field: 'plannedHours', rule: 'plannedSomething' })
  return checkWith(phaseSchema, phaseFields, planMessages, input, across)
}

export function toPhaseRow(values: z.output<typeof phaseSchema>) {
  return {
    title: values.title,
    start_date: values.startDate,
    end_date: values.endDate,
    status: values.status,
    planned_hours: values.plannedHours,
    planned_budget: values.plannedBudget,
  }
}

// ─── Milestones ──────────────────────────────────────────────────────────────────────────────

export const milestoneFields = ['title', 'dueDate', 'phaseId', 'status'] as const
export type MilestoneField = (typeof milestoneFields)[number]
export type MilestoneInput = Record<MilestoneField, string>

export const milestoneSchema = z.object({
  title: requiredText(200, 'titleMissing', 'titleLength'),
  dueDate: day,
  phaseId: text.transform((value) => value || null),
  status: oneOf(milestoneStatuses, 'status'),
})

export function checkMilestone(input: Partial<MilestoneInput>, phaseIds?: ReadonlySet<string>) {
  const phase = trimmed(input.phaseId)
  const across: { field: MilestoneField; rule: PlanRule }[] =
    phaseIds && phase && !phaseIds.has(phase) ? [{ field: 'phaseId', rule: 'phase' }] : []
  return checkWith(milestoneSchema, milestoneFields, planMessages, input, across)
}

export function toMilestoneRow(values: z.output<typeof milestoneSchema>) {
  return { title: values.title, due_date: values.dueDate, phase_id: values.phaseId, status: values.status }
}

// ─── Time entries ────────────────────────────────────────────────────────────────────────────

export const timeEntryFields = ['phaseId', 'personId', 'workedOn', 'hours', 'rate', 'note'] as const
export type TimeEntryField = (typeof timeEntryFields)[number]
export type TimeEntryInput = Record<TimeEntryField, string>

export const timeEntrySchema = z.object({
  phaseId: text.pipe(z.string().min(1, problem('phase'))),
  personId: text.pipe(z.string().min(1, problem('person'))),
  workedOn: day,
  hours: amount('hours', 0, 24, false).transform((value) => value as number),
  rate: amount('rate', 0, 100000, true, true),
  note: text.pipe(z.string().max(500, problem('note'))).transform((value) => value || null),
})

export type TimeEntryValues = z.output<typeof timeEntrySchema>

/** `phases` and `staff` are the ids a time entry may name (a phase of the project, a member of staff). */
export function checkTimeEntry(
  input: Partial<TimeEntryInput>,
  context?: { phases: ReadonlySet<string>; staff: ReadonlySet<string> },
) {
  const across: { field: TimeEntryField; rule: PlanRule }[] = []
  const [phase, person] = [trimmed(input.phaseId), trimmed(input.personId)]
  if (context && phase && !context.phases.has(phase)) across.push({ field: 'phaseId', rule: 'phase' })
  if (context && person && !context.staff.has(person)) across.push({ field: 'personId', rule: 'person' })
  return checkWith(timeEntrySchema, timeEntryFields, planMessages, input, across)
}

export function toTimeEntryRow(values: TimeEntryValues) {
  return {
    phase_id: values.phaseId,
    person_id: values.personId,
    worked_on: values.workedOn,
    hours: values.hours,
    rate: values.rate,
    note: values.note,
  }
}

// ─── The tables' refusals ────────────────────────────────────────────────────────────────────

type Named<F extends string> = { field: F; rule: PlanRule }

export const phaseConstraints: Record<string, Named<PhaseField>> = {
  plan_phases_title_length: { field: 'title', rule: 'titleLength' },
  plan_phases_status_check: { field: 'status', rule: 'status' },
  plan_phases_dates: { field: 'endDate', rule: 'dateOrder' },
  plan_phases_date_range: { field: 'startDate', rule: 'dateRange' },
  plan_phases_planned_hours: { field: 'plannedHours', rule: 'plannedHours' },
  plan_phases_planned_budget: { field: 'plannedBudget', rule: 'plannedBudget' },
}

export const milestoneConstraints: Record<string, Named<MilestoneField>> = {
  plan_milestones_title_length: { field: 'title', rule: 'titleLength' },
  plan_milestones_status_check: { field: 'status', rule: 'status' },
  plan_milestones_due_range: { field: 'dueDate', rule: 'dateRange' },
  plan_milestones_phase_in_project: { field: 'phaseId', rule: 'phase' },
}

export const timeEntryConstraints: Record<string, Named<TimeEntryField>> = {
  plan_time_entries_hours: { field: 'hours', rule: 'hours' },
  plan_time_entries_rate: { field: 'rate', rule: 'rate' },
  plan_time_entries_worked_on_range: { field: 'workedOn', rule: 'dateRange' },
  plan_time_entries_note_length: { field: 'note', rule: 'note' },
  plan_time_entries_person_is_staff: { field: 'personId', rule: 'person' },
  plan_time_entries_phase_id_fkey: { field: 'phaseId', rule: 'phase' },
}
