// What every staff form here shares: a save outcome (a confirmation, or a failure put on the
// field the database names, else on the form), focus moved to that message, and an inline
// "are you sure" for destructive buttons.
import { useEffect, useId, useRef, useState, type ReactNode } from 'react'
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form'
import type { MessageDescriptor } from '@lingui/core'
import { Trans, useLingui } from '@lingui/react/macro'
import * as layout from '../../../components/ui/layout.css'
import * as page from '../../portal/portal-pages.css'
import { describeFailure } from './errors'
import { UploadError, type UploadFailure } from '../../portal/documents'
import { msg } from '@lingui/core/macro'
import * as styles from './projects.css'

export type Outcome = { tone: 'info'; text: string } | { tone: 'error'; text: string } | null

export const uploadMessages: Record<UploadFailure, MessageDescriptor> = {
  'too-large': msg`The file is too large: the limit is 50 MB.`,
  'wrong-type': msg`This type of file is not accepted. Upload a PDF, Office document, CSV, text, JSON, ZIP or image file.`,
  empty: msg`The file is empty.`,
  network: msg`The upload failed because of a network problem. Check your connection and try again.`,
  denied: msg`You cannot upload files to this project.`,
  exists: msg`A file with this name is already being stored. Please try again.`,
  unknown: msg`The file could not be uploaded. Please try again.`,
}

/** Moves focus to a message when it appears, so keyboard and screen-reader users meet it. */
export function useFocusOnChange<T>(value: T) {
  const ref = useRef<HTMLDivElement>(null)
  useEffect(() => {
    if (value) ref.current?.focus()
  }, [value])
  return ref
}

/**
 * Puts a failed save where it belongs: on a field of this form when the database names one
 * (`fields` maps the failure's field to this form's), otherwise into the returned form message.
 */
export function useFailureHandler<T extends FieldValues>(setError: UseFormSetError<T>, fields: readonly Path<T>[]) {
  const { i18n } = useLingui()
  return (error: unknown, fileField?: Path<T>): string | null => {
    if (error instanceof UploadError) {
      const text = i18n._(uploadMessages[error.kind])
      if (fileField) {
        setError(fileField, { type: 'server', message: text }, { shouldFocus: true })
        return null
      }
      return text
    }
    const failure = describeFailure(error)
    const text = i18n._(failure.message)
    const field = failure.field === 'file' ? fileField : (failure.field as Path<T> | null)
    if (field && fields.includes(field)) {
      setError(field, { type: 'server', message: text }, { shouldFocus: true })
      return null
    }
    return text
  }
}

export function OutcomeMessage({ outcome }: { outcome: Outcome }) {
  const ref = useFocusOnChange(outcome)
  if (!outcome) return null
  return (
    <div
      ref={ref}
      tabIndex={-1}
      role={outcome.tone === 'error' ? 'alert' : 'status'}
      className={outcome.tone === 'error' ? page.errorPanel : page.panel}
    >
      {outcome.text}
    </div>
  )
}

/** A destructive button that asks first, in place: "Delete “x”?" with Confirm and Cancel. */
export function ConfirmButton({
  label,
  question,
  confirmLabel,
  onConfirm,
  busy,
}: {
  label: ReactNode
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
      <button ref={triggerRef} type="button" className={styles.dangerButton} onClick={() => setAsking(true)}>
        {label}
      </button>
    )
  }
  return (
    <div className={styles.confirm} role="group" aria-labelledby={questionId}>
      <p id={questionId} className={page.text}>
        {question}
      </p>
      <div className={styles.actions}>
        <button
          ref={confirmRef}
          type="button"
          className={styles.dangerButton}
          aria-disabled={busy || undefined}
          onClick={() => {
            if (!busy) onConfirm()
          }}
        >
          {confirmLabel}
        </button>
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

/** A titled block of a section (e.g. "Add a document"), a region named by its title. */
export function Panel({ title, children, testId }: { title: ReactNode; children: ReactNode; testId?: string }) {
  const titleId = useId()
  return (
    <section className={styles.panel} aria-labelledby={titleId} data-testid={testId}>
      <h3 id={titleId} className={styles.panelTitle}>
        {title}
      </h3>
      {children}
    </section>
  )
}

export function SubmitButton({
  busy,
  children,
  busyLabel,
}: {
  busy: boolean
  children: ReactNode
  busyLabel?: ReactNode
}) {
  return (
    <button type="submit" className={layout.buttonPrimary} aria-disabled={busy || undefined}>
      {busy ? (busyLabel ?? <Trans>Saving...</Trans>) : children}
    </button>
  )
}

/** '' from a form means "no value" for the nullable columns. */
export function orNull(value: string): string | null {
  const trimmed = value.trim()
  return trimmed ? trimmed : null
}

export const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/
