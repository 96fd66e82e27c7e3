// A form's own message (what went wrong, or what was done), announced when it appears and
// focusable. Apart from the fields (field.tsx): the areas' shell shows its arrival notice with it on
// every page's first load, where no field is.
import { forwardRef, type ReactNode } from 'react'
import { useLingui } from '@lingui/react/macro'
import type { MessageDescriptor } from '@lingui/core'
import { useFocusWhenShown } from '@/lib/use-focus-when-shown'
import * as styles from './form.css'

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

/**
 * What a write said once done: a confirmation (`info`) or a failure (`error`). The text is already
 * translated, or a message translated when shown (it then follows a change of language).
 */
export interface Outcome<Text extends string | MessageDescriptor = string> {
  tone: 'info' | 'error'
  text: Text
}

/** The last outcome as the form's message, moved into focus when it appears; nothing without one. */
export function OutcomeAlert({ outcome }: { outcome: Outcome<string | MessageDescriptor> | null }) {
  const { i18n } = useLingui()
  const ref = useFocusWhenShown(outcome)
  if (!outcome) return null
  return (
    <FormAlert ref={ref} tone={outcome.tone}>
      {typeof outcome.text === 'string' ? outcome.text : i18n._(outcome.text)}
    </FormAlert>
  )
}
