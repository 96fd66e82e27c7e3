// Metric points from a CSV file: papaparse reads it, every row is checked against the same rules
// as the analytics_metrics table, and the result is a preview with each problem named by row,
// column and reason. Nothing is imported unless every row is valid (see the metrics section).
import Papa from 'papaparse'
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { metricGranularities, metricUnits } from './queries'
import type { MetricValues } from './api'

export const csvColumns = [
  'metric_key',
  'label_es',
  'label_en',
  'unit',
  'granularity',
  'period_start',
  'period_end',
  'value',
  'target',
  'visible_to_client',
  'notes',
] as const

export type CsvColumn = (typeof csvColumns)[number]

export const requiredColumns: CsvColumn[] = [
  'metric_key',
  'label_es',
  'label_en',
  'period_start',
  'period_end',
  'value',
]

export const MAX_CSV_ROWS = 1000
export const MAX_CSV_BYTES = 1_048_576

export interface CsvProblem {
  /** 1-based number of the data row (the header is not counted); null for the file as a whole. */
  row: number | null
  column: string | null
  reason: MessageDescriptor
}

export interface CsvRow {
  row: number
  cells: Record<string, string>
  values: MetricValues | null
  problems: CsvProblem[]
}

export interface CsvResult {
  rows: CsvRow[]
  /** Problems of the file itself (no rows, missing or unknown columns). */
  fileProblems: CsvProblem[]
}

const KEY = /^[a-z][a-z0-9_]{0,62}$/
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/
const NUMBER = /^-?\d+(\.\d+)?$/

function validDate(text: string): boolean {
  const match = DATE.exec(text)
  if (!match) return false
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])]
  const date = new Date(Date.UTC(year, month - 1, day))
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
}

function parseNumber(text: string): number | null {
  const compact = text.replace(/\s+/g, '')
  if (!NUMBER.test(compact)) return null
  const value = Number(compact)
  // numeric(18, 4): at most 14 digits before the point
  return Number.isFinite(value) && Math.abs(value) < 1e14 ? value : null
}

const TRUE = new Set(['true', '1', 'yes', 'y', 'si', 'sí'])
const FALSE = new Set(['false', '0', 'no', 'n'])

/** Checks one row's cells; `existing` are "key|granularity|period_start" already stored or seen. */
export function validateRow(cells: Record<string, string>, row: number, existing: Set<string>): CsvRow {
  const problems: CsvProblem[] = []
  const cell = (column: CsvColumn) => (cells[column] ?? '').trim()
  const problem = (column: CsvColumn, reason: MessageDescriptor) => problems.push({ row, column, reason })

  for (const column of requiredColumns) {
    if (!cell(column)) problem(column, msg`This value is required.`)
  }

  const key = cell('metric_key')
  if (key && !KEY.test(key)) {
    problem(
      'metric_key',
      msg`Use a lowercase letter first, then lowercase letters, digits or underscores (at most 63).`,
    )
  }
  for (const column of ['label_es', 'label_en'] as const) {
    if (cell(column).length > 120) problem(column, msg`At most 120 characters.`)
  }
  const unit = cell('unit') || 'count'
  if (!metricUnits.includes(unit)) {
    const allowed = metricUnits.join(', ')
    problem('unit', msg`Unknown unit. Use one of: ${allowed}.`)
  }
  const granularity = cell('granularity') || 'month'
  if (!metricGranularities.includes(granularity)) {
    const allowed = metricGranularities.join(', ')
    problem('granularity', msg`Unknown granularity. Use one of: ${allowed}.`)
  }
  const start = cell('period_start')
  const end = cell('period_end')
  if (start && !validDate(start)) problem('period_start', msg`Not a date. Write it as YYYY-MM-DD, e.g. 2026-01-31.`)
  if (end && !validDate(end)) problem('period_end', msg`Not a date. Write it as YYYY-MM-DD, e.g. 2026-01-31.`)
  if (validDate(start) && validDate(end) && end < start) {
    problem('period_end', msg`The end of the period is before its start.`)
  }
  const valueText = cell('value')
  const value = valueText ? parseNumber(valueText) : null
  if (valueText && value === null) {
    problem('value', msg`Not a number. Use digits with a dot for decimals and no thousands separators, e.g. 1250.5.`)
  }
  const targetText = cell('target')
  const target = targetText ? parseNumber(targetText) : null
  if (targetText && target === null) {
    problem('target', msg`Not a number. Use digits with a dot for decimals and no thousands separators, e.g. 1250.5.`)
  }
  const visibleText = cell('visible_to_client').toLowerCase()
  let visible = true
  if (visibleText) {
    if (TRUE.has(visibleText)) visible = true
    else if (FALSE.has(visibleText)) visible = false
    else problem('visible_to_client', msg`Write true or false.`)
  }
  const notes = cell('notes')
  if (notes.length > 1000) problem('notes', msg`At most 1,000 characters.`)

  if (problems.length === 0) {
    const identity = `${key}|${granularity}|${start}`
    if (existing.has(identity)) {
      problem(
        'period_start',
        msg`This metric already has a value for this period (in the project or earlier in the file).`,
      )
    }
    existing.add(identity)
  }

  return {
    row,
    cells,
    problems,
    values:
      problems.length === 0 && value !== null
        ? {
            metric_key: key,
            label_es: cell('label_es'),
            label_en: cell('label_en'),
            unit,
            granularity,
            period_start: start,
            period_end: end,
            value,
            target,
            visible_to_client: visible,
            notes: notes || null,
          }
        : null,
  }
}

