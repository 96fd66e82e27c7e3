// A CSV file to import, read the one way every import reads it (the metrics' values, the plan's
// time entries): comma or semicolon separated, header row first, a byte-order mark dropped, the
// headers trimmed and in lower case, empty lines skipped. What is wrong with the file as a whole
// (a column missing or unknown, no rows, too many) refuses it; a row that is broken as CSV (an
// unclosed quote, more or fewer values than the header) is a problem of that row.
import Papa from 'papaparse'
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'

/** An import file's limits: rows, and bytes (checked before it is read). */
export const csvFileLimits = { rows: 1000, bytes: 1_048_576 } as const

/** One problem of a CSV file. */
export interface CsvProblem {
  /** 1-based number of the data row (the header is not counted); null for the file as a whole. */
  row: number | null
  column: string | null
  reason: MessageDescriptor
}

export interface CsvFile {
  /** Each data row's cells, by header. */
  rows: Record<string, string>[]
  /** Problems of the file itself; when there is one, nothing of it is imported. */
  fileProblems: CsvProblem[]
  /** A row broken as CSV, by its 0-based index in `rows`. */
  broken: Map<number, MessageDescriptor>
}

/** Reads `text` and checks it as a file: `required` columns there, none but `known`, 1 to 1,000 rows. */
export function readCsvFile(
  text: string,
  { required, known }: { required: readonly string[]; known: readonly string[] },
): CsvFile {
  const parsed = Papa.parse<Record<string, string>>(text.replace(/^\uFEFF/, ''), {
    header: true,
    skipEmptyLines: 'greedy',
    transformHeader: (header) => header.trim().toLowerCase(),
  })
  const fileProblems: CsvProblem[] = []
  const headers = (parsed.meta.fields ?? []).filter((field) => field !== '')
  for (const column of required)
    if (!headers.includes(column)) fileProblems.push({ row: null, column, reason: msg`This column is missing.` })
  for (const header of headers)
    if (!known.includes(header))
      fileProblems.push({ row: null, column: header, reason: msg`Unknown column. Check its spelling.` })
  if (parsed.data.length === 0)
    fileProblems.push({ row: null, column: null, reason: msg`The file has no rows to import.` })
  if (parsed.data.length > csvFileLimits.rows) {
    const limit = csvFileLimits.rows
    fileProblems.push({ row: null, column: null, reason: msg`A file can have at most ${limit} rows.` })
  }
  const broken = new Map<number, MessageDescriptor>()
  for (const error of parsed.errors) {
    if (error.row === undefined) continue
    const expected = headers.length
    broken.set(
      error.row,
      error.type === 'Quotes'
        ? msg`A quoted value is not closed.`
        : msg`This row does not have the same number of values as the header (${expected}).`,
    )
  }
  return { rows: parsed.data, fileProblems, broken }
}
