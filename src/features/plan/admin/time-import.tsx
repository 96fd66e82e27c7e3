// Time entries from a CSV file: the file is checked row by row with the time entry's rules, its
// problems said by row and column, and every row imported in one insert only when none has one.
import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { msg, plural } from '@lingui/core/macro'
import { CsvConfirm, CsvFileForm, useCsvImport } from '@/components/form/csv-import'
import * as page from '@/components/ui/page.css'
import { CsvProblemsPanel } from '@/components/ui/csv-problems'
import { saveFailureMessage } from '@/lib/write-failure'
import { parseTimeEntriesCsv, type ImportResult } from '../plan-csv'
import { type PlanPhase } from '../plan-model'
import type { TimeEntryValues } from '../rules'
import { insertTimeEntries, type StaffMember } from '../queries'
import * as styles from '../plan.css'
import { Panel, useRefresh } from './editor-kit'
import { OutcomeAlert } from '@/components/form/form-alert'
import { csvFileLimits } from '@/lib/csv-file'

export function TimeImport({
  projectId,
  phases,
  staff,
}: {
  projectId: string
  phases: PlanPhase[]
  staff: StaffMember[]
}) {
  const { t, i18n } = useLingui()
  const refresh = useRefresh(projectId)
  const csv = useCsvImport<TimeEntryValues, ImportResult>({
    insert: insertTimeEntries,
    importedText: (count) =>
      i18n._(
        msg({
          message: plural(count, {
            one: '# time entry has been imported.',
            other: '# time entries have been imported.',
          }),
        }),
      ),
    failureText: (error) => i18n._(saveFailureMessage(error)),
    onSettled: refresh,
  })
  const { result, rows, problems } = csv
  const fileName = result?.fileName ?? ''
  const total = rows.length
  return (
    <Panel title={<Trans>Import time from a CSV file</Trans>} testId="time-import">
      <p className={page.text}>
        <Trans>
          One entry per row, with a header row (comma or semicolon separated, UTF-8). Required columns:{' '}
          <code className={styles.code}>worked_on</code>, <code className={styles.code}>phase</code> (its title),{' '}
          <code className={styles.code}>person_email</code> (a member of staff) and{' '}
          <code className={styles.code}>hours</code>; optional: <code className={styles.code}>rate</code> (euros an
          hour) and <code className={styles.code}>note</code>. The time entries export has these columns.
        </Trans>
      </p>
      <OutcomeAlert outcome={csv.outcome} />
      <CsvFileForm
        {...csv.fileForm}
        label={t`CSV file of time entries`}
        hint={
          <Trans>Up to 1,000 rows. Nothing is imported until you confirm, and nothing at all if a row is wrong.</Trans>
        }
        maxBytes={csvFileLimits.bytes}
        onRead={(file) => csv.setResult({ ...parseTimeEntriesCsv(file.text, phases, staff), fileName: file.name })}
      />
      {result &&
        (problems.length > 0 ? (
          <CsvProblemsPanel
            fileName={fileName}
            total={total}
            invalid={csv.invalid}
            problems={problems}
            testId="time-import-problems"
          />
        ) : (
          <div className={page.section}>
            <p className={page.panel} role="status">
              <Plural
                value={total}
                one={`The row of “${fileName}” is valid. Import it?`}
                other={`All # rows of “${fileName}” are valid. Import them?`}
              />
            </p>
            {csv.ready && (
              <CsvConfirm
                pending={csv.importing.isPending}
                onImport={() => csv.importing.mutate()}
                cancelLabel={<Trans>Cancel</Trans>}
                onCancel={() => csv.setResult(null)}
              >
                <Plural value={total} one="Import # time entry" other="Import # time entries" />
              </CsvConfirm>
            )}
          </div>
        ))}
    </Panel>
  )
}
