// A decision that cannot be taken back asks first, in a modal dialog (the native <dialog>): the
// page behind is inert, the dialog is named by its question, Escape or Cancel closes it without
// doing anything, the focus starts on Cancel (the choice that changes nothing; Tab reaches the
// confirmation) and goes back to the button that opened it.
import { useEffect, useId, useRef, type ReactNode } from 'react'
import { Trans } from '@lingui/react/macro'
import * as layout from './layout.css'
import * as styles from './confirm-dialog.css'

export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  onConfirm,
  onClose,
}: {
  open: boolean
  /** The question, naming what is decided ("Approve “Design”, version 2?"). */
  title: ReactNode
  /** What the decision means, read as the dialog's description. */
  children: ReactNode
  confirmLabel: ReactNode
  onConfirm: () => void
  /** Closed without confirming (Cancel, Escape); the parent sets `open` back to false. */
  onClose: () => void
}) {
  const dialogRef = useRef<HTMLDialogElement>(null)
  const cancelRef = useRef<HTMLButtonElement>(null)
  const returnTo = useRef<HTMLElement | null>(null)
  const titleId = useId()
  const textId = useId()

  useEffect(() => {
    const dialog = dialogRef.current
    if (!dialog) return
    if (open && !dialog.open) {
      returnTo.current = document.activeElement instanceof HTMLElement ? document.activeElement : null
      dialog.showModal()
      cancelRef.current?.focus()
    } else if (!open && dialog.open) {
      dialog.close()
    }
  }, [open])

  const giveFocusBack = () => {
    const target = returnTo.current
    returnTo.current = null
    if (target?.isConnected) target.focus()
  }

  return (
    <dialog
      ref={dialogRef}
      className={styles.dialog}
      aria-labelledby={titleId}
      aria-describedby={textId}
      // Escape: the browser closes the dialog; `close` below tells the parent.
      onClose={() => {
        giveFocusBack()
        if (open) onClose()
      }}
    >
      <div className={styles.body}>
        <h2 id={titleId} className={styles.title}>
          {title}
        </h2>
        <div id={textId}>{children}</div>
        <div className={styles.buttons}>
          <button ref={cancelRef} type="button" className={layout.buttonSecondary} onClick={onClose}>
            <Trans>Cancel</Trans>
          </button>
          <button type="button" className={layout.buttonPrimary} onClick={onConfirm}>
            {confirmLabel}
          </button>
        </div>
      </div>
    </dialog>
  )
}
