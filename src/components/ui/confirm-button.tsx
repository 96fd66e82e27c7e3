// A destructive button that asks first, in place ("Delete “x”?" with Confirm and Cancel):
// keyboard-operable, the confirmation takes focus and Cancel gives it back.
import { useEffect, useId, useRef, useState, type ReactNode } from 'react'
import { Trans } from '@lingui/react/macro'
import * as page from './page.css'
import * as styles from './confirm-button.css'
import { PendingButton } from './pending-button'

/** A destructive button that asks first, in place: "Delete “x”?" with Confirm and Cancel. */
export function ConfirmButton({
  label,
  name,
  question,
  confirmLabel,
  onConfirm,
  busy,
}: {
  label: ReactNode
  /** The trigger's accessible name when it acts on one item ("Delete: Ventas 2025", see actionName). */
  name?: string
  question: ReactNode
  confirmLabel: ReactNode
  onConfirm: () => void
  busy?: boolean
}) {
  const [asking, setAsking] = useState(false)
  const triggerRef = useRef<HTMLButtonElement>(null)
  const confirmRef = useRef<HTMLButtonElement>(null)
  const questionId = useId()
  useEffect(() => {
    if (asking) confirmRef.current?.focus()
  }, [asking])
  if (!asking) {
    return (
      <button
        ref={triggerRef}
        type="button"
        className={styles.dangerButton}
        aria-label={name}
        onClick={() => setAsking(true)}
      >
        {label}
      </button>
    )
  }
  return (
    <div className={styles.confirm} role="group" aria-labelledby={questionId}>
      <p id={questionId} className={page.text}>
        {question}
      </p>
      <div className={page.actions}>
        <PendingButton ref={confirmRef} className={styles.dangerButton} pending={busy ?? false} onClick={onConfirm}>
          {confirmLabel}
        </PendingButton>
        <button
          type="button"
          className={page.smallButton}
          onClick={() => {
            setAsking(false)
            requestAnimationFrame(() => triggerRef.current?.focus())
          }}
        >
          <Trans>Cancel</Trans>
        </button>
      </div>
    </div>
  )
}
