// Metric points from a CSV file: papaparse reads it, every row is checked by the metric schema
// (@/lib/rules/metric, the same as the form's and the table's), and the result is a preview with each problem named by row,
// column and reason. Nothing is imported unless every row is valid (see the metrics section).
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { metricGranularities, metricUnits } from '@/features/metrics/vocabulary'
import { checkMetric, metricFields, type MetricProblem, type MetricValues } from '@/features/metrics/rules'
import { readCsvFile, type CsvProblem } from '@/lib/csv-file'

export const csvColumns = metricFields

export type CsvColumn = (typeof csvColumns)[number]

export const requiredColumns: CsvColumn[] = [
  'metric_key',
  'label_es',
  'label_en',
  'period_start',
  'period_end',
  'value',
]

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

/** In a file the unit and granularity are typed, so their problems list the codes to use. */
function reasonFor(problem: MetricProblem): MessageDescriptor {
  if (problem.rule === 'unit') {
    const allowed = metricUnits.join(', ')
    return msg`Unknown unit. Use one of: ${allowed}.`
  }
  if (problem.rule === 'granularity') {
    const allowed = metricGranularities.join(', ')
    return msg`Unknown granularity. Use one of: ${allowed}.`
  }
  return problem.message
}

/** Checks one row's cells; `existing` are "key|granularity|period_start" already stored or seen. */
export function validateRow(cells: Record<string, string>, row: number, existing: Set<string>): CsvRow {
  const checked = checkMetric(cells)
  const problems: CsvProblem[] = checked.problems.map((problem) => ({
    row,
    column: problem.field,
    reason: reasonFor(problem),
  }))
  const values = checked.values
  if (values) {
    const identity = metricIdentity(values)
    if (existing.has(identity)) {
      problems.push({
        row,
        column: 'period_start',
        reason: msg`This metric already has a value for this period (in the project or earlier in the file).`,
      })
    }
    existing.add(identity)
  }
  return { row, cells, problems, values: problems.length === 0 ? values : null }
}

/** Reads CSV text (comma or semicolon separated, header row first) into checked rows. */
export function parseMetricsCsv(text: string, existingKeys: Iterable<string> = []): CsvResult {
  const file = readCsvFile(text, { required: requiredColumns, known: csvColumns })
  const fileProblems = file.fileProblems
  if (fileProblems.length > 0) return { rows: [], fileProblems }

  const seen = new Set(existingKeys)
  const rows = file.rows.map((cells, index) => {
    const checked = validateRow(cells, index + 1, seen)
    const broken = file.broken.get(index)
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
