// A labelled input with its hint and error wired for assistive technology: the error and hint
// are the input's description, and aria-invalid marks it when wrong. An `id` may be given (an
// error summary links to it); otherwise one is generated.
import {
  forwardRef,
  useId,
  useState,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react'
import { Trans } from '@lingui/react/macro'
import * as styles from './form.css'

interface FieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: ReactNode
  hint?: ReactNode
  error?: string
}

function describedBy(...ids: (string | false | undefined)[]) {
  const list = ids.filter(Boolean).join(' ')
  return list || undefined
}

export const Field = forwardRef<HTMLInputElement, FieldProps>(function Field(
  { label, hint, error, id: givenId, 'aria-describedby': extra, ...input },
  ref,
) {
  const generatedId = useId()
  const id = givenId ?? generatedId
  const hintId = hint ? `${id}-hint` : undefined
  const errorId = error ? `${id}-error` : undefined
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={id}>
        {label}
      </label>
      {hint && (
        <span id={hintId} className={styles.hint}>
          {hint}
        </span>
      )}
      <input
        ref={ref}
        id={id}
        className={styles.input}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(errorId, hintId, extra)}
        {...input}
      />
      {error && (
        <span id={errorId} className={styles.error}>
          {error}
        </span>
      )}
    </div>
  )
})

/** A password input with a show/hide button; the button says what it will do and its state. */
export const PasswordField = forwardRef<HTMLInputElement, Omit<FieldProps, 'type'> & { extra?: ReactNode }>(
  function PasswordField({ label, hint, error, extra, 'aria-describedby': described, ...input }, ref) {
    const id = useId()
    const [visible, setVisible] = useState(false)
    const hintId = hint ? `${id}-hint` : undefined
    const errorId = error ? `${id}-error` : undefined
    return (
      <div className={styles.field}>
        <label className={styles.label} htmlFor={id}>
          {label}
        </label>
        {hint && (
          <span id={hintId} className={styles.hint}>
            {hint}
          </span>
        )}
        <div className={styles.passwordRow}>
          <input
            ref={ref}
            id={id}
            type={visible ? 'text' : 'password'}
            className={styles.input}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy(errorId, hintId, described)}
            {...input}
          />
          <button
            type="button"
            className={styles.toggle}
            aria-controls={id}
            aria-pressed={visible}
            onClick={() => setVisible((shown) => !shown)}
          >
            <Trans>Show password</Trans>
          </button>
        </div>
        {extra}
        {error && (
          <span id={errorId} className={styles.error}>
            {error}
          </span>
        )}
      </div>
    )
  },
)

/** A form-level message, announced when it appears and focusable so the form can move focus to it. */
export const FormAlert = forwardRef<HTMLDivElement, { children: ReactNode; tone?: 'error' | 'info' }>(
  function FormAlert({ children, tone = 'error' }, ref) {
    return (
      <div
        ref={ref}
        tabIndex={-1}
        role={tone === 'error' ? 'alert' : 'status'}
        className={tone === 'error' ? styles.alert : styles.notice}
      >
        {children}
      </div>
    )
  },
)

interface SelectFieldProps extends SelectHTMLAttributes<HTMLSelectElement> {
  label: ReactNode
  hint?: ReactNode
  error?: string
  options: { value: string; label: string }[]
}

/** A labelled native select: the platform's own keyboard and screen-reader behaviour. */
export const SelectField = forwardRef<HTMLSelectElement, SelectFieldProps>(function SelectField(
  { label, hint, error, options, id: givenId, 'aria-describedby': extra, ...select },
  ref,
) {
  const generatedId = useId()
  const id = givenId ?? generatedId
  const hintId = hint ? `${id}-hint` : undefined
  const errorId = error ? `${id}-error` : undefined
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={id}>
        {label}
      </label>
      {hint && (
        <span id={hintId} className={styles.hint}>
          {hint}
        </span>
      )}
      <select
        ref={ref}
        id={id}
        className={styles.input}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(errorId, hintId, extra)}
        {...select}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {error && (
        <span id={errorId} className={styles.error}>
          {error}
        </span>
      )}
    </div>
  )
})

interface TextAreaFieldProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  label: ReactNode
  hint?: ReactNode
  error?: string
}

export const TextAreaField = forwardRef<HTMLTextAreaElement, TextAreaFieldProps>(function TextAreaField(
  { label, hint, error, id: givenId, 'aria-describedby': extra, ...textarea },
  ref,
) {
  const generatedId = useId()
  const id = givenId ?? generatedId
  const hintId = hint ? `${id}-hint` : undefined
  const errorId = error ? `${id}-error` : undefined
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={id}>
        {label}
      </label>
      {hint && (
        <span id={hintId} className={styles.hint}>
          {hint}
        </span>
      )}
      <textarea
        ref={ref}
        id={id}
        className={`${styles.input} ${styles.textarea}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(errorId, hintId, extra)}
        {...textarea}
      />
      {error && (
        <span id={errorId} className={styles.error}>
          {error}
        </span>
      )}
    </div>
  )
})

interface CheckboxFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  label: ReactNode
  hint?: ReactNode
  error?: string
}

/** A checkbox with its label beside it; the hint and error describe it. */
export const CheckboxField = forwardRef<HTMLInputElement, CheckboxFieldProps>(function CheckboxField(
  { label, hint, error, id: givenId, 'aria-describedby': extra, ...input },
  ref,
) {
  const generatedId = useId()
  const id = givenId ?? generatedId
  const hintId = hint ? `${id}-hint` : undefined
  const errorId = error ? `${id}-error` : undefined
  return (
    <div className={styles.field}>
      <div className={styles.checkboxRow}>
        <input
          ref={ref}
          id={id}
          type="checkbox"
          className={styles.checkbox}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(errorId, hintId, extra)}
          {...input}
        />
        <label htmlFor={id}>{label}</label>
      </div>
      {hint && (
        <span id={hintId} className={styles.hint}>
          {hint}
        </span>
      )}
      {error && (
        <span id={errorId} className={styles.error}>
          {error}
        </span>
      )}
    </div>
  )
})
