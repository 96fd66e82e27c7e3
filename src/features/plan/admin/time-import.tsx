// Time entries from a CSV file: the file is checked row by row with the time entry's rules, its
// problems said by row and column, and every row imported in one insert only when none has one.
import { useRef, useState } from 'react'
import { useMutation } from '@tanstack/react-query'
import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { msg, plural } from '@lingui/core/macro'
import { CsvConfirm, CsvFileForm } from '@/components/form/csv-import'
import * as page from '@/components/ui/page.css'
import { CsvProblemsPanel } from '@/components/ui/csv-problems'
import { saveFailureMessage } from '@/lib/auth/messages'
import { MAX_IMPORT_BYTES, parseTimeEntriesCsv, type ImportResult } from '../plan-csv'
import { type PlanPhase } from '../plan-model'
import { insertTimeEntries, type StaffMember } from '../queries'
import * as styles from '../plan.css'
import { Message, Panel, useRefresh, type Outcome } from './editor-kit'

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
  const fileRef = useRef<HTMLInputElement>(null)
  const [result, setResult] = useState<(ImportResult & { fileName: string }) | null>(null)
  const [outcome, setOutcome] = useState<Outcome>(null)
  const rows = result?.rows ?? []
  const problems = result ? [...result.fileProblems, ...rows.flatMap((row) => row.problems)] : []
  const ready = result !== null && problems.length === 0 && rows.length > 0

  const importing = useMutation({
    mutationFn: () => insertTimeEntries(rows.map((row) => row.values!)),
    onSuccess: (count) => {
      setResult(null)
      if (fileRef.current) fileRef.current.value = ''
      setOutcome({
        tone: 'info',
        text: i18n._(
          msg({
            message: plural(count, {
              one: '# time entry has been imported.',
              other: '# time entries have been imported.',
            }),
          }),
        ),
      })
    },
    onError: (error) => {
      const reason = i18n._(saveFailureMessage(error))
      setOutcome({ tone: 'error', text: t`Nothing was imported: ${reason}` })
    },
    onSettled: refresh,
  })

  const fileName = result?.fileName ?? ''
  const total = rows.length
  const invalid = rows.filter((row) => row.problems.length > 0).length
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
      <Message outcome={outcome} />
      <CsvFileForm
        inputRef={fileRef}
        label={t`CSV file of time entries`}
        hint={
          <Trans>Up to 1,000 rows. Nothing is imported until you confirm, and nothing at all if a row is wrong.</Trans>
        }
        maxBytes={MAX_IMPORT_BYTES}
        onCheck={() => {
          setOutcome(null)
          setResult(null)
        }}
        onChange={() => setResult(null)}
        onRead={(file) => setResult({ ...parseTimeEntriesCsv(file.text, phases, staff), fileName: file.name })}
      />
      {result &&
        (problems.length > 0 ? (
          <CsvProblemsPanel
            fileName={fileName}
            total={total}
            invalid={invalid}
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
            {ready && (
              <CsvConfirm
                pending={importing.isPending}
                onImport={() => importing.mutate()}
                cancelLabel={<Trans>Cancel</Trans>}
                onCancel={() => setResult(null)}
              >
                <Plural value={total} one="Import # time entry" other="Import # time entries" />
              </CsvConfirm>
            )}
          </div>
        ))}
    </Panel>
  )
}
