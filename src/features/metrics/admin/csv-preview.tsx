// The preview of a checked metrics CSV file: its first 200 rows, each cell as written and each
// row's verdict (valid, or its problems), the wrong rows marked.
import { Trans, useLingui } from '@lingui/react/macro'
import { CsvProblemList } from '@/components/ui/csv-problems'
import { DataTable } from '@/components/ui/data-table'
import * as styles from '@/components/form/project-forms.css'
import { csvColumns, type CsvRow } from './metrics-csv'

/** How many rows the preview shows; the caption says how many more the file has. */
const SHOWN = 200

export function CsvPreview({ fileName, rows }: { fileName: string; rows: CsvRow[] }) {
  const { t } = useLingui()
  const shown = Math.min(rows.length, SHOWN)
  const total = rows.length
  return (
    <DataTable
      layout="scroll"
      caption={
        shown < rows.length ? (
          <Trans>
            Preview of “{fileName}” (first {shown} of {total} rows)
          </Trans>
        ) : (
          <Trans>Preview of “{fileName}”</Trans>
        )
      }
      showCaption
      rows={rows.slice(0, shown)}
      rowKey={(row) => String(row.row)}
      rowAttributes={(row) => ({ className: row.problems.length > 0 ? styles.errorRow : undefined })}
      columns={[
        { key: 'row', header: t`Row`, rowHeader: true, cell: (row) => row.row },
        ...csvColumns.map((column) => ({
          key: column,
          header: column,
          headerClassName: styles.code,
          cell: (row: CsvRow) => row.cells[column] ?? '',
        })),
        {
          key: 'check',
          header: t`Check`,
          cell: (row) =>
            row.problems.length === 0 ? (
              <span className={styles.ok}>
                <Trans>Valid</Trans>
              </span>
            ) : (
              <CsvProblemList problems={row.problems} />
            ),
        },
      ]}
    />
  )
}
