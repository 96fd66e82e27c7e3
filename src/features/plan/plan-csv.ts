// The plan as CSV files, in the house style (src/lib/csv.ts: quoting, a byte-order mark, and the
// formula guard on every text cell, since titles and notes are typed by people): the plan (one
// row per phase and per milestone, in the reader's language) and staff's time entries, whose
// columns are the importer's, so an exported file can be corrected and imported again. The
// importer checks every row with the time entry's rules (./rules.ts, the form's and the table's)
// and names each problem by row and column; nothing is imported unless every row is valid.
import type { I18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { fileSlug, toCsv } from '@/lib/csv'
import { readCsvFile, type CsvProblem } from '@/lib/csv-file'
import { labelOf } from '@/lib/labels'
import { milestoneStatusLabels, phaseStatusLabels } from './labels'
import {
  sortPhases,
  usedByPhase,
  type PlanMilestone,
  type PlanPhase,
  type TimeEntry,
  type UsageRow,
} from './plan-model'
import { checkTimeEntry, type TimeEntryField, type TimeEntryValues } from './rules'

export function planCsv(
  i18n: I18n,
  projectName: string,
  plan: { phases: PlanPhase[]; milestones: PlanMilestone[]; usage: UsageRow[] },
): string {
  const header = [
    i18n._(msg`Project`),
    i18n._(msg`Kind`),
    i18n._(msg`Title`),
    i18n._(msg`Phase`),
    i18n._(msg`Start`),
    i18n._(msg`End or due date`),
    i18n._(msg`Status`),
    i18n._(msg`Planned hours`),
    i18n._(msg`Hours used`),
    i18n._(msg`Planned budget (EUR)`),
    i18n._(msg`Budget used (EUR)`),
    i18n._(msg`Reached on`),
  ]
  const used = usedByPhase(plan.usage)
  const titles = new Map(plan.phases.map((phase) => [phase.id, phase.title]))
  const phases = sortPhases(plan.phases).map((phase) => [
    projectName,
    i18n._(msg`Phase`),
    phase.title,
    '',
    phase.start_date,
    phase.end_date,
    labelOf(i18n, phaseStatusLabels, phase.status),
    phase.planned_hours,
    round(used.get(phase.id)?.hours ?? 0),
    phase.planned_budget,
    round(used.get(phase.id)?.amount ?? 0),
    '',
  ])
  const milestones = plan.milestones.map((milestone) => [
    projectName,
    i18n._(msg`Milestone`),
    milestone.title,
    milestone.phase_id ? (titles.get(milestone.phase_id) ?? '') : '',
    '',
    milestone.due_date,
    labelOf(i18n, milestoneStatusLabels, milestone.status),
    null,
    null,
    null,
    null,
    milestone.reached_at ? milestone.reached_at.slice(0, 10) : '',
  ])
  return toCsv([header, ...phases, ...milestones])
}

const round = (value: number) => Math.round(value * 100) / 100

/** The importer's columns, in order; `amount` is exported for reading and ignored on import. */
export const timeEntryColumns = ['worked_on', 'phase', 'person_email', 'hours', 'rate', 'note'] as const
export type TimeEntryColumn = (typeof timeEntryColumns)[number]
export const requiredTimeEntryColumns: TimeEntryColumn[] = ['worked_on', 'phase', 'person_email', 'hours']
const ignoredColumns = ['amount']

export interface Named {
  id: string
  title: string
}

export interface StaffByEmail {
  id: string
  email: string
}

export function timeEntriesCsv(
  entries: readonly Omit<TimeEntry, 'id'>[],
  phases: readonly Named[],
  staff: readonly StaffByEmail[],
): string {
  const phaseTitles = new Map(phases.map((phase) => [phase.id, phase.title]))
  const emails = new Map(staff.map((person) => [person.id, person.email]))
  return toCsv([
    [...timeEntryColumns, 'amount'],
    ...entries.map((entry) => [
      entry.worked_on,
      phaseTitles.get(entry.phase_id) ?? '',
      emails.get(entry.person_id) ?? '',
      entry.hours,
      entry.rate,
      entry.note ?? '',
      entry.amount,
    ]),
  ])
}

/** `plan-<project>-2026-11-24.csv`, the project's name reduced to safe characters. */
export function planFileName(kind: 'plan' | 'time', projectName: string, now: Date = new Date()): string {
  const slug = fileSlug(projectName)
  const day = now.toISOString().slice(0, 10)
  return `${kind === 'plan' ? 'plan' : 'time-entries'}-${slug}-${day}.csv`
}

export interface ImportResult {
  rows: { row: number; cells: Record<string, string>; values: TimeEntryValues | null; problems: CsvProblem[] }[]
  fileProblems: CsvProblem[]
}

const columnOf: Record<TimeEntryField, TimeEntryColumn> = {
  phaseId: 'phase',
  personId: 'person_email',
  workedOn: 'worked_on',
  hours: 'hours',
  rate: 'rate',
  note: 'note',
}

/**
 * Reads a time-entry file (comma or semicolon separated, header first). A phase is named by its
 * title (any case) or id; a person by their e-mail address, which must be a member of staff's.
 */
export function parseTimeEntriesCsv(
  text: string,
  phases: readonly Named[],
  staff: readonly StaffByEmail[],
): ImportResult {
  const file = readCsvFile(text, {
    required: requiredTimeEntryColumns,
    known: [...timeEntryColumns, ...ignoredColumns],
  })
  const fileProblems = file.fileProblems
  if (fileProblems.length > 0) return { rows: [], fileProblems }
  const phaseIds = new Map<string, string>()
  for (const phase of phases) {
    phaseIds.set(phase.id, phase.id)
    phaseIds.set(phase.title.trim().toLowerCase(), phase.id)
  }
  const staffIds = new Map(staff.map((person) => [person.email.trim().toLowerCase(), person.id]))
  const context = { phases: new Set(phases.map((phase) => phase.id)), staff: new Set(staff.map((person) => person.id)) }

  const rows = file.rows.map((cells, index) => {
    const row = index + 1
    const phaseCell = (cells.phase ?? '').trim()
    const personCell = (cells.person_email ?? '').trim()
    const input = {
      phaseId: phaseIds.get(phaseCell.toLowerCase()) ?? (phaseCell ? `unknown:${phaseCell}` : ''),
      personId: staffIds.get(personCell.toLowerCase()) ?? (personCell ? `unknown:${personCell}` : ''),
      workedOn: cells.worked_on ?? '',
      hours: cells.hours ?? '',
      rate: cells.rate ?? '',
      note: cells.note ?? '',
    }
    const checked = checkTimeEntry(input, context)
    const problems: CsvProblem[] = checked.problems.map((problem) => ({
      row,
      column: columnOf[problem.field],
      reason:
        problem.field === 'phaseId' && phaseCell
          ? msg`No phase of this project has this title.`
          : problem.field === 'personId' && personCell
            ? msg`No member of staff has this e-mail address.`
            : problem.message,
    }))
    const structural = file.broken.get(index)
    if (structural) problems.unshift({ row, column: null, reason: structural })
    return { row, cells, values: problems.length === 0 ? checked.values : null, problems }
  })
  return { rows, fileProblems }
}
