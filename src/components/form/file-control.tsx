// A file control in the page's language (issue 23, item 21). The browser's own file input says
// "Choose File / No file chosen" in the browser's language whatever the page's, so the native
// input is kept only for the picker and the form (visually hidden, out of the tab order and of the
// accessibility tree), and a real button named by the field's label opens the picker; beside it,
// the chosen file's name or "No file chosen", which the button is described by.
import { useId, type ReactNode, type Ref, type RefObject } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import * as layout from '@/components/ui/layout.css'
import * as styles from './file-control.css'

interface FileControlProps {
  /** The id of the visible label (a `<label for={inputId}>`), which also names the button. */
  labelId: string
  inputId: string
  inputRef: RefObject<HTMLInputElement | null>
  buttonRef?: Ref<HTMLButtonElement>
  name: string
  accept: string
  /** The chosen file's name, or null: the parent knows, as it also clears and drops files. */
  fileName: string | null
  /** Hints and the error, by id, as for any other field. */
  describedBy?: string
  invalid?: boolean
  onChange: (file: File | undefined) => void
  /** Words of the button, when "Choose a file" is not the right ones. */
  buttonLabel?: ReactNode
}

export function FileControl({
  labelId,
  inputId,
  inputRef,
  buttonRef,
  name,
  accept,
  fileName,
  describedBy,
  invalid,
  onChange,
  buttonLabel,
}: FileControlProps) {
  const { t } = useLingui()
  const buttonId = useId()
  const chosenId = useId()
  return (
    <div className={styles.control}>
      <input
        ref={inputRef}
        id={inputId}
        name={name}
        type="file"
        accept={accept}
        className={layout.visuallyHidden}
        tabIndex={-1}
        aria-hidden="true"
        onChange={(event) => onChange(event.target.files?.[0])}
      />
      <button
        ref={buttonRef}
        id={buttonId}
        type="button"
        className={styles.button}
        aria-labelledby={`${labelId} ${buttonId}`}
        aria-describedby={[chosenId, describedBy].filter(Boolean).join(' ')}
        aria-invalid={invalid || undefined}
        onClick={() => inputRef.current?.click()}
      >
        {buttonLabel ?? <Trans>Choose a file</Trans>}
      </button>
      <span id={chosenId} className={fileName ? styles.chosen : styles.none} data-testid="chosen-file">
        {fileName ?? t`No file chosen`}
      </span>
    </div>
  )
}
