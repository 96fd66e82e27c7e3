// The two steps every CSV import shares (the metrics' values, the plan's time entries): choose a
// file and check that it is a CSV file the importer may read (CsvFileForm), then, once every row
// is valid, confirm the import or give it up (CsvConfirm). What the rows mean is the import's own.
import { useState, type ReactNode, type RefObject } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import { Field } from '@/components/form/field'
import * as formStyles from '@/components/form/form.css'
import * as layout from '@/components/ui/layout.css'
import * as page from '@/components/ui/page.css'
import * as styles from '@/components/form/project-forms.css'

/** The types a browser may give a CSV file (some name it a spreadsheet or plain text). */
const CSV_TYPES = ['text/csv', 'application/vnd.ms-excel', 'text/plain']

export interface CsvFile {
  name: string
  text: string
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
      <button
        type="button"
        className={layout.buttonPrimary}
        aria-disabled={pending || undefined}
        onClick={() => {
          if (!pending) onImport()
        }}
      >
        {pending ? <Trans>Importing...</Trans> : children}
      </button>
      <button type="button" className={page.smallButton} onClick={onCancel}>
        {cancelLabel}
      </button>
    </div>
  )
}
