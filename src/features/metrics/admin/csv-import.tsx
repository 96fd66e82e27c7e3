// The metrics' CSV import: what the file holds (CsvColumnsHelp), the file checked row by row with
// the metric's rules (metrics-csv.ts), the preview with each problem by row, column and reason,
// and every row imported in one insert only when none has a problem.
import { msg, plural } from '@lingui/core/macro'
import { Plural, Trans, useLingui } from '@lingui/react/macro'
import * as page from '@/components/ui/page.css'
import { insertMetrics } from '@/features/metrics/admin/api'
import {
  OutcomeMessage,
  Panel,
  useFailureText,
  useInvalidateProject,
  type ProjectRef,
} from '@/components/form/project-form-kit'
import { CsvConfirm, CsvFileForm, useCsvImport } from '@/components/form/csv-import'
import { CsvProblemsPanel } from '@/components/ui/csv-problems'
import { metricFailures, type MetricValues } from '@/features/metrics/rules'
import * as styles from '@/components/form/project-forms.css'
import { metricIdentity, parseMetricsCsv, requiredColumns, type CsvResult } from './metrics-csv'
import { CsvPreview } from './csv-preview'
import type { AdminMetric } from './queries'
import { csvFileLimits } from '@/lib/csv-file'

export function CsvImport({ project, metrics }: { project: ProjectRef; metrics: AdminMetric[] }) {
  const { t, i18n } = useLingui()
  const invalidate = useInvalidateProject(project.id)
  const failureText = useFailureText(metricFailures)
  const csv = useCsvImport<MetricValues, CsvResult>({
    insert: (values) => insertMetrics(project.id, values),
    importedText: (count) =>
      i18n._(
        msg({ message: plural(count, { one: '# value has been imported.', other: '# values have been imported.' }) }),
      ),
    failureText,
    onSettled: invalidate,
  })
  const { result, rows } = csv
  const total = rows.length
  const fileName = result?.fileName ?? ''

  return (
    <Panel title={<Trans>Import values from a CSV file</Trans>} testId="csv-import">
      <CsvColumnsHelp />
      <OutcomeMessage outcome={csv.outcome} />
      <CsvFileForm
        {...csv.fileForm}
        label={t`CSV file`}
        hint={<Trans>Up to 1,000 rows. Nothing is imported until you confirm.</Trans>}
        maxBytes={csvFileLimits.bytes}
        onRead={(file) =>
          csv.setResult({ ...parseMetricsCsv(file.text, metrics.map(metricIdentity)), fileName: file.name })
        }
      />

      {result && (
        <div className={page.section} data-testid="csv-preview">
          {csv.problems.length > 0 ? (
            <CsvProblemsPanel fileName={fileName} total={total} invalid={csv.invalid} problems={csv.problems} />
          ) : (
            <p className={page.panel} role="status">
              <Plural
                value={total}
                one={`The row of “${fileName}” is valid. Check the preview, then import it.`}
                other={`All # rows of “${fileName}” are valid. Check the preview, then import them.`}
              />
            </p>
          )}
          {rows.length > 0 && <CsvPreview fileName={fileName} rows={rows} />}
          {csv.ready && (
            <CsvConfirm
              pending={csv.importing.isPending}
              onImport={() => csv.importing.mutate()}
              cancelLabel={<Trans>Discard</Trans>}
              onCancel={() => {
                csv.setResult(null)
                csv.clearFile()
              }}
            >
              <Plural value={total} one="Import # value" other="Import # values" />
            </CsvConfirm>
          )}
        </div>
      )}
    </Panel>
  )
}

/** The columns a metrics file has, and how its dates and numbers are written, with an example file. */
function CsvColumnsHelp() {
  return (
    <div className={page.text}>
      <p className={page.text}>
        <Trans>
          One value per row, with a header row naming the columns (comma or semicolon separated, UTF-8). Required
          columns:
        </Trans>
      </p>
      <ul className={styles.columnList}>
        {requiredColumns.map((column) => (
          <li key={column}>
            <code className={styles.code}>{column}</code>
          </li>
        ))}
      </ul>
      <p className={page.text}>
        <Trans>
          Optional: <code className={styles.code}>unit</code> (count if empty),{' '}
          <code className={styles.code}>granularity</code> (month if empty), <code className={styles.code}>target</code>
          , <code className={styles.code}>visible_to_client</code> (true or false, true if empty) and{' '}
          <code className={styles.code}>notes</code>. Dates are written YYYY-MM-DD; numbers have a dot or a comma for
          decimals and no thousands separators.
        </Trans>
      </p>
      <p className={page.text}>
        <a href="/examples/metrics-import-example.csv" download="metrics-import-example.csv">
          <Trans>Download an example CSV file</Trans>
        </a>
      </p>
    </div>
  )
}