/** Reads CSV text (comma or semicolon separated, header row first) into checked rows. */
export function parseMetricsCsv(text: string, existingKeys: Iterable<string> = []): CsvResult {
  const parsed = Papa.parse<Record<string, string>>(text.replace(/^\uFEFF/, ''), {
    header: true,
    skipEmptyLines: 'greedy',
    transformHeader: (header) => header.trim().toLowerCase(),
  })
  const fileProblems: CsvProblem[] = []
  const headers = (parsed.meta.fields ?? []).filter((field) => field !== '')
  for (const column of requiredColumns) {
    if (!headers.includes(column)) fileProblems.push({ row: null, column, reason: msg`This column is missing.` })
  }
  for (const header of headers) {
    if (!(csvColumns as readonly string[]).includes(header)) {
      fileProblems.push({ row: null, column: header, reason: msg`Unknown column. Check its spelling.` })
    }
  }
  if (parsed.data.length === 0) {
    fileProblems.push({ row: null, column: null, reason: msg`The file has no rows to import.` })
  }
  if (parsed.data.length > MAX_CSV_ROWS) {
    const limit = MAX_CSV_ROWS
    fileProblems.push({ row: null, column: null, reason: msg`A file can have at most ${limit} rows.` })
  }
  if (fileProblems.length > 0) return { rows: [], fileProblems }

  const structural = new Map<number, MessageDescriptor>()
  for (const error of parsed.errors) {
    if (error.row === undefined) continue
    const expected = headers.length
    structural.set(
      error.row,
      error.type === 'Quotes'
        ? msg`A quoted value is not closed.`
        : msg`This row does not have the same number of values as the header (${expected}).`,
    )
  }

  const seen = new Set(existingKeys)
  const rows = parsed.data.map((cells, index) => {
    const checked = validateRow(cells, index + 1, seen)
    const broken = structural.get(index)
    if (broken) {
      checked.problems.unshift({ row: index + 1, column: null, reason: broken })
      checked.values = null
    }
    return checked
  })
  return { rows, fileProblems }
}

/** The identity the table keeps unique: one value per metric, granularity and period start. */
export function metricIdentity(row: { metric_key: string; granularity: string; period_start: string }): string {
  return `${row.metric_key}|${row.granularity}|${row.period_start}`
}
