// What a CSV import found wrong, said the same way by every import (the metrics' values, the
// plan's time entries): each problem by row, column and reason; the panel that refuses the file
// with the first fifty of them and how many more there are.
import type { I18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import * as page from './page.css'
import * as styles from './csv-problems.css'
import type { CsvProblem } from '@/lib/csv-file'

/** How many problems the panel lists; the rest are counted. */
const LISTED = 50

export function csvProblemText(i18n: I18n, problem: CsvProblem): string {
  const reason = i18n._(problem.reason)
  const column = problem.column
  const row = problem.row
  if (row !== null && column) return i18n._(msg`Row ${row}, column “${column}”: ${reason}`)
  if (row !== null) return i18n._(msg`Row ${row}: ${reason}`)
  if (column) return i18n._(msg`Column “${column}”: ${reason}`)
  return reason
}

/** The problems of one row (a cell of the preview), or of the file. */
export function CsvProblemList({ problems }: { problems: readonly CsvProblem[] }) {
  const { i18n } = useLingui()
  return (
    <ul className={styles.problemList}>
      {problems.map((problem, index) => (
        <li key={index}>{csvProblemText(i18n, problem)}</li>
      ))}
    </ul>
  )
}

/** The file is refused: how many of its rows are wrong (or that the file itself is), then the problems. */
export function CsvProblemsPanel({
  fileName,
  total,
  invalid,
  problems,
  testId,
}: {
  fileName: string
  /** Data rows in the file. */
  total: number
  /** Rows with a problem; 0 when the problem is the file's (a missing column). */
  invalid: number
  problems: readonly CsvProblem[]
  testId?: string
}) {
  const more = problems.length - LISTED
  return (
    <div className={page.errorPanel} role="alert" data-testid={testId}>
      <p className={page.text}>
        {invalid > 0 ? (
          <Trans>
            {invalid} of {total} rows of “{fileName}” have problems. Nothing has been imported: correct the file and
            check it again.
          </Trans>
        ) : (
          <Trans>
            “{fileName}” cannot be imported. Nothing has been imported: correct the file and check it again.
          </Trans>
        )}
      </p>
      <CsvProblemList problems={problems.slice(0, LISTED)} />
      {more > 0 && (
        <p className={page.text}>
          <Trans>And {more} more problems.</Trans>
        </p>
      )}
    </div>
  )
}
