// What every CSV import shares (the metrics' values, the plan's time entries): the file checked
// and its rows' verdicts kept until they are imported or given up (useCsvImport); the file field
// that checks it is a CSV file the importer may read (CsvFileForm); and, once every row is valid,
// the confirmation (CsvConfirm). What the rows mean is the import's own.
import { useRef, useState, type ReactNode, type RefObject } from 'react'
import { useMutation } from '@tanstack/react-query'
import { Trans, useLingui } from '@lingui/react/macro'
import type { CsvProblem } from '@/lib/csv-file'
import { Field } from '@/components/form/field'
import { type Outcome } from '@/components/form/form-alert'
import * as formStyles from '@/components/form/form.css'
import * as layout from '@/components/ui/layout.css'
import * as page from '@/components/ui/page.css'
import * as styles from '@/components/form/project-forms.css'
import { PendingButton } from '@/components/ui/pending-button'

/** The types a browser may give a CSV file (some name it a spreadsheet or plain text). */
const CSV_TYPES = ['text/csv', 'application/vnd.ms-excel', 'text/plain']

export interface CsvFile {
  name: string
  text: string
}

/** What an import made of a file: its rows, each with its values when valid, and the file's own problems. */
interface CsvRows<V> {
  rows: { values: V | null; problems: CsvProblem[] }[]
  fileProblems: CsvProblem[]
}

interface CsvImportOptions<V> {
  /** Inserts every row's values in one write; resolves to how many were imported. */
  insert: (values: V[]) => Promise<number>
  /** What the import says once done. */
  importedText: (count: number) => string
  /** Why the database refused the rows. */
  failureText: (error: unknown) => string
  /** Refreshes what the page shows, either way. */
  onSettled: () => unknown
}

/**
 * An import's state: the checked file (`result`, with its name) and its problems, whether it may
 * be imported (`ready`: rows, none wrong), the import itself and what it said (`outcome`).
 */
export function useCsvImport<V, R extends CsvRows<V>>({
  insert,
  importedText,
  failureText,
  onSettled,
}: CsvImportOptions<V>) {
  const { t } = useLingui()
  const inputRef = useRef<HTMLInputElement>(null)
  const [result, setResult] = useState<(R & { fileName: string }) | null>(null)
  const [outcome, setOutcome] = useState<Outcome | null>(null)
  const rows = (result?.rows ?? []) as R['rows']
  const invalid = rows.filter((row) => row.problems.length > 0).length
  const problems = result ? [...result.fileProblems, ...rows.flatMap((row) => row.problems)] : []
  const ready = result !== null && problems.length === 0 && rows.length > 0
  const clearFile = () => {
    if (inputRef.current) inputRef.current.value = ''
  }
  const importing = useMutation({
    mutationFn: () => insert(rows.map((row) => row.values!)),
    onSuccess: (count) => {
      setResult(null)
      clearFile()
      setOutcome({ tone: 'info', text: importedText(count) })
    },
    onError: (error) => {
      const reason = failureText(error)
      setOutcome({ tone: 'error', text: t`Nothing was imported: ${reason}` })
    },
    onSettled,
  })
  return {
    result,
    setResult,
    rows,
    invalid,
    problems,
    ready,
    importing,
    outcome,
    clearFile,
    /** CsvFileForm's wiring: a new check or another file drops what the last one found. */
    fileForm: {
      inputRef,
      onCheck: () => {
        setOutcome(null)
        setResult(null)
      },
      onChange: () => setResult(null),
    },
  }
}

interface CsvFileFormProps {
  /** The file input, so the import can clear it once its rows are in. */
  inputRef: RefObject<HTMLInputElement | null>
  label: string
  hint: ReactNode
  /** The largest file accepted, in bytes (the message says 1 MB). */
  maxBytes: number
  /** A new check starts: what the last one found no longer stands. */
  onCheck: () => void
  /** Another file was chosen. */
  onChange: () => void
  /** The file passed: its name and text, for the import to read. */
  onRead: (file: CsvFile) => void
}

/** The file field and its "Check the file" button; a refused file is said on the field, which takes the focus. */
export function CsvFileForm({ inputRef, label, hint, maxBytes, onCheck, onChange, onRead }: CsvFileFormProps) {
  const { t } = useLingui()
  const [fileError, setFileError] = useState<string | undefined>()

  const check = async () => {
    onCheck()
    const file = inputRef.current?.files?.[0]
    const refuse = (text: string) => {
      setFileError(text)
      inputRef.current?.focus()
    }
    if (!file) return refuse(t`Choose a CSV file to check.`)
    if (!/\.csv$/i.test(file.name) && !CSV_TYPES.includes(file.type))
      return refuse(t`This is not a CSV file. Choose a file ending in .csv.`)
    if (file.size > maxBytes) return refuse(t`The file is too large: a CSV import has at most 1 MB.`)
    if (file.size === 0) return refuse(t`The file is empty.`)
    setFileError(undefined)
    let text: string
    try {
      text = await file.text()
    } catch {
      return refuse(t`The file could not be read.`)
    }
    onRead({ name: file.name, text })
  }

  return (
    <form
      className={formStyles.form}
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        void check()
      }}
    >
      <Field
        ref={inputRef}
        label={label}
        type="file"
        accept=".csv,text/csv"
        hint={hint}
        error={fileError}
        onChange={() => {
          setFileError(undefined)
          onChange()
        }}
      />
      <div className={styles.actions}>
        <button type="submit" className={layout.buttonSecondary}>
          <Trans>Check the file</Trans>
        </button>
      </div>
    </form>
  )
}

interface CsvConfirmProps {
  pending: boolean
  onImport: () => void
  /** What the import button says (how many rows it imports). */
  children: ReactNode
  cancelLabel: ReactNode
  onCancel: () => void
}

/** The import of a file whose rows are all valid, asked for once (a second press while it runs does nothing). */
export function CsvConfirm({ pending, onImport, children, cancelLabel, onCancel }: CsvConfirmProps) {
  return (
    <div className={styles.actions}>
      <PendingButton className={layout.buttonPrimary} pending={pending} onClick={() => onImport()}>
        {pending ? <Trans>Importing...</Trans> : children}
      </PendingButton>
      <button type="button" className={page.smallButton} onClick={onCancel}>
        {cancelLabel}
      </button>
    </div>
  )
}
