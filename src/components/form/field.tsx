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
import { useLingui } from '@lingui/react/macro'
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

interface FieldIds {
  id: string
  hintId: string | undefined
  errorId: string | undefined
  /** The control's id and ARIA state: spread on the input, select or textarea. */
  control: { id: string; 'aria-invalid': true | undefined; 'aria-describedby': string | undefined }
}

/** The ids of a field (given or generated) and of its hint and error, and the control's ARIA wiring. */
function useFieldIds(
  givenId: string | undefined,
  hint: ReactNode,
  error: string | undefined,
  extra?: string,
): FieldIds {
  const generatedId = useId()
  const id = givenId ?? generatedId
  const hintId = hint ? `${id}-hint` : undefined
  const errorId = error ? `${id}-error` : undefined
  return {
    id,
    hintId,
    errorId,
    control: { id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy(errorId, hintId, extra) },
  }
}

function FieldHint({ ids, hint }: { ids: FieldIds; hint: ReactNode }) {
  return (
    <>
      {hint && (
        <span id={ids.hintId} className={styles.hint}>
          {hint}
        </span>
      )}
    </>
  )
}

function FieldError({ ids, error }: { ids: FieldIds; error: string | undefined }) {
  return (
    <>
      {error && (
        <span id={ids.errorId} className={styles.error}>
          {error}
        </span>
      )}
    </>
  )
}

/** A field's frame: the label above, then the hint, the control (children), and the error. */
function FieldFrame({
  ids,
  label,
  hint,
  error,
  children,
}: {
  ids: FieldIds
  label: ReactNode
  hint: ReactNode
  error: string | undefined
  children: ReactNode
}) {
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={ids.id}>
        {label}
      </label>
      <FieldHint ids={ids} hint={hint} />
      {children}
      <FieldError ids={ids} error={error} />
    </div>
  )
}

export const Field = forwardRef<HTMLInputElement, FieldProps>(function Field(
  { label, hint, error, id: givenId, 'aria-describedby': extra, ...input },
  ref,
) {
  const ids = useFieldIds(givenId, hint, error, extra)
  return (
    <FieldFrame ids={ids} label={label} hint={hint} error={error}>
      <input ref={ref} {...ids.control} className={styles.input} {...input} />
    </FieldFrame>
  )
})

/** An eye, struck through while the password is shown (pressing again hides it). */
function EyeIcon({ crossed }: { crossed: boolean }) {
  return (
    <svg className={styles.toggleIcon} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinejoin="round"
      />
      <circle cx="12" cy="12" r="3" fill="none" stroke="currentColor" strokeWidth="2" />
      {crossed && <path d="M4 4l16 16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />}
    </svg>
  )
}

/** A password input with a show-password icon button (a toggle: aria-pressed tells its state). */
export const PasswordField = forwardRef<HTMLInputElement, Omit<FieldProps, 'type'> & { extra?: ReactNode }>(
  function PasswordField({ label, hint, error, extra, 'aria-describedby': described, ...input }, ref) {
    const { t } = useLingui()
    const ids = useFieldIds(undefined, hint, error, described)
    const [visible, setVisible] = useState(false)
    return (
      <FieldFrame ids={ids} label={label} hint={hint} error={error}>
        <div className={styles.passwordRow}>
          <input ref={ref} {...ids.control} type={visible ? 'text' : 'password'} className={styles.input} {...input} />
          {/* An icon button, so the input keeps the row's width on a phone; its name stays
              "Show password" and aria-pressed says whether the password is shown. */}
          <button
            type="button"
            className={styles.toggle}
            aria-controls={ids.id}
            aria-pressed={visible}
            aria-label={t`Show password`}
            title={t`Show password`}
            onClick={() => setVisible((shown) => !shown)}
          >
            <EyeIcon crossed={visible} />
          </button>
        </div>
        {extra}
      </FieldFrame>
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
  const ids = useFieldIds(givenId, hint, error, extra)
  return (
    <FieldFrame ids={ids} label={label} hint={hint} error={error}>
      <select ref={ref} {...ids.control} className={styles.input} {...select}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldFrame>
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
  const ids = useFieldIds(givenId, hint, error, extra)
  return (
    <FieldFrame ids={ids} label={label} hint={hint} error={error}>
      <textarea ref={ref} {...ids.control} className={`${styles.input} ${styles.textarea}`} {...textarea} />
    </FieldFrame>
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
  const ids = useFieldIds(givenId, hint, error, extra)
  return (
    <div className={styles.field}>
      <div className={styles.checkboxRow}>
        <input ref={ref} {...ids.control} type="checkbox" className={styles.checkbox} {...input} />
        <label htmlFor={ids.id}>{label}</label>
      </div>
      <FieldHint ids={ids} hint={hint} />
      <FieldError ids={ids} error={error} />
    </div>
  )
})
